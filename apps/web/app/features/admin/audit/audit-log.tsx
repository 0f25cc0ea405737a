import { useId } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_PAGE_SIZES,
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  auditListQuerySchema,
  type AuditAction,
  type AuditEntry,
  type AuditListResponse,
} from '@everstone/contract';
import { PageHead } from '../kit/frame';
import { formatDayTime } from '../kit/format';
import { OrderLink } from '../orders';
import { PrevNext, rangeText, TableScroll } from '../kit/table';
import { listParams, pageSizeField, readList, type PageSize } from '../kit/list-params';

/** The audit log's filters and page, from the address; a field that does not pass the contract's rules is left out. */
export interface AuditState {
  action: AuditAction | '';
  subject: string;
  actor: string;
  page: number;
  per_page: PageSize;
}

const DEFAULT_AUDIT: AuditState = { action: '', subject: '', actor: '', page: 1, per_page: ADMIN_PAGE_SIZES[0] };
const AUDIT_FIELDS = { ...auditListQuerySchema.shape, per_page: pageSizeField };

export const readAuditState = (params: URLSearchParams): AuditState => readList(AUDIT_FIELDS, DEFAULT_AUDIT, params);

export const auditParams = (state: AuditState) => listParams(state, DEFAULT_AUDIT);

/** A value of a changed field as text: nothing is '—', text as it is, anything else as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields an entry changed, each 'field: old → new'; a field only before or only after shows its side. A field
 * that is an object on both sides (a piece's design) gives the parts of it that changed ('design.bandWidthMm: 2 → 2.6')
 * rather than the whole of it twice.
 */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>, prefix = ''): { field: string; from: string; to: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .flatMap((field) => {
      const [was, now] = [before[field], after[field]];
      if (isRecord(was) && isRecord(now)) return changeLines({ before: was, after: now }, `${prefix}${field}.`);
      return [{ field: `${prefix}${field}`, from: valueText(was), to: valueText(now) }];
    });
}

/**
 * A subject's own entries of the audit log, as its page shows them (a stone, a product): when, who, what, and each
 * changed field as it was and as it became.
 */
export function AuditHistory({ history, caption, className }: { history: readonly AuditEntry[]; caption: string; className?: string }) {
  const id = useId();
  return (
    <section className={className ? `adm-panel ${className}` : 'adm-panel'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        History
      </h2>
      {history.length === 0 ? (
        <p className="adm-empty">No change recorded yet.</p>
      ) : (
        <TableScroll label="History">
          <table className="adm-table adm-table--stone-history">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">When, by whom</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => {
                const changes = changeLines(entry);
                // A variant's change is the product's entry: the variant it names stays the same, so it is said apart.
                const sku = typeof entry.after?.sku === 'string' ? entry.after.sku : null;
                return (
                  <tr key={entry.id}>
                    <td>
                      <time className="adm-cell-main adm-nowrap" dateTime={entry.at}>
                        {formatDayTime(entry.at)}
                      </time>
                      {entry.actor.name && <span className="adm-cell-sub">{entry.actor.name}</span>}
                      <span className="adm-cell-sub">{entry.actor.email}</span>
                    </td>
                    <td>
                      <span className="adm-cell-main">{AUDIT_ACTION_LABELS[entry.action]}</span>
                      {sku && <span className="adm-cell-sub">Variant {sku}</span>}
                      {changes.length > 0 && (
                        <ul className="adm-changes">
                          {changes.map((c) => (
                            <li key={c.field}>
                              <span className="adm-changes__field">{c.field}:</span> {c.from} → {c.to}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function Subject({ entry }: { entry: AuditEntry }) {
  if (entry.subject_type === 'order') {
    return (
      <>
        <span className="adm-cell-sub">Order</span>
        <OrderLink orderNumber={entry.subject_id} />
      </>
    );
  }
  return (
    <>
      <span className="adm-cell-sub">{entry.subject_type.charAt(0).toUpperCase() + entry.subject_type.slice(1)}</span>
      <span>{entry.subject_id}</span>
    </>
  );
}

/** /admin/audit (owners): who did what, to what, from where. Read-only. */
export function AuditLog({
  list,
  state,
  busy,
  go,
}: {
  list: AuditListResponse;
  state: AuditState;
  busy: boolean;
  go: (next: AuditState) => void;
}) {
  const id = useId();
  const pages = Math.max(1, Math.ceil(list.total / list.per_page));
  const hrefOf = (page: number) => `?${auditParams({ ...state, page }).toString()}`;
  const filtered = Boolean(state.action || state.subject || state.actor);
  return (
    <>
      <PageHead title="Audit log" lead="Every change made in the back office and at the order desk: who made it, when, and from where." />
      <form
        className="adm-filters adm-filters--audit"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const text = (key: string) => String(data.get(key) ?? '').trim();
          go({ ...state, action: text('filter-action') as AuditState['action'], subject: text('subject'), actor: text('actor'), page: 1 });
        }}
      >
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-action`}>
            Action
          </label>
          <select id={`${id}-action`} name="filter-action" className="form-control adm-control" defaultValue={state.action} key={`a-${state.action}`}>
            <option value="">Any</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-subject`}>
            Subject
          </label>
          <input
            id={`${id}-subject`}
            name="subject"
            type="search"
            className="form-control adm-control"
            defaultValue={state.subject}
            key={`s-${state.subject}`}
            placeholder="Order number, staff email"
            maxLength={100}
          />
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-actor`}>
            Who
          </label>
          <input
            id={`${id}-actor`}
            name="actor"
            type="search"
            className="form-control adm-control"
            defaultValue={state.actor}
            key={`w-${state.actor}`}
            placeholder="Staff email or name"
            maxLength={254}
          />
        </div>
        <div className="adm-filter-set__actions">
          <button type="submit" className="adm-button adm-button--small">
            Filter
          </button>
          {filtered && (
            <Link className="adm-link" to={`?${auditParams({ ...state, action: '', subject: '', actor: '', page: 1 }).toString()}`}>
              Clear
            </Link>
          )}
        </div>
      </form>
      <div className="adm-list-bar">
        <p className="adm-list-bar__count" role="status" aria-live="polite">
          {list.total === 0 ? 'No entries' : `${rangeText(list.page, list.per_page, list.total)} ${list.total === 1 ? 'entry' : 'entries'}`}
          {busy && <span className="adm-muted"> · updating…</span>}
        </p>
      </div>
      {list.entries.length === 0 ? (
        <p className="adm-empty adm-empty--box">{filtered ? 'No entry matches these filters.' : 'Nothing has been recorded yet.'}</p>
      ) : (
        <TableScroll label="Audit log" busy={busy}>
          <table className="adm-table adm-table--audit" aria-busy={busy || undefined}>
            <caption className="visually-hidden">Audit log, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Subject</th>
                <th scope="col">Changes</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((entry) => {
                const changes = changeLines(entry);
                return (
                  <tr key={entry.id}>
                    <td className="adm-nowrap">
                      <time dateTime={entry.at}>{formatDayTime(entry.at)}</time>
                    </td>
                    <td>
                      <span className="adm-cell-main">{entry.actor.name || entry.actor.email}</span>
                      <span className="adm-cell-sub">{entry.actor.email}</span>
                    </td>
                    <td>{AUDIT_ACTION_LABELS[entry.action]}</td>
                    <td>
                      <Subject entry={entry} />
                    </td>
                    <td>
                      {changes.length === 0 ? (
                        <span className="adm-muted">—</span>
                      ) : (
                        <ul className="adm-changes">
                          {changes.map((c) => (
                            <li key={c.field}>
                              <span className="adm-changes__field">{c.field}:</span> {c.from} → {c.to}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="adm-small">{entry.from}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PrevNext label="Pages of the audit log" page={list.page} pages={pages} href={hrefOf} />
    </>
  );
}
