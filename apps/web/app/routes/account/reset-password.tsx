import { data } from 'react-router';
import type { Route } from './+types/reset-password';
import { resetPassword, type ResetPayload } from '../../features/account/password-reset';
import { serverApi } from '../../lib/api';
import { ResetPasswordPage } from '../../features/account/reset-password-page';
import { pageMeta } from '../../lib/seo';

/** The link's token is a secret: the head names the page but does not repeat its address. */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Choose a New Password',
    description: 'Choose a new password for your Everstone account.',
    noindex: true,
  }).filter((tag) => !('rel' in tag && tag.rel === 'canonical') && !('property' in tag && tag.property === 'og:url'));

/** Without JavaScript (or before the page has hydrated) the form posts here and goes to the same API. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (field: string) => {
    const value = form.get(field);
    return typeof value === 'string' ? value : '';
  };
  const payload: ResetPayload = { token: params.token, email: text('email'), password: text('password'), password_confirmation: text('password_confirmation') };
  const outcome = await resetPassword(serverApi(context), payload);
  const status = outcome.kind === 'reset' ? 200 : outcome.kind === 'rejected' ? 422 : 502;
  // The passwords are never sent back into the page.
  return data({ outcome, email: payload.email }, { status });
}

export default function ResetPassword({ actionData, params }: Route.ComponentProps) {
  return <ResetPasswordPage token={params.token} actionData={actionData} />;
}
