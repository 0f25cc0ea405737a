import type { Route } from './+types/signin';
import { NEEDS_SCRIPT, SignInPage } from '../../features/account/sign-in-page';
import { replyWith } from '../../components/ui/form';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Sign In',
    description: 'Sign in to your Everstone account to see your orders, saved addresses and account details.',
    noindex: true,
  });

/**
 * A sign-in posted before the page's scripts ran, or with JavaScript off. The session lives in the browser's
 * storage (§4), so the server cannot sign anyone in from here; the body (a password) is not even read.
 */
export function action() {
  return replyWith(NEEDS_SCRIPT);
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  return <SignInPage answer={actionData} />;
}
