import { useId } from 'react';
import { Link } from 'react-router';
import { flexRender, getCoreRowModel, useReactTable, type SortingState, type Table, type TableOptions } from '@tanstack/react-table';
import { nextColumnSort, type ColumnSort } from './list-params';

/** What a column of a back-office table may say about itself: numbers line up on the right. */
export type AdminColumnMeta = { numeric?: boolean };

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const numericOf = (meta: unknown) => (meta as AdminColumnMeta | undefined)?.numeric === true;

/** A sorted list's hidden caption: "Orders, sorted by Placed (descending)". */
export function sortCaption<T>(table: Table<T>, noun: string, sort: ColumnSort): string {
  return `${noun}, sorted by ${String(table.getColumn(sort.key)?.columnDef.header ?? sort.key)} (${ARIA_SORT[sort.dir]})`;
}

/** How a list the server sorts is sorted, and where a click on a header takes it. */
interface ServerSorting<K extends string> {
  /** The sort the address asks for. */
  sort: ColumnSort<K>;
  /** The way each column that sorts sorts first (newest or dearest first where that is what one looks for). */
  first: Record<K, ColumnSort['dir']>;
  /** Goes to the list sorted so, from its first page. */
  onSort: (next: ColumnSort<K>) => void;
}

/**
 * The table of a list the server sorts and pages: the rows are one page of the server's answer, in its order, so the
 * table sorts and pages nothing itself. Its sort is the address's, one column at a time and never none; a click on a
 * header goes to the next sort's address. A list without `sorting` keeps the server's one order, and its headers are
 * names, not buttons.
 */
export function useServerTable<T, K extends string>({
  data,
  columns,
  getRowId,
  total,
  page,
  perPage,
  sorting,
}: Pick<TableOptions<T>, 'data' | 'columns'> & {
  getRowId: (row: T) => string;
  /** How many rows the whole list has, and which page of how many rows this is. */
  total: number;
  page: number;
  perPage: number;
  sorting?: ServerSorting<K>;
}): Table<T> {
  const sortingState: SortingState = sorting ? [{ id: sorting.sort.key, desc: sorting.sort.dir === 'desc' }] : [];
  const sortsBy = (id: string): id is K => sorting !== undefined && Object.hasOwn(sorting.first, id);
  return useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
    manualSorting: true,
    manualPagination: true,
    enableSorting: sorting !== undefined,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: total,
    state: { sorting: sortingState, pagination: { pageIndex: page - 1, pageSize: perPage } },
    onSortingChange: (updater) => {
      const clicked = (typeof updater === 'function' ? updater(sortingState) : updater)[0]?.id;
      if (sorting && clicked !== undefined && sortsBy(clicked)) sorting.onSort(nextColumnSort(sorting.sort, clicked, sorting.first[clicked]));
    },
  });
}

/**
 * A back-office list's table, the same on every list so that a screen reader, the keyboard and the eye find their way
 * once: a scrolling region named after the list, a hidden caption that says what is shown and in which order, and
 * headers that sort (a button, with `aria-sort`) wherever the table lets its column sort. Rows are keyed by the
 * table's `getRowId`.
 */
export function AdminTable<T>({
  table,
  label,
  caption,
  className,
  busy,
}: {
  table: Table<T>;
  /** The list's name ('Orders'): the scrolling region is '<label> table'. */
  label: string;
  caption: React.ReactNode;
  /** The table's own modifier class, beside `adm-table`. */
  className: string;
  busy: boolean;
}) {
  const captionId = useId();
  return (
    <TableScroll label={label} busy={busy}>
      <table className={`adm-table ${className}`} aria-labelledby={captionId} aria-busy={busy || undefined}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const canSort = header.column.getCanSort();
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numericOf(header.column.columnDef.meta) ? 'adm-num' : undefined}
                    aria-sort={canSort ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}
                  >
                    {canSort ? (
                      <button type="button" className="adm-sort" onClick={header.column.getToggleSortingHandler()}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span className={`adm-sort__icon${sorted ? ` adm-sort__icon--${sorted}` : ''}`} aria-hidden="true" />
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={numericOf(cell.column.columnDef.meta) ? 'adm-num' : undefined}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * The bar above a list: how many there are and which of them this page shows (announced as it changes), 'updating…'
 * while the next list loads, and beside it the list's own controls (the page size).
 */
export function ListBar({
  list,
  nouns,
  busy,
  children,
}: {
  list: { total: number; page: number; per_page: number };
  /** What the list counts, one and many ('order', 'orders'). */
  nouns: readonly [one: string, many: string];
  busy: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className="adm-list-bar">
      <p className="adm-list-bar__count" role="status" aria-live="polite">
        {list.total === 0 ? `No ${nouns[1]}` : `${rangeText(list.page, list.per_page, list.total)} ${list.total === 1 ? nouns[0] : nouns[1]}`}
        {busy && <span className="adm-muted"> · updating…</span>}
      </p>
      {children}
    </div>
  );
}

/** '1–25 of 312'. */
export function rangeText(page: number, perPage: number, total: number): string {
  if (total === 0) return '0 of 0';
  const first = (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return `${first}–${last} of ${total.toLocaleString('en-US')}`;
}

/**
 * A table that may be wider than the screen scrolls inside its own box, which can be reached and scrolled by keyboard;
 * the box is named after its table ('Orders table').
 */
export function TableScroll({ label, children, busy = false }: { label: string; children: React.ReactNode; busy?: boolean }) {
  return (
    <div className={busy ? 'adm-table-scroll is-busy' : 'adm-table-scroll'} role="region" aria-label={`${label} table`} tabIndex={0}>
      {children}
    </div>
  );
}

/** Previous and Next around "Page 2 of 13", as links that keep the rest of the address; nothing for one page. */
export function PrevNext({ label, page, pages, href }: { label: string; page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  const step = (to: number, text: string, rel: 'prev' | 'next', can: boolean) =>
    can ? (
      <Link className="adm-button adm-button--ghost adm-button--small" to={href(to)} rel={rel} preventScrollReset>
        {text}
      </Link>
    ) : (
      <span className="adm-button adm-button--ghost adm-button--small is-disabled" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="adm-pager" aria-label={label}>
      {step(page - 1, 'Previous', 'prev', page > 1)}
      <span className="adm-pager__where">
        Page {Math.min(page, pages)} of {pages}
      </span>
      {step(page + 1, 'Next', 'next', page < pages)}
    </nav>
  );
}

/** A figure shown as a dash when there is none, with its meaning for a screen reader. */
export function NoValue({ text }: { text: string }) {
  return (
    <span className="adm-muted">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
