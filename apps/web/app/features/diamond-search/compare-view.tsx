/**
 * The side-by-side comparison of the checked diamonds. Loaded only when opened, so the search page's first
 * load does not carry it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  colorLabel,
  diamondLookupResponseSchema,
  diamondTitle,
  formatCarat,
  formatPrice,
  formatRatio,
  optional,
  orNA,
  type Diamond,
} from '@everstone/contract';
import { SafeImage } from '../../components/ui/safe-image';
import { CloseIcon } from '../../components/ui/icons';
import { api } from '../../lib/api';
import { handOver } from '../../domain/diamond-handoff';

/** Every attribute of the §3 record, one row each, with the display rules of §3 and §5. */
export const COMPARE_ROWS: ReadonlyArray<{ label: string; value: (d: Diamond) => string }> = [
  { label: 'Shape', value: (d) => orNA(d.shape?.name) },
  { label: 'Carat', value: (d) => formatCarat(d.carat_weight) },
  { label: 'Color', value: (d) => colorLabel(d) },
  { label: 'Clarity', value: (d) => orNA(d.clarity?.name) },
  { label: 'Cut', value: (d) => orNA(d.cut?.full_name) },
  { label: 'Polish', value: (d) => optional(d.polish) },
  { label: 'Symmetry', value: (d) => optional(d.symmetry) },
  { label: 'Fluorescence', value: (d) => optional(d.fluorescence) },
  { label: 'Measurements', value: (d) => optional(d.measurements) },
  { label: 'L/W Ratio', value: (d) => formatRatio(d.measurement_l, d.measurement_w) },
  { label: 'Table', value: (d) => optional(d.table_diamond, '%') },
  { label: 'Depth', value: (d) => optional(d.depth, '%') },
  { label: 'Lab', value: (d) => orNA(d.certificate_company?.dl_name) },
  { label: 'Certificate', value: (d) => orNA(d.certificate_number) },
  { label: 'Price', value: (d) => formatPrice(d.price) },
];

interface Props {
  ids: number[];
  /** Records already on the page, shown at once while today's records are fetched. */
  known: Diamond[];
  onClose: () => void;
  onRemove: (diamondid: number) => void;
  /** Ids the store no longer knows, to be unchecked. */
  onMissing: (ids: number[]) => void;
  onOpenDiamond: () => void;
  /** The ring build the detail pages carry on with ('' outside the builder), as a query without '?'. */
  detailQuery?: string;
}

type Status = 'loading' | 'ready' | 'error';

export default function CompareView({ ids, known, onClose, onRemove, onMissing, onOpenDiamond, detailQuery = '' }: Props) {
  const [records, setRecords] = useState(() => new Map(known.filter((d) => ids.includes(d.diamondid)).map((d) => [d.diamondid, d])));
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const idsKey = ids.join(',');

  useEffect(() => {
    const wanted = idsKey ? idsKey.split(',').map(Number) : [];
    if (wanted.length === 0) {
      setStatus('ready');
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    void api.post('/api/diamonds/lookup', { ids: wanted }, diamondLookupResponseSchema, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      if (!res.ok) {
        console.error(`Could not load the diamonds to compare (${res.status})`);
        setStatus('error');
        return;
      }
      const body = res.data;
      setRecords((current) => {
        const next = new Map(current);
        for (const d of body.data) next.set(d.diamondid, d);
        return next;
      });
      setStatus('ready');
      if (body.missing.length > 0) onMissing(body.missing);
    });
    return () => controller.abort();
    // Only the ids (and a retry) start a lookup; onMissing is a new function on every render of the page.
  }, [idsKey, attempt]);

  const stones = ids.map((id) => records.get(id)).filter((d): d is Diamond => d !== undefined);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content ds-compare">
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">Compare diamonds</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-description">
            {stones.length < 2
              ? 'Check at least two diamonds in the results to compare them side by side.'
              : `${stones.length} diamonds side by side. Rows marked “Differs” have different values.`}
          </Dialog.Description>
          {status === 'error' && (
            <p className="ds-compare__error" role="alert">
              Today’s details could not be loaded.{' '}
              <button type="button" className="ds-text-button" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </p>
          )}
          {status === 'loading' && stones.length === 0 ? (
            <p role="status">Loading the diamonds…</p>
          ) : stones.length > 0 ? (
            <div className="ds-compare__scroll" role="region" aria-label="Comparison" tabIndex={0}>
              <table className="ds-compare__table">
                <thead>
                  <tr>
                    <td />
                    {stones.map((d) => {
                      const title = diamondTitle(d);
                      return (
                        <th key={d.diamondid} scope="col" className="ds-compare__stone">
                          <SafeImage src={`/shapes/${d.shape.image}.svg`} alt="" width={56} height={56} />
                          <span className="ds-compare__title">{title}</span>
                          {d.status !== 'available' && <span className="ds-compare__gone">No longer available</span>}
                          <span className="ds-compare__actions">
                            <Link
                              className="ds-text-button"
                              to={`/diamond-details/${d.diamondid}${detailQuery ? `?${detailQuery}` : ''}`}
                              onClick={() => {
                                handOver(d);
                                onOpenDiamond();
                              }}
                              aria-label={`View ${title}, certificate ${d.certificate_number}`}
                            >
                              View
                            </Link>
                            <button
                              type="button"
                              className="ds-text-button"
                              onClick={() => onRemove(d.diamondid)}
                              aria-label={`Remove ${title}, certificate ${d.certificate_number}, from the comparison`}
                            >
                              Remove
                            </button>
                          </span>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {COMPARE_ROWS.map((row) => {
                    const values = stones.map(row.value);
                    const differs = stones.length > 1 && new Set(values).size > 1;
                    return (
                      <tr key={row.label} className={differs ? 'ds-compare__row ds-compare__row--differs' : 'ds-compare__row'}>
                        <th scope="row">
                          {row.label}
                          {differs && (
                            <>
                              {' '}
                              <span className="ds-compare__differs">Differs</span>
                            </>
                          )}
                        </th>
                        {values.map((v, i) => (
                          <td key={stones[i]!.diamondid}>{v}</td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
