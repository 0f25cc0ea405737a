import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { bandVerdict, colorLabel, diamondTitle, formatCarat, formatPrice, holdEndText, orNA, pricePerCarat, type Diamond, type PriceBand } from '@everstone/contract/core';
import { SafeImage } from '../../components/ui/safe-image';
import { HeartIcon } from '../../components/ui/icons';
import { toggleWishlist, useWishlist } from '../../domain/wishlist';
import type { DiamondResults } from './use-diamond-results';
import { handOver } from '../../domain/diamond-handoff';

interface Props {
  results: DiamondResults;
  /** A filter change is waiting for its debounce: the rows shown no longer answer the filters. */
  pending: boolean;
  checked: number[];
  onToggleChecked: (diamondid: number) => void;
  /** Called as a row's link is followed, to put any pending filter change into the page's history entry. */
  onOpenDiamond: () => void;
  /** The ring build the detail pages carry on with ('' outside the builder), as a query without '?'. */
  detailQuery?: string;
  /** Each listed stone's price against its similar stones, as far as known. */
  bands?: ReadonlyMap<number, PriceBand>;
}

const COLUMNS = ['Shape', 'Carat', 'Color', 'Clarity', 'Cut', 'Report', 'Price', 'Compare', 'Wishlist'];

/**
 * The results: one row per stone, each opening its detail page with the record in the navigation state.
 * Explicit table roles keep the table's meaning for screen readers when phones restyle rows as cards.
 */
export function ResultsTable({ results, pending, checked, onToggleChecked, onOpenDiamond, detailQuery = '', bands }: Props) {
  const wishlist = useWishlist();
  const saved = new Set(wishlist.map((d) => d.diamondid));
  const loadingFirst = pending || results.loadingFirst;
  const empty = !loadingFirst && !results.failed && results.rows.length === 0;

  return (
    <div className="ds-results" aria-busy={loadingFirst || results.loadingMore}>
      {empty ? (
        <p className="ds-empty">No diamonds match your filter criteria.</p>
      ) : (
        <table className="ds-table" role="table">
          <caption className="visually-hidden">Diamonds matching your filters</caption>
          <thead role="rowgroup">
            <tr role="row">
              {COLUMNS.map((c) => (
                <th key={c} role="columnheader" scope="col" className={`ds-col ds-col--${c.toLowerCase()}`}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {loadingFirst
              ? Array.from({ length: results.reserve }, (_, i) => <SkeletonRow key={i} />)
              : results.rows.map((d) => (
                  <ResultRow
                    key={d.diamondid}
                    diamond={d}
                    checked={checked.includes(d.diamondid)}
                    saved={saved.has(d.diamondid)}
                    onToggleChecked={onToggleChecked}
                    onOpen={onOpenDiamond}
                    detailQuery={detailQuery}
                    band={bands?.get(d.diamondid) ?? null}
                  />
                ))}
          </tbody>
        </table>
      )}
      <p className="visually-hidden" role="status">
        {loadingFirst ? 'Loading diamonds…' : ''}
      </p>
      {!loadingFirst && <MoreRows results={results} />}
    </div>
  );
}

function ResultRow({
  diamond: d,
  checked,
  saved,
  onToggleChecked,
  onOpen,
  detailQuery,
  band,
}: {
  diamond: Diamond;
  band: PriceBand | null;
  checked: boolean;
  saved: boolean;
  onToggleChecked: (id: number) => void;
  onOpen: () => void;
  detailQuery: string;
}) {
  const title = diamondTitle(d);
  return (
    <tr role="row" className="ds-row">
      <td role="cell" className="ds-cell ds-cell--shape">
        <Link className="ds-row__link" to={`/diamond-details/${d.diamondid}${detailQuery ? `?${detailQuery}` : ''}`}
          onClick={() => {
            handOver(d);
            onOpen();
          }}
        >
          <SafeImage src={`/shapes/${d.shape.image}.svg`} alt="" width={40} height={40} className="ds-row__image" loading="lazy" />
          <span className="ds-row__name">
            <span className="ds-row__shape">{d.shape.name}</span>
            <span className="visually-hidden">
              {' '}
              {formatCarat(d.carat_weight)} carat, certificate {d.certificate_number}
              {d.is_superdeal === 1 ? ',' : ''}
            </span>
            {d.is_superdeal === 1 && <span className="ds-deal">Featured deal</span>}
            <HeldBadge heldUntil={d.held_until} />
          </span>
        </Link>
      </td>
      <td role="cell" className="ds-cell ds-cell--carat">
        {formatCarat(d.carat_weight)}
        <span className="ds-unit"> ct</span>
      </td>
      <td role="cell" className="ds-cell ds-cell--grade">
        {colorLabel(d)}
      </td>
      <td role="cell" className="ds-cell ds-cell--grade">
        {orNA(d.clarity?.name)}
      </td>
      <td role="cell" className="ds-cell ds-cell--grade">
        {orNA(d.cut?.full_name)}
      </td>
      <td role="cell" className="ds-cell ds-cell--grade">
        {orNA(d.certificate_company.dl_name)}
      </td>
      <td role="cell" className="ds-cell ds-cell--price">
        <span className="ds-price">{formatPrice(d.price)}</span>
        <PerCarat price={d.price} carat={d.carat_weight} />
        <BandNote band={band} />
      </td>
      <td role="cell" className="ds-cell ds-cell--action">
        <label className="ds-row__compare">
          <input
            type="checkbox"
            className="ds-row__check"
            checked={checked}
            onChange={() => onToggleChecked(d.diamondid)}
            aria-label={`Compare ${title}, certificate ${d.certificate_number}`}
          />
          {/* Cards have no column header to say what the box is for. */}
          <span className="ds-card-label" aria-hidden="true">
            Compare
          </span>
        </label>
      </td>
      <td role="cell" className="ds-cell ds-cell--action">
        <button
          type="button"
          className="ds-heart"
          aria-pressed={saved}
          aria-label={`Save ${title}, certificate ${d.certificate_number}, to wishlist`}
          onClick={() => toggleWishlist(d)}
        >
          <HeartIcon filled={saved} />
        </button>
      </td>
    </tr>
  );
}

/** The price per carat under the price, in short for the eye ('$4,120/ct') and in words for a screen reader. */
function PerCarat({ price, carat }: { price: number; carat: number }) {
  const perCarat = pricePerCarat(price, carat);
  if (perCarat === null) return null;
  const amount = formatPrice(perCarat);
  return (
    <span className="ds-per-carat">
      <span aria-hidden="true">{amount}/ct</span>
      <span className="visually-hidden">, {amount} per carat</span>
    </span>
  );
}

/** Where the price sits among similar stones, in short ('12% below median'); the whole sentence for a screen reader. */
function BandNote({ band }: { band: PriceBand | null }) {
  const verdict = band ? bandVerdict(band) : null;
  if (!verdict) return null;
  return (
    <span className="ds-band" data-tone={verdict.tone}>
      <span aria-hidden="true">{verdict.short}</span>
      <span className="visually-hidden">, {verdict.sentence}</span>
    </span>
  );
}

/** A placeholder row of the same height as a real one, so nothing jumps when the results arrive. */
function SkeletonRow() {
  return (
    <tr className="ds-row ds-row--skeleton" aria-hidden="true">
      {COLUMNS.map((c) => (
        <td key={c} className={`ds-cell ds-cell--${c.toLowerCase()}`}>
          <span className="ds-skeleton" />
        </td>
      ))}
    </tr>
  );
}

/**
 * The infinite scroll: a sentinel under the rows asks for the next page as it nears the viewport, while pages
 * remain and none is loading; a failed page offers a retry instead of a dead end.
 */
function MoreRows({ results }: { results: DiamondResults }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(results.loadMore);
  loadMore.current = results.loadMore;
  const { hasMore, loadingMore, failed } = results;
  const count = results.rows.length;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loadingMore || failed || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports at once whether the sentinel is already in view (a tall screen, a short page).
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore.current();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, failed, count]);

  return (
    <>
      <div ref={sentinel} className="ds-sentinel" aria-hidden="true" />
      {loadingMore && (
        <p className="ds-more" role="status">
          <span className="ds-spinner" aria-hidden="true" /> Loading more diamonds…
        </p>
      )}
      {failed && (
        <div className="ds-failed" role="alert">
          <p>The diamonds could not be loaded.</p>
          <button type="button" className="button button--ghost" onClick={results.retry}>
            Try again
          </button>
        </div>
      )}
      {!hasMore && !failed && count > 0 && <p className="ds-end">You have reached the end of the results.</p>}
    </>
  );
}

/**
 * A stone another shopper holds in the ring builder stays in the results (holds never take stones off the search) and
 * says until when it is held. The time is the reader's own, so it is written once the page runs in the browser.
 */
function HeldBadge({ heldUntil }: { heldUntil: string | null | undefined }) {
  const [until, setUntil] = useState<string | null>(null);
  useEffect(() => {
    setUntil(heldUntil && Date.parse(heldUntil) > Date.now() ? holdEndText(heldUntil) : null);
  }, [heldUntil]);
  if (!until) return null;
  return <span className="ds-held">On hold until {until}</span>;
}
