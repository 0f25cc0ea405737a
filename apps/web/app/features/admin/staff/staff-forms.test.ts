import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@everstone/contract';
import { UNREACHABLE, codeAnswer } from './second-factor';
import { signInAnswer } from './sign-in-page';
import { saidBesideFields } from './staff-page';

/* What the staff's forms say for each answer of the API, now that the form kit draws it: the texts they said before. */

const failure = (status: number, message: string | null = null, errors?: Record<string, string[]>) => ({ ok: false as const, status, message, reauth: false, ...(errors ? { errors } : {}) });

describe('the sign-in’s password form', () => {
  it('says a wrong password and an account that is not staff in the store’s words when the server gives none', () => {
    expect(signInAnswer(failure(401)).notice).toEqual({ kind: 'error', text: ADMIN_MESSAGES.invalidCredentials });
    expect(signInAnswer(failure(403)).notice).toEqual({ kind: 'error', text: ADMIN_MESSAGES.notStaff });
    expect(signInAnswer(failure(403, ADMIN_MESSAGES.crossSite)).notice?.text).toBe(ADMIN_MESSAGES.crossSite);
  });

  it('says the store could not be reached for no answer or its own failure, whatever that said', () => {
    expect(signInAnswer(failure(0)).notice?.text).toBe(UNREACHABLE);
    expect(signInAnswer(failure(500, 'Internal Server Error')).notice?.text).toBe(UNREACHABLE);
  });

  it('puts a 422 beside email and password, and in the line only what neither shows', () => {
    const beside = signInAnswer(failure(422, 'Invalid body.', { email: ['The email must be a valid email address.'] }));
    expect(beside.errors).toEqual({ email: ['The email must be a valid email address.'] });
    expect(beside.notice).toBeNull();
    expect(signInAnswer(failure(422, 'Invalid body.', { form: ['Too many attempts.'] })).notice?.text).toBe('Too many attempts.');
  });
});

describe('a code’s form', () => {
  it('hands a sign-in that has run out back to the page, saying nothing itself', () => {
    const ended = vi.fn();
    expect(codeAnswer(failure(401, ADMIN_MESSAGES.expired), ended)).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    // From a full session (setting up the app on the account page) nothing hands it on: the line says it.
    expect(codeAnswer(failure(401, ADMIN_MESSAGES.expired))?.notice?.text).toBe(ADMIN_MESSAGES.expired);
  });

  it('says a wrong code beside the field, and the rest in the line', () => {
    const wrong = codeAnswer(failure(422, 'Invalid body.', { code: [ADMIN_MESSAGES.codeWrong] }));
    expect(wrong?.errors).toEqual({ code: [ADMIN_MESSAGES.codeWrong] });
    expect(wrong?.notice).toBeNull();
    expect(codeAnswer(failure(409, ADMIN_MESSAGES.noEnrollment))?.notice?.text).toBe(ADMIN_MESSAGES.noEnrollment);
    expect(codeAnswer(failure(503, 'Busy'))?.notice?.text).toBe(UNREACHABLE);
    expect(codeAnswer({ ok: true, status: 200, data: {} })).toMatchObject({ ok: true, notice: null, errors: {} });
  });
});

describe('the invitation form', () => {
  it('leaves to the page’s status line whatever none of its fields says', () => {
    expect(saidBesideFields(failure(422, 'Invalid body.', { email: ['The email field is required.'], role: ['Please choose a role: staff or owner.'] }))).toBe(true);
    expect(saidBesideFields(failure(422, 'Invalid body.', { email: ['x'], invitation: ['Already invited.'] }))).toBe(false);
    expect(saidBesideFields(failure(422, 'Invalid body.'))).toBe(false);
    expect(saidBesideFields(failure(409, ADMIN_MESSAGES.alreadyStaff))).toBe(false);
  });
});
