import { CONTACT_FAILURE_MESSAGE, CONTACT_TOPICS, messageResponseSchema } from '@everstone/contract';
import { Field, useForm, type FormAnswer } from '../../components/ui/form';
import { failureText, type ApiClient } from '../../lib/api';

/* ------------------------------------------------------------------------------------------------
 * Sending a message (§4 Contact form, §5, §8)
 * --------------------------------------------------------------------------------------------- */

/** The contact message of §3, as the form posts it. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'topic', 'question'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactAnswer = FormAnswer<ContactField>;

/** §5: the phone takes digits and hyphens only; anything else typed or pasted is dropped. */
export const onlyPhoneCharacters = (value: string) => value.replace(/[^0-9-]/g, '');

/**
 * POST /api/contact from the page's action. §4, §8: a 200 carries the thank-you and empties the form, a 422 the
 * field messages (the form keeps what was typed); anything else is §8's failure line.
 */
export async function sendMessage(api: ApiClient, typed: Record<ContactField, string>): Promise<ContactAnswer> {
  const values = { ...typed, phone: onlyPhoneCharacters(typed.phone) };
  const res = await api.post('/api/contact', values, messageResponseSchema);
  if (res.ok && res.status === 200) return { status: 200, ok: true, notice: { kind: 'success', text: res.data.message }, errors: {}, values: {} };
  if (!res.ok && res.status === 422 && res.errors) {
    return { status: 422, ok: false, notice: { kind: 'error', text: failureText(res) ?? '' }, errors: res.errors, values };
  }
  return { status: res.status, ok: false, notice: { kind: 'error', text: CONTACT_FAILURE_MESSAGE }, errors: {}, values };
}

export function ContactForm({ answer }: { answer?: ContactAnswer }) {
  const form = useForm({ answer, fields: CONTACT_FIELDS });
  const notice = form.notice;
  return (
    <form.Form {...form.props} className="contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="section-title">
        Send us a message
      </h2>
      <p className="section-lead">
        Tell us what you are looking for and a gemologist will write back. Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="form-grid">
        <Field form={form} name="name" label="Name" type="text" autoComplete="name" maxLength={100} />
        <Field form={form} name="email" label="Email" starred type="email" autoComplete="email" required maxLength={254} />
        <Field
          form={form}
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          // The v-flag regex of the pattern attribute needs the hyphen escaped inside a class.
          pattern="[0-9\-]*"
          title="Digits and hyphens only, for example 212-555-0100"
          maxLength={30}
          placeholder="212-555-0100"
          onChange={(e) => {
            const kept = onlyPhoneCharacters(e.target.value);
            if (kept !== e.target.value) e.target.value = kept;
          }}
        />
        <Field form={form} as="select" name="topic" label="Topic" starred required>
          <option value="">Select</option>
          {CONTACT_TOPICS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Field>
        <Field form={form} as="textarea" name="question" label="Your question" wide rows={5} maxLength={5000} />
      </div>
      <div role="status" className="form-live">
        {notice?.kind === 'success' && <p className="form-banner form-banner--success">{notice.text}</p>}
      </div>
      <div role="alert" className="form-live">
        {notice?.kind === 'error' && <p className="form-banner form-banner--error">{notice.text}</p>}
      </div>
      <button type="submit" className="button form-submit" disabled={form.busy}>
        {form.busy ? 'Sending...' : 'Send message'}
      </button>
    </form.Form>
  );
}
