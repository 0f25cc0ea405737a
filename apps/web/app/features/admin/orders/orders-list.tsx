import { useId, useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  ORDER_STATUSES,
  PAYMENT_METHOD_IDS, PAYMENT_METHOD_LABELS,
  PAYMENT_STATUSES,
  formatAmount,
  type AdminOrderListResponse,
  type AdminOrderSort,
  type AdminOrderSummary,
} from '@everstone/contract';
import { PageHead } from '../kit/frame';
import { type AdminColumnMeta, AdminTable, ListBar, PrevNext, sortCaption, useServerTable } from '../kit/table';
import { ORDER_STATUS_TEXT, PAYMENT_STATUS_TEXT, formatDay, formatTime, methodText } from '../kit/format';
import { EmptyList, FilterSelect, PageSizeSelect, SearchBox } from '../kit/lists';
import { HoldEnd, OrderLink, StatusBadges } from './order-links';
import { DEFAULT_ORDER_LIST, FIRST_DIRECTION, isFiltered, orderListParams, type OrderListState } from './order-query';

const column = createColumnHelper<AdminOrderSummary>();

function columns(now: number) {
  return [
    column.accessor('order_number', {
      header: 'Order',
      enableSorting: false,
      cell: (info) => <OrderLink orderNumber={info.getValue()} />,
    }),
    column.accessor('created_at', {
      id: 'created_at' satisfies AdminOrderSort,
      header: 'Placed',
      cell: (info) => (
        <time dateTime={info.getValue()}>
          <span className="adm-cell-main adm-nowrap">{formatDay(info.getValue())}</span>
          <span className="adm-cell-sub">{formatTime(info.getValue())}</span>
        </time>
      ),
    }),
    column.accessor('user_name', {
      id: 'name' satisfies AdminOrderSort,
      header: 'Customer',
      cell: (info) => (
        <>
          <span className="adm-cell-main">{info.getValue()}</span>
          <span className="adm-cell-sub">{info.row.original.contact_email}</span>
        </>
      ),
    }),
    column.accessor('total_price', {
      id: 'total' satisfies AdminOrderSort,
      header: 'Total',
      meta: { numeric: true } satisfies AdminColumnMeta,
      cell: (info) => (
        <>
          <span className="adm-cell-main">{formatAmount(info.getValue())}</span>
          <span className="adm-cell-sub">
            {info.row.original.lines} {info.row.original.lines === 1 ? 'line' : 'lines'}
          </span>
        </>
      ),
    }),
    column.accessor('payment_mode', {
      header: 'Method',
      enableSorting: false,
      cell: (info) => methodText(info.getValue()),
    }),
    column.accessor('order_status', {
      id: 'status' satisfies AdminOrderSort,
      header: 'Status',
      cell: (info) => <StatusBadges order={info.getValue()} payment={info.row.original.payment_status} />,
    }),
    column.accessor('hold_expires_at', {
      id: 'hold_expires_at' satisfies AdminOrderSort,
      header: 'Hold ends',
      cell: (info) => <HoldEnd at={info.getValue()} now={now} />,
    }),
  ];
}

/** The same list without its search and filters (the sort and the page size stay). */
const clearHref = (state: OrderListState) =>
  `?${orderListParams({ ...DEFAULT_ORDER_LIST, sort: state.sort, dir: state.dir, per_page: state.per_page }).toString()}`;

interface Props {
  list: AdminOrderListResponse;
  state: OrderListState;
  now: number;
  busy: boolean;
  /** Goes to the list of `next`; `replace` while typing, so Back skips each letter. */
  go: (next: OrderListState, options?: { replace?: boolean }) => void;
}

/** /admin/orders: every order, searched, filtered, sorted and paged by the server. */
export function OrdersList({ list, state, now, busy, go }: Props) {
  // What the list shows is what the server answered; the controls already show what was asked since.
  const pages = Math.max(1, Math.ceil(list.total / list.per_page));
  const table = useServerTable({
    data: list.orders,
    columns: columns(now),
    getRowId: (order) => order.order_number,
    total: list.total,
    page: state.page,
    perPage: state.per_page,
    sorting: {
      sort: { key: state.sort, dir: state.dir },
      first: FIRST_DIRECTION,
      onSort: ({ key, dir }) => go({ ...state, sort: key, dir, page: 1 }),
    },
  });
  const hrefOf = (page: number) => `?${orderListParams({ ...state, page }).toString()}`;

  return (
    <>
      <PageHead title="Orders" lead="Search by order number, name, email or certificate number. Click a column’s name to sort by it." />
      <OrderFilters state={state} go={go} />
      <ListBar list={list} nouns={['order', 'orders']} busy={busy}>
        <PageSizeSelect value={state.per_page} onChange={(per_page) => go({ ...state, per_page, page: 1 })} />
      </ListBar>
      {list.orders.length === 0 ? (
        <EmptyList
          text={isFiltered(state) ? 'No orders match this search and these filters.' : 'There are no orders yet.'}
          clear={isFiltered(state) ? { href: clearHref(state), label: 'Clear the search and filters' } : null}
        />
      ) : (
        <AdminTable
          table={table}
          label="Orders"
          className="adm-table--orders"
          busy={busy}
          caption={sortCaption(table, 'Orders', { key: state.sort, dir: state.dir })}
        />
      )}
      <PrevNext label="Pages of orders" page={list.page} pages={pages} href={hrefOf} />
    </>
  );
}

/** The search box and the filters; each change goes to the address (and from there to the list). */
function OrderFilters({ state, go }: Pick<Props, 'state' | 'go'>) {
  const id = useId();
  const [dateError, setDateError] = useState<string | null>(null);

  function setDate(which: 'from' | 'to', value: string) {
    const next = { ...state, [which]: value, page: 1 };
    if (next.from && next.to && next.from > next.to) {
      setDateError('The end date is before the start date.');
      return;
    }
    setDateError(null);
    go(next);
  }

  const errorId = `${id}-date-error`;
  return (
    <div className="adm-filters">
      <SearchBox
        name="Orders"
        value={state.q}
        placeholder="EV-2026-…, name, email, certificate"
        onSearch={(q, options) => go({ ...state, q, page: 1 }, options)}
      />
      <fieldset className="adm-filter-set">
        <legend className="visually-hidden">Filters</legend>
        <FilterSelect label="Status" value={state.status} options={ORDER_STATUSES} text={ORDER_STATUS_TEXT} any="Any" onValue={(status) => go({ ...state, status, page: 1 })} />
        <FilterSelect
          label="Payment"
          value={state.payment_status}
          options={PAYMENT_STATUSES}
          text={PAYMENT_STATUS_TEXT}
          any="Any"
          onValue={(payment_status) => go({ ...state, payment_status, page: 1 })}
        />
        <FilterSelect label="Method" value={state.method} options={PAYMENT_METHOD_IDS} text={PAYMENT_METHOD_LABELS} any="Any" onValue={(method) => go({ ...state, method, page: 1 })} />
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-from`}>
            Placed from
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="form-control adm-control"
            value={state.from}
            max={state.to || undefined}
            onChange={(e) => setDate('from', e.target.value)}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? errorId : undefined}
          />
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-to`}>
            Placed to
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="form-control adm-control"
            value={state.to}
            min={state.from || undefined}
            onChange={(e) => setDate('to', e.target.value)}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? errorId : undefined}
          />
        </div>
        <div className="adm-check">
          <input
            id={`${id}-expiring`}
            type="checkbox"
            checked={state.expiring}
            onChange={(e) => go({ ...state, expiring: e.target.checked, page: 1 })}
          />
          <label htmlFor={`${id}-expiring`}>Holds about to expire</label>
        </div>
        {dateError && (
          <p id={errorId} className="field-error adm-filters__error">
            {dateError}
          </p>
        )}
      </fieldset>
      {isFiltered(state) && (
        <p className="adm-filters__clear">
          <Link className="adm-link" to={clearHref(state)}>
            Clear the search and filters
          </Link>
        </p>
      )}
    </div>
  );
}
