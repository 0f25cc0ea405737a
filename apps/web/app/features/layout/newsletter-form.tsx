import { CONTACT_FAILURE_MESSAGE } from '@everstone/contract/core';
import { useForm, type FormAnswer } from '../../components/ui/form';
import { api, failureText, lazySchema } from '../../lib/api';

const NEWSLETTER_FIELDS = ['email'] as const;
type NewsletterAnswer = FormAnswer<(typeof NEWSLETTER_FIELDS)[number]>;

// The schema loads with the first subscription, not with every page's footer.
const subscribed = lazySchema((c) => c.newsletterResponseSchema);

/**
 * POST /api/newsletter. 201: newly subscribed; 200: already on the list, answered kindly rather than as an error;
 * a 422's messages in the line; offline, or an answer that says nothing a shopper can act on: the generic message.
 */
async function subscribe(email: string): Promise<NewsletterAnswer> {
  const res = await api.post('/api/newsletter', { email }, subscribed);
  if (res.ok) return { status: res.status, ok: true, notice: { kind: 'success', text: res.data.message }, errors: {}, values: {} };
  if (res.status === 422 && res.errors) return { status: 422, ok: false, notice: { kind: 'error', text: failureText(res) ?? '' }, errors: res.errors, values: {} };
  return { status: res.status, ok: false, notice: { kind: 'error', text: CONTACT_FAILURE_MESSAGE }, errors: {}, values: {} };
}

/**
 * The footer's newsletter box (§2, §5): $100 off a first purchase for joining the list. It is on every page and
 * belongs to no page's route, so its one call leaves from the browser.
 */
export function NewsletterForm() {
  const form = useForm({ fields: NEWSLETTER_FIELDS, send: ({ email }) => subscribe(email) });
  const notice = form.notice;
  const invalid = (form.errors.email?.length ?? 0) > 0;
  // A 422's line goes as soon as the address is being corrected; any other failure stays until the next try.
  const problem = notice?.kind === 'error' && (invalid || form.answer?.status !== 422) ? notice.text : null;
  const id = form.id;

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="newsletter-title">
        Enjoy $100 off your first purchase
      </h2>
      <p className="newsletter-lead">
        Join our list for new collections, private events and gemologist tips, and get $100 off your first purchase of $1,000 or more.
      </p>
      <form.Form {...form.props} className="newsletter-form">
        {/* Drawn by hand: the box and its button share one row, which the kit's Field does not lay out. */}
        <label className="newsletter-label" htmlFor={`${id}-email`}>
          Email address
        </label>
        <div className="newsletter-row">
          <input
            id={`${id}-email`}
            className="newsletter-input"
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            placeholder="you@example.com"
            onChange={() => form.clear('email')}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <button type="submit" className="newsletter-submit" disabled={form.busy}>
            {form.busy ? 'Submitting...' : 'Submit'}
          </button>
        </div>
        <div role="alert" className="form-live">
          {problem && (
            <p id={`${id}-problem`} className="newsletter-message newsletter-message--error">
              {problem}
            </p>
          )}
        </div>
        <div role="status" className="form-live">
          {notice?.kind === 'success' && <p className="newsletter-message newsletter-message--success">{notice.text}</p>}
        </div>
      </form.Form>
    </section>
  );
}
