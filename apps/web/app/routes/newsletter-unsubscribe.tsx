import { Form, Link, data, useNavigation } from 'react-router';
import { NEWSLETTER_UNSUBSCRIBE_MESSAGES, messageResponseSchema, newsletterSubscriptionSchema } from '@everstone/contract';
import type { Route } from './+types/newsletter-unsubscribe';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/seo';
import checkoutHref from '../styles/checkout.css?url';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Unsubscribe from Our Newsletter',
    description: 'Stop receiving the Everstone newsletter.',
    noindex: true,
  });

type Subscription =
  | { state: 'subscribed' | 'unsubscribed'; email: string; token: string }
  | { state: 'invalid' }
  | { state: 'failed' };

const FAILED = 'We could not reach our mailing list just now. Please try again in a moment.';

/** Whom the link names. Opening the link changes nothing: link checkers in mail programs open links too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')?.trim() ?? '';
  if (!token) return data<Subscription>({ state: 'invalid' }, { status: 404 });
  const res = await serverApi(context).get(`/api/newsletter/subscription?token=${encodeURIComponent(token)}`, newsletterSubscriptionSchema);
  if (res.ok) return data<Subscription>({ state: res.data.subscribed ? 'subscribed' : 'unsubscribed', email: res.data.email, token });
  if (res.status === 404 || res.status === 400) return data<Subscription>({ state: 'invalid' }, { status: 404 });
  return data<Subscription>({ state: 'failed' }, { status: 502 });
}

/** The button (with or without JavaScript): the same call as the List-Unsubscribe one-click address. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = (await request.formData()).get('token');
  const res = await serverApi(context).post('/api/newsletter/unsubscribe', { token: typeof token === 'string' ? token : '' }, messageResponseSchema);
  if (res.ok) return data({ done: true as const, message: NEWSLETTER_UNSUBSCRIBE_MESSAGES.done });
  if (res.status === 404 || res.status === 400 || res.status === 422) {
    return data({ done: false as const, message: NEWSLETTER_UNSUBSCRIBE_MESSAGES.invalid }, { status: 404 });
  }
  return data({ done: false as const, message: FAILED }, { status: 502 });
}

/**
 * /newsletter/unsubscribe?token=… — the link at the foot of every newsletter email. It shows whose address it is
 * (partly hidden) and asks once; mail programs that support RFC 8058 unsubscribe without this page.
 */
export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const done = actionData?.done === true || loaderData.state === 'unsubscribed';

  return (
    <section className="thankyou" aria-labelledby="unsubscribe-title">
      <link rel="stylesheet" href={checkoutHref} precedence="default" />
      {done ? (
        <>
          <h1 id="unsubscribe-title" className="thankyou__title">
            You are unsubscribed
          </h1>
          <p className="thankyou__lead" role="status">
            {NEWSLETTER_UNSUBSCRIBE_MESSAGES.done} Emails about your orders and appointments still reach you.
          </p>
          <p className="thankyou__lead">Changed your mind? You can sign up again at the foot of any page.</p>
          <div className="thankyou__actions">
            <Link className="button" to="/">
              Back to the store
            </Link>
          </div>
        </>
      ) : loaderData.state === 'subscribed' ? (
        <>
          <h1 id="unsubscribe-title" className="thankyou__title">
            Unsubscribe from our newsletter?
          </h1>
          <p className="thankyou__lead">
            We will stop sending new collections and offers to <strong data-testid="unsubscribe-email">{loaderData.email}</strong>.
          </p>
          {actionData && !actionData.done && (
            <p className="form-banner form-banner--error thankyou__lead" role="alert">
              {actionData.message}
            </p>
          )}
          <Form method="post" className="thankyou__actions">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Unsubscribing...' : 'Unsubscribe'}
            </button>
            <Link className="button button--ghost" to="/">
              Keep me subscribed
            </Link>
          </Form>
        </>
      ) : (
        <>
          <h1 id="unsubscribe-title" className="thankyou__title">
            {loaderData.state === 'invalid' ? 'This link is not valid' : 'Please try again'}
          </h1>
          <p className="thankyou__lead" role="alert">
            {loaderData.state === 'invalid' ? NEWSLETTER_UNSUBSCRIBE_MESSAGES.invalid : FAILED}
          </p>
          <div className="thankyou__actions">
            <Link className="button" to="/contact">
              Contact us
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
