import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { STAFF_ROLE_LABELS, type AdminCustomerListResponse, type AdminCustomerSummary } from '@everstone/contract';
import { PageHead } from '../kit/frame';
import { type AdminColumnMeta, AdminTable, ListBar, PrevNext, useServerTable } from '../kit/table';
import { formatDay } from '../kit/format';
import { EmptyList, PageSizeSelect, SearchBox } from '../kit/lists';
import { customerListParams, type CustomerListState } from './customer-query';

/** A customer's page in the back office. */
export const adminCustomerPath = (id: number) => `/admin/customers/${id}`;

/**
 * Staff and owners shop too: to owners, their role is shown beside their name, so no one is mistaken for a shopper.
 * Staff are not told the role (the store sends none).
 */
export function RoleBadge({ role }: { role: AdminCustomerSummary['role'] }) {
  if (role === undefined || role === 'customer') return null;
  return (
    <span className={`adm-badge adm-badge--outline adm-badge--role-${role}`}>
      <span className="visually-hidden">Role: </span>
      {STAFF_ROLE_LABELS[role]}
    </span>
  );
}

const column = createColumnHelper<AdminCustomerSummary>();

const COLUMNS = [
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <Link className="adm-order-link adm-customer-link" to={adminCustomerPath(info.row.original.id)}>
        {info.getValue() || info.row.original.email}
      </Link>
    ),
  }),
  column.accessor('email', {
    header: 'Email',
    cell: (info) => <span className="adm-break">{info.getValue()}</span>,
  }),
  column.accessor('role', {
    id: 'role',
    header: 'Role',
    cell: (info) => (info.getValue() === 'customer' ? <span className="adm-muted">Customer</span> : <RoleBadge role={info.getValue()} />),
  }),
  column.accessor('since', {
    header: 'Since',
    cell: (info) => (
      <time className="adm-nowrap" dateTime={info.getValue()}>
        {formatDay(info.getValue())}
      </time>
    ),
  }),
  column.accessor('orders', {
    header: 'Orders',
    meta: { numeric: true } satisfies AdminColumnMeta,
    cell: (info) => info.getValue().toLocaleString('en-US'),
  }),
];

interface Props {
  list: AdminCustomerListResponse;
  state: CustomerListState;
  busy: boolean;
  go: (next: CustomerListState, options?: { replace?: boolean }) => void;
}

/** /admin/customers: the store's accounts, found by name or email, newest first, paged by the server. */
export function CustomersList({ list, state, busy, go }: Props) {
  const pages = Math.max(1, Math.ceil(list.total / list.per_page));
  // Roles come to owners only: for staff the column would be empty.
  const columns = list.customers.some((c) => c.role !== undefined) ? COLUMNS : COLUMNS.filter((c) => c.id !== 'role');
  // The server keeps its one order (newest accounts first): the headers are names, not buttons.
  const table = useServerTable({
    data: list.customers,
    columns,
    getRowId: (customer) => String(customer.id),
    total: list.total,
    page: state.page,
    perPage: state.per_page,
  });
  const hrefOf = (page: number) => `?${customerListParams({ ...state, page }).toString()}`;

  return (
    <>
      <PageHead title="Customers" lead="Find a customer by name or email (or the start of either) to see their orders, addresses, messages and requests." />
      <div className="adm-filters">
        <SearchBox name="Customers" value={state.q} placeholder="Name or email" onSearch={(q, options) => go({ ...state, q, page: 1 }, options)} />
      </div>
      <ListBar list={list} nouns={['customer', 'customers']} busy={busy}>
        <PageSizeSelect value={state.per_page} onChange={(per_page) => go({ ...state, per_page, page: 1 })} />
      </ListBar>
      {list.customers.length === 0 ? (
        <EmptyList
          text={state.q ? 'No customer’s name or email matches this search.' : 'There are no customers yet.'}
          clear={state.q ? { href: `?${customerListParams({ ...state, q: '', page: 1 }).toString()}`, label: 'Clear the search' } : null}
        />
      ) : (
        <AdminTable
          table={table}
          label="Customers"
          className="adm-table--customers"
          busy={busy}
          caption={<>Customers{state.q ? ` matching “${state.q}”` : ''}, newest accounts first</>}
        />
      )}
      <PrevNext label="Pages of customers" page={list.page} pages={pages} href={hrefOf} />
    </>
  );
}
