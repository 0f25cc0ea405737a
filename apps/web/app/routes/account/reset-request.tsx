import { ACCOUNT_FALLBACK_MESSAGES } from '@everstone/contract';
import type { Route } from './+types/reset-request';
import { RESET_REQUEST_FIELDS, requestReset } from '../../features/account/password-reset';
import { formClientAction, readForm, replyWith } from '../../components/ui/form';
import { serverApi } from '../../lib/api';
import { ResetRequestPage } from '../../features/account/reset-request-page';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Reset Your Password',
    description: 'Forgotten your Everstone password? We will email you a one-time link to choose a new one.',
    noindex: true,
  });

/** The form's one path, with or without scripts: the address goes to the API in-process. */
export async function action({ request, context }: Route.ActionArgs) {
  return replyWith(await requestReset(serverApi(context), readForm(await request.formData(), RESET_REQUEST_FIELDS)));
}

export const clientAction = formClientAction(RESET_REQUEST_FIELDS, ACCOUNT_FALLBACK_MESSAGES.generic);

export default function ResetRequest({ actionData }: Route.ComponentProps) {
  return <ResetRequestPage answer={actionData} />;
}
