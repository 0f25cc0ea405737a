import { Link } from 'react-router';
import { adminCustomerResponseSchema, idParamSchema } from '@everstone/contract';
import type { Route } from './+types/customer';
import { PageMessage } from '../../features/admin/kit/frame';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { CustomerView } from '../../features/admin/customers/customer-view';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const customer = loaderData?.customer;
  return adminMeta(customer ? customer.name || customer.email : 'Customer not found');
};

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const id = idParamSchema.safeParse({ id: params.id });
  // Text that cannot be an account's id is not asked for.
  if (!id.success) return { customer: null, at: Date.now() };
  const result = await adminApi.get(`/api/admin/customers/${id.data.id}`, adminCustomerResponseSchema);
  if (!result.ok && result.status === 404) return { customer: null, at: Date.now() };
  return { customer: dataOrThrow(result, request).customer, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer, at } = loaderData;
  if (!customer) {
    return (
      <PageMessage title="Customer not found">
        <p>No customer has this address. The link may be mistyped, or the account was closed.</p>
        <p>
          <Link className="adm-button" to="/admin/customers">
            Find a customer
          </Link>
        </p>
      </PageMessage>
    );
  }
  return <CustomerView key={`${customer.id}-${at}`} customer={customer} at={at} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
