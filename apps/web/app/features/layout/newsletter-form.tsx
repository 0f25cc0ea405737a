import { useId, useState } from 'react';
import { CONTACT_FAILURE_MESSAGE } from '@everstone/contract/core';
import { api, failureText, lazySchema } from '../../lib/api';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed' };

// The schema loads with the first subscription, not with every page's footer.
const subscribed = lazySchema((c) => c.newsletterResponseSchema);

async function subscribe(email: string): Promise<State> {
  const res = await api.post('/api/newsletter', { email }, subscribed);
  // 201: newly subscribed; 200: already on the list, answered kindly rather than as an error.
  if (res.ok) return { kind: 'done', message: res.data.message };
  if (res.status === 422 && res.errors) return { kind: 'invalid', message: failureText(res) ?? '' };
  // Offline, or an answer that says nothing a shopper can act on: the generic message.
  return { kind: 'failed' };
}

/** The footer's newsletter box (§2, §5): $100 off a first purchase for joining the list. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const id = useId();
  const sending = state.kind === 'sending';
  const problem = state.kind === 'invalid' ? state.message : state.kind === 'failed' ? CONTACT_FAILURE_MESSAGE : null;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setState({ kind: 'sending' });
    const next = await subscribe(email);
    setState(next);
    if (next.kind === 'done') setEmail('');
  }

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="newsletter-title">
        Enjoy $100 off your first purchase
      </h2>
      <p className="newsletter-lead">
        Join our list for new collections, private events and gemologist tips, and get $100 off your first purchase of $1,000 or more.
      </p>
      <form className="newsletter-form" method="post" onSubmit={submit}>
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
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (state.kind === 'invalid') setState({ kind: 'idle' });
            }}
            aria-invalid={state.kind === 'invalid' ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <button type="submit" className="newsletter-submit" disabled={sending}>
            {sending ? 'Submitting...' : 'Submit'}
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
          {state.kind === 'done' && <p className="newsletter-message newsletter-message--success">{state.message}</p>}
        </div>
      </form>
    </section>
  );
}
