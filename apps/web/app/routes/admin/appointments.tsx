import { useNavigation, useRevalidator } from 'react-router';
import { adminAppointmentListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/appointments';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { CalendarPage } from '../../features/admin/appointments/calendar-page';
import { calendarApiQuery, readCalendar } from '../../features/admin/appointments/calendar-query';
import { storeToday } from '../../features/admin/kit/format';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Appointments');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = readCalendar(new URL(request.url).searchParams, storeToday());
  const list = dataOrThrow(await adminApi.get(`/api/admin/appointments?${calendarApiQuery(state)}`, adminAppointmentListResponseSchema), request);
  return { list, state, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/admin/appointments';
  return <CalendarPage list={loaderData.list} state={loaderData.state} at={loaderData.at} busy={busy} reload={() => revalidator.revalidate()} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
