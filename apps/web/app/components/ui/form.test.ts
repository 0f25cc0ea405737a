import { describe, expect, it } from 'vitest';
import { answerFrom, readForm, withoutSecrets } from './form';

/* The kit's answers for a form sent from the browser: what each API outcome puts beside the fields and in the line. */

const FIELDS = ['email', 'password'] as const;
const fallback = 'The back office could not be reached.';

describe('answerFrom', () => {
  it('says the success line, clears the messages and keeps nothing', () => {
    const answer = answerFrom({ ok: true, status: 200, data: {} }, { fields: FIELDS, fallback, success: 'Saved.' });
    expect(answer).toEqual({ status: 200, ok: true, notice: { kind: 'success', text: 'Saved.' }, errors: {}, values: {} });
    expect(answerFrom({ ok: true, status: 201, data: {} }, { fields: FIELDS, fallback }).notice).toBeNull();
  });

  it('puts a 422 beside its fields and the messages no field shows in the line', () => {
    const answer = answerFrom(
      { ok: false, status: 422, message: 'The given data was invalid.', errors: { email: ['Enter a valid email.'], role: ['Choose a role.'] } },
      { fields: FIELDS, fallback, values: { email: 'x', password: 'secret' } },
    );
    expect(answer.errors).toEqual({ email: ['Enter a valid email.'], role: ['Choose a role.'] });
    expect(answer.notice).toEqual({ kind: 'error', text: 'Choose a role.' });
    // What was typed is kept to show again, but never a password.
    expect(answer.values).toEqual({ email: 'x' });
    const onlyFields = answerFrom({ ok: false, status: 422, message: 'Invalid.', errors: { email: ['Enter a valid email.'] } }, { fields: FIELDS, fallback });
    expect(onlyFields.notice).toBeNull();
    const corrected = answerFrom(
      { ok: false, status: 422, message: 'Invalid.', errors: { email: ['Enter a valid email.'] } },
      { fields: FIELDS, fallback, corrected: 'Please correct the highlighted fields.' },
    );
    expect(corrected.notice).toEqual({ kind: 'error', text: 'Please correct the highlighted fields.' });
  });

  it('says a refusal in the server’s words and anything else in the fallback', () => {
    expect(answerFrom({ ok: false, status: 409, message: 'That address is already on the staff.' }, { fields: FIELDS, fallback }).notice).toEqual({
      kind: 'error',
      text: 'That address is already on the staff.',
    });
    expect(answerFrom({ ok: false, status: 500, message: 'Internal Server Error' }, { fields: FIELDS, fallback }).notice?.text).toBe(fallback);
    expect(answerFrom({ ok: false, status: 0, message: null }, { fields: FIELDS, fallback }).notice?.text).toBe(fallback);
    expect(answerFrom({ ok: false, status: 403, message: null }, { fields: FIELDS, fallback }).notice?.text).toBe(fallback);
  });
});

describe('readForm and withoutSecrets', () => {
  it('reads each field as text and drops passwords from what is shown again', () => {
    const form = new FormData();
    form.set('email', 'a@b.test');
    form.set('password', 'hunter22');
    form.set('file', new Blob(['x']));
    const values = readForm(form, ['email', 'password', 'file', 'missing'] as const);
    expect(values).toEqual({ email: 'a@b.test', password: 'hunter22', file: '', missing: '' });
    expect(withoutSecrets(values)).toEqual({ email: 'a@b.test', file: '', missing: '' });
  });
});
