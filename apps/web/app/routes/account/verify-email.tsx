import { data } from 'react-router';
import type { Route } from './+types/verify-email';
import { verifyEmail } from '../../features/account/email-verification';
import { VerifyEmailPage } from '../../features/account/verify-email-page';
import { serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/seo';

/** The link's token is a secret until used: the head names the page but does not repeat its address. */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Verify Your Email Address',
    description: 'Verify the email address of your Everstone account.',
    noindex: true,
  }).filter((tag) => !('rel' in tag && tag.rel === 'canonical') && !('property' in tag && tag.property === 'og:url'));

/**
 * Opening the link verifies the address: the shopper followed it from their inbox, which is the proof. The loader runs
 * on the server for that first request, so it works before the page has hydrated and without scripts.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const outcome = await verifyEmail(serverApi(context), params.token);
  return data(outcome, { status: outcome.kind === 'verified' ? 200 : outcome.kind === 'rejected' ? 422 : 502 });
}

/** A link works once: asking again (a revalidation after some other action) would only say it was used. */
export const shouldRevalidate = () => false;

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return <VerifyEmailPage outcome={loaderData} />;
}
