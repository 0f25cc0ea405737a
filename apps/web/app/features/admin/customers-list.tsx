import { useId } from 'react';
import { Link } from 'react-router';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { STAFF_ROLE_LABELS, type AdminCustomerListResponse, type AdminCustomerSummary } from '@everstone/contract';
import { PageHead } from './admin-frame';
import { formatDay } from './format';
import { PageSizeSelect, SearchBox } from './list-bits';
import { PrevNext, TableScroll } from './order-bits';
import { rangeText } from './order-query';
import { customerListParams, type CustomerListState } from './request-query';

/** A customer's page in the back office. */
export const adminCustomerPath = (id: number) => `/admin/customers/${id}`;

/** Staff and owners shop too: their role is shown beside their name, so no one is mistaken for a shopper. */
export function RoleBadge({ role }: { role: AdminCustomerSummary['role'] }) {
  if (role === 'customer') return null;
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
    meta: { numeric: true },
    cell: (info) => info.getValue().toLocaleString('en-US'),
  }),
];

const numeric = (meta: unknown) => (meta as { numeric?: boolean } | undefined)?.numeric === true;

interface Props {
  list: AdminCustomerListResponse;
  state: CustomerListState;
  busy: boolean;
  go: (next: CustomerListState, options?: { replace?: boolean }) => void;
}

/** /admin/customers: the store's accounts, found by name or email, newest first, paged by the server. */
export function CustomersList({ list, state, busy, go }: Props) {
  const pages = Math.max(1, Math.ceil(list.total / list.per_page));
  const table = useReactTable({
    data: list.customers,
    columns: COLUMNS,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    rowCount: list.total,
    state: { pagination: { pageIndex: state.page - 1, pageSize: state.per_page } },
  });
  const captionId = useId();
  const hrefOf = (page: number) => `?${customerListParams({ ...state, page }).toString()}`;

  return (
    <>
      <PageHead title="Customers" lead="Find a customer by name or email (or the start of either) to see their orders, addresses, messages and requests." />
      <div className="adm-filters">
        <SearchBox name="Customers" value={state.q} placeholder="Name or email" onSearch={(q, options) => go({ ...state, q, page: 1 }, options)} />
      </div>
      <div className="adm-list-bar">
        <p className="adm-list-bar__count" role="status" aria-live="polite">
          {list.total === 0 ? 'No customers' : `${rangeText(list.page, list.per_page, list.total)} ${list.total === 1 ? 'customer' : 'customers'}`}
          {busy && <span className="adm-muted"> · updating…</span>}
        </p>
        <PageSizeSelect value={state.per_page} onChange={(per_page) => go({ ...state, per_page, page: 1 })} />
      </div>
      {list.customers.length === 0 ? (
        <div className="adm-empty adm-empty--box">
          <p>{state.q ? 'No customer’s name or email matches this search.' : 'There are no customers yet.'}</p>
          {state.q && (
            <p>
              <Link className="adm-link" to={`?${customerListParams({ ...state, q: '', page: 1 }).toString()}`}>
                Clear the search
              </Link>
            </p>
          )}
        </div>
      ) : (
        <TableScroll label="Customers" busy={busy}>
          <table className="adm-table adm-table--customers" aria-labelledby={captionId} aria-busy={busy || undefined}>
            <caption id={captionId} className="visually-hidden">
              Customers{state.q ? ` matching “${state.q}”` : ''}, newest accounts first
            </caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col" className={numeric(header.column.columnDef.meta) ? 'adm-num' : undefined}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.original.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={numeric(cell.column.columnDef.meta) ? 'adm-num' : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PrevNext label="Pages of customers" page={list.page} pages={pages} href={hrefOf} />
    </>
  );
}
