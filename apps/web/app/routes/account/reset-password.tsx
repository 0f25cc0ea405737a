import { ACCOUNT_FALLBACK_MESSAGES } from '@everstone/contract';
import type { Route } from './+types/reset-password';
import { RESET_FIELDS, resetPassword } from '../../features/account/password-reset';
import { formClientAction, readForm, replyWith } from '../../components/ui/form';
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

/** The form's one path, with or without scripts: the link's token (the address) and the form go to the API in-process. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const typed = readForm(await request.formData(), RESET_FIELDS);
  return replyWith(await resetPassword(serverApi(context), { token: params.token, ...typed }));
}

export const clientAction = formClientAction(RESET_FIELDS, ACCOUNT_FALLBACK_MESSAGES.generic);

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  return <ResetPasswordPage answer={actionData} />;
}
