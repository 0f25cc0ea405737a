import { useId, useState } from 'react';
import { CONTACT_FAILURE_MESSAGE, CONTACT_TOPICS, messageResponseSchema } from '@everstone/contract';
import { api, failureText, type ApiClient } from '../../lib/api';

/* ------------------------------------------------------------------------------------------------
 * Sending a message (§4 Contact form, §5, §8)
 * --------------------------------------------------------------------------------------------- */

/** The contact message of §3, as the form holds it. */
export type Field = 'name' | 'email' | 'phone' | 'topic' | 'question';
export type Values = Record<Field, string>;
export const EMPTY: Values = { name: '', email: '', phone: '', topic: '', question: '' };

export type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'invalid'; summary: string; errors: Record<string, string[]> }
  | { kind: 'failed' };

/** §5: the phone takes digits and hyphens only; anything else typed or pasted is dropped. */
export const onlyPhoneCharacters = (value: string) => value.replace(/[^0-9-]/g, '');

/**
 * POST /api/contact, from the browser or from the page's action. §4, §8: a 200 carries the thank-you, a 422 the
 * field errors; anything else is a failure.
 */
export async function sendMessage(api: ApiClient, values: Values): Promise<Outcome> {
  const res = await api.post('/api/contact', values, messageResponseSchema);
  if (res.ok && res.status === 200) return { kind: 'sent', message: res.data.message };
  if (!res.ok && res.status === 422 && res.errors) return { kind: 'invalid', errors: res.errors, summary: failureText(res) ?? '' };
  return { kind: 'failed' };
}

export function ContactForm({ initial }: { initial?: { outcome: Outcome; values: Values } }) {
  const [values, setValues] = useState<Values>(initial?.values ?? EMPTY);
  const [outcome, setOutcome] = useState<Outcome>(initial?.outcome ?? { kind: 'idle' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>(
    initial?.outcome.kind === 'invalid' ? initial.outcome.errors : {},
  );
  const id = useId();
  const sending = outcome.kind === 'sending';

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: field === 'phone' ? onlyPhoneCharacters(value) : value }));
    // A corrected field drops its own message; the banner stays until the next attempt.
    if (fieldErrors[field]) setFieldErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setOutcome({ kind: 'sending' });
    const next = await sendMessage(api, values);
    setOutcome(next);
    setFieldErrors(next.kind === 'invalid' ? next.errors : {});
    if (next.kind === 'sent') setValues(EMPTY);
  }

  /** Props that tie a control to its label and to its server message, if it has one. */
  const control = (field: Field) => {
    const errors = fieldErrors[field];
    return {
      id: `${id}-${field}`,
      name: field,
      value: values[field],
      'aria-invalid': errors ? true : undefined,
      'aria-describedby': errors ? `${id}-${field}-error` : undefined,
    };
  };
  const errorOf = (field: Field) =>
    fieldErrors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {fieldErrors[field].join(' ')}
      </p>
    ) : null;

  return (
    <form className="contact-form" method="post" onSubmit={send} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="section-title">
        Send us a message
      </h2>
      <p className="section-lead">
        Tell us what you are looking for and a gemologist will write back. Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="form-grid">
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-name`}>
            Name
          </label>
          <input {...control('name')} className="form-control" type="text" autoComplete="name" maxLength={100} onChange={(e) => update('name', e.target.value)} />
          {errorOf('name')}
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-email`}>
            Email <span aria-hidden="true">*</span>
          </label>
          <input
            {...control('email')}
            className="form-control"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            onChange={(e) => update('email', e.target.value)}
          />
          {errorOf('email')}
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-phone`}>
            Phone
          </label>
          <input
            {...control('phone')}
            className="form-control"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            // The v-flag regex of the pattern attribute needs the hyphen escaped inside a class.
            pattern="[0-9\-]*"
            title="Digits and hyphens only, for example 212-555-0100"
            maxLength={30}
            placeholder="212-555-0100"
            onChange={(e) => update('phone', e.target.value)}
          />
          {errorOf('phone')}
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-topic`}>
            Topic <span aria-hidden="true">*</span>
          </label>
          <select {...control('topic')} className="form-control" required onChange={(e) => update('topic', e.target.value)}>
            <option value="">Select</option>
            {CONTACT_TOPICS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          {errorOf('topic')}
        </div>
        <div className="form-field form-field--wide">
          <label className="form-label" htmlFor={`${id}-question`}>
            Your question
          </label>
          <textarea
            {...control('question')}
            className="form-control"
            rows={5}
            maxLength={5000}
            onChange={(e) => update('question', e.target.value)}
          />
          {errorOf('question')}
        </div>
      </div>
      <div role="status" className="form-live">
        {outcome.kind === 'sent' && <p className="form-banner form-banner--success">{outcome.message}</p>}
      </div>
      <div role="alert" className="form-live">
        {outcome.kind === 'invalid' && <p className="form-banner form-banner--error">{outcome.summary}</p>}
        {outcome.kind === 'failed' && <p className="form-banner form-banner--error">{CONTACT_FAILURE_MESSAGE}</p>}
      </div>
      <button type="submit" className="button form-submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}
