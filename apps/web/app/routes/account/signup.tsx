import { data } from 'react-router';
import type { Route } from './+types/signup';
import { EMPTY, register, type Field, type Values } from '../../features/account/sign-up';
import { usDateToIso } from '../../components/ui/date-field';
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
 * Without JavaScript (or before the page has hydrated) the form posts here and goes to the same API
 * in-process. The password is never sent back into the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (field: Field) => {
    const value = form.get(field);
    return typeof value === 'string' ? value : '';
  };
  const values: Values = {
    title: text('title'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    birth_date: usDateToIso(text('birth_date')),
    anniversary_date: usDateToIso(text('anniversary_date')),
    password: text('password'),
  };
  const outcome = await register(serverApi(context), values);
  const status = outcome.kind === 'registered' ? 201 : outcome.kind === 'rejected' ? 422 : outcome.kind === 'failed' ? 502 : 200;
  return data({ outcome, values: outcome.kind === 'registered' ? EMPTY : { ...values, password: '' } }, { status });
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  return <SignUpPage actionData={actionData} />;
}
