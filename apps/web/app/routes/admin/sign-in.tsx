import { data } from 'react-router';
import type { Route } from './+types/sign-in';
import { AdminSignInPage } from '../../features/admin/staff/sign-in-page';
import { ADMIN_HANDLE, adminMeta } from '../../features/admin/kit/meta';

export const handle = ADMIN_HANDLE;

export const meta: Route.MetaFunction = () => adminMeta('Sign in');

/**
 * A sign-in posted before the page's scripts ran. The session is set by the API's answer to the browser's own call,
 * so nothing is done here, and the body (a password) is not read.
 */
export function action() {
  return data({ needsScript: true }, { status: 400 });
}

export default function AdminSignIn({ actionData }: Route.ComponentProps) {
  return <AdminSignInPage needsScript={actionData?.needsScript === true} />;
}
