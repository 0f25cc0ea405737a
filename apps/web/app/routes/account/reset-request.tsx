import { data } from 'react-router';
import type { Route } from './+types/reset-request';
import { requestReset } from '../../features/account/password-reset';
import { serverApi } from '../../lib/api';
import { ResetRequestPage } from '../../features/account/reset-request-page';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Reset Your Password',
    description: 'Forgotten your Everstone password? We will email you a one-time link to choose a new one.',
    noindex: true,
  });

/** Without JavaScript (or before the page has hydrated) the form posts here and goes to the same API. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const value = form.get('email');
  const email = typeof value === 'string' ? value : '';
  const outcome = await requestReset(serverApi(context), email);
  const status = outcome.kind === 'sent' ? 200 : outcome.kind === 'rejected' ? 422 : 502;
  return data({ outcome, email }, { status });
}

export default function ResetRequest({ actionData }: Route.ComponentProps) {
  return <ResetRequestPage actionData={actionData} />;
}
