import { ACCOUNT_FALLBACK_MESSAGES } from '@everstone/contract';
import type { Route } from './+types/signup';
import { SIGN_UP_FIELDS, register } from '../../features/account/sign-up';
import { formClientAction, readForm, replyWith } from '../../components/ui/form';
import { serverApi } from '../../lib/api';
import { SignUpPage } from '../../features/account/sign-up-page';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Create an Account',
    description: 'Create your Everstone account to keep your addresses and orders in one place.',
    noindex: true,
  });

/**
 * The form's one path, with or without scripts: the registration goes to the API in-process. Nothing is signed in
 * by it (the shopper signs in afterwards, in the browser), so it needs no session; the password is never sent back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return replyWith(await register(serverApi(context), readForm(await request.formData(), SIGN_UP_FIELDS)));
}

export const clientAction = formClientAction(SIGN_UP_FIELDS, ACCOUNT_FALLBACK_MESSAGES.register);

export default function SignUp({ actionData }: Route.ComponentProps) {
  return <SignUpPage answer={actionData} />;
}
