import type { Route } from './+types/invitation';
import { InvitationPage } from '../../features/admin/staff/invitation-page';
import { ADMIN_HANDLE, adminMeta } from '../../features/admin/kit/meta';

export const handle = ADMIN_HANDLE;

/** The link's token is a credential: the head names the page and never repeats its address. */
export const meta: Route.MetaFunction = () => adminMeta('Accept your invitation');

export default function AdminInvitation({ params }: Route.ComponentProps) {
  return <InvitationPage token={params.token} />;
}
