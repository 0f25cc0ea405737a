import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  PRODUCT_SORTS,
  dollarsToCents,
  formatTagPrice,
  type FacetValue,
  type ProductListResponse,
  type ProductQuery,
  type ProductSort,
} from '@everstone/contract/core';
import { ProductCard } from './product-card';
import { cleared, filterCount, isChosen, listingHref, toggled, type ListKey } from './listing-url';
import { Pager } from '../../components/ui/pager';

const GROUPS: { key: ListKey; title: string }[] = [
  { key: 'style', title: 'Style' },
  { key: 'metal', title: 'Metal' },
  { key: 'shape', title: 'Center shape' },
  { key: 'origin', title: 'Diamonds' },
  { key: 'gem', title: 'Gemstone' },
  { key: 'collection', title: 'Collection' },
];

/** One filter's values, each a link to the listing with it toggled, with how many pieces it would give. */
function FilterGroup({ path, query, group, values }: { path: string; query: ProductQuery; group: (typeof GROUPS)[number]; values: FacetValue[] }) {
  const shown = values.filter((v) => v.count > 0 || isChosen(query, group.key, v.value));
  if (shown.length < 2 && !shown.some((v) => isChosen(query, group.key, v.value))) return null;
  return (
    <fieldset className="jw-filter">
      <legend className="jw-filter-title">{group.title}</legend>
      <ul className="jw-filter-list">
        {shown.map((v) => {
          const chosen = isChosen(query, group.key, v.value);
          return (
            <li key={v.value}>
              <Link
                className={`jw-filter-option${chosen ? ' is-chosen' : ''}${group.key === 'metal' ? ` jw-filter-option--metal jw-metal--${v.value}` : ''}`}
                to={listingHref(path, toggled(query, group.key, v.value))}
                preventScrollReset
                aria-current={chosen ? 'true' : undefined}
              >
                <span className="jw-check" aria-hidden="true" />
                <span className="jw-filter-label">{v.label}</span>{' '}
                <span className="jw-filter-count">
                  {v.count}
                  <span className="visually-hidden"> {v.count === 1 ? 'piece' : 'pieces'}</span>
                </span>
                {chosen && <span className="visually-hidden">, chosen</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** A range as two numbers sent with the page's other filters (a plain GET form: it works before the script loads). */
function RangeFilter(props: {
  path: string;
  query: ProductQuery;
  title: string;
  names: [string, string];
  values: [number | null, number | null];
  bounds: { min: number; max: number };
  step: number;
  unit: string;
}) {
  const id = useId();
  const keep = new URLSearchParams(listingHref(props.path, { ...props.query, page: 1 }).split('?')[1] ?? '');
  for (const name of props.names) keep.delete(name);
  return (
    <form className="jw-filter jw-range" method="get" action={props.path} aria-labelledby={`${id}-t`}>
      <p id={`${id}-t`} className="jw-filter-title">
        {props.title}
      </p>
      {[...keep.entries()].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="jw-range-row">
        <label>
          <span className="jw-range-label">From{props.unit === '$' ? ' ($)' : ` (${props.unit})`}</span>
          <input
            type="number"
            inputMode="decimal"
            name={props.names[0]}
            min={0}
            step={props.step}
            defaultValue={props.values[0] ?? ''}
            placeholder={String(props.bounds.min)}
          />
        </label>
        <label>
          <span className="jw-range-label">To{props.unit === '$' ? ' ($)' : ` (${props.unit})`}</span>
          <input
            type="number"
            inputMode="decimal"
            name={props.names[1]}
            min={0}
            step={props.step}
            defaultValue={props.values[1] ?? ''}
            placeholder={String(props.bounds.max)}
          />
        </label>
        <button type="submit" className="jw-range-apply">
          Apply
        </button>
      </div>
    </form>
  );
}

function Filters({ path, query, result }: { path: string; query: ProductQuery; result: ProductListResponse }) {
  const { facets } = result;
  return (
    <>
      {facets.ready > 0 && (
        <div className="jw-filter">
          <Link
            className={`jw-filter-option jw-ready${query.readyToShip ? ' is-chosen' : ''}`}
            to={listingHref(path, { ...query, readyToShip: !query.readyToShip, page: 1 })}
            preventScrollReset
            aria-current={query.readyToShip ? 'true' : undefined}
          >
            <span className="jw-check" aria-hidden="true" />
            <span className="jw-filter-label">Ready to ship</span>{' '}
            <span className="jw-filter-count">
              {facets.ready}
              <span className="visually-hidden"> {facets.ready === 1 ? 'piece' : 'pieces'}</span>
            </span>
            {query.readyToShip && <span className="visually-hidden">, chosen</span>}
          </Link>
        </div>
      )}
      {GROUPS.map((group) => (
        <FilterGroup key={group.key} path={path} query={query} group={group} values={facets[group.key]} />
      ))}
      <RangeFilter
        path={path}
        query={query}
        title="Price"
        names={['price_min', 'price_max']}
        values={[query.priceMin, query.priceMax]}
        bounds={facets.price}
        step={10}
        unit="$"
      />
      {facets.carat && facets.carat.max > facets.carat.min && (
        <RangeFilter
          path={path}
          query={query}
          title="Total carat weight"
          names={['carat_min', 'carat_max']}
          values={[query.caratMin, query.caratMax]}
          bounds={facets.carat}
          step={0.05}
          unit="ct"
        />
      )}
    </>
  );
}

/** The filters in force, each removable, and a way to clear them all. */
function Chosen({ path, query, result }: { path: string; query: ProductQuery; result: ProductListResponse }) {
  const chips: { label: string; to: ProductQuery }[] = [];
  for (const group of GROUPS) {
    for (const v of result.facets[group.key]) if (isChosen(query, group.key, v.value)) chips.push({ label: v.label, to: toggled(query, group.key, v.value) });
  }
  if (query.readyToShip) chips.push({ label: 'Ready to ship', to: { ...query, readyToShip: false, page: 1 } });
  if (query.priceMin !== null || query.priceMax !== null) {
    const label = `${query.priceMin !== null ? formatTagPrice(dollarsToCents(query.priceMin)) : 'Any'} – ${query.priceMax !== null ? formatTagPrice(dollarsToCents(query.priceMax)) : 'any'}`;
    chips.push({ label, to: { ...query, priceMin: null, priceMax: null, page: 1 } });
  }
  if (query.caratMin !== null || query.caratMax !== null) {
    chips.push({ label: `${query.caratMin ?? 0} – ${query.caratMax ?? 'any'} ct tw`, to: { ...query, caratMin: null, caratMax: null, page: 1 } });
  }
  if (chips.length === 0) return null;
  return (
    <ul className="jw-chips" aria-label="Filters in use">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link className="jw-chip" to={listingHref(path, chip.to)} preventScrollReset>
            {chip.label}
            <span aria-hidden="true"> ×</span>
            <span className="visually-hidden"> (remove)</span>
          </Link>
        </li>
      ))}
      <li>
        <Link className="jw-chip jw-chip--clear" to={listingHref(path, cleared(query))} preventScrollReset>
          Clear all
        </Link>
      </li>
    </ul>
  );
}

/**
 * A jewelry listing: filters with their counts, the filters in force, the sort, the pieces and the pages. Every
 * choice is a link or a GET form, so the whole state lives in the address: Back, reload and a shared link all
 * show the same page, and it works before the page's script has loaded.
 */
export function Listing({ path, query, result }: { path: string; query: ProductQuery; result: ProductListResponse }) {
  const navigate = useNavigate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const count = filterCount(query);
  const first = (query.page - 1) * result.per_page + 1;
  const last = Math.min(result.total, query.page * result.per_page);
  return (
    <div className="jw-listing">
      <div className="jw-toolbar">
        <p className="jw-count" role="status">
          {result.total === 0
            ? 'No pieces match these filters.'
            : `${result.total} ${result.total === 1 ? 'piece' : 'pieces'}${result.total > result.per_page ? `, showing ${first}–${last}` : ''}`}
        </p>
        <button type="button" className="jw-filters-toggle" aria-expanded={filtersOpen} aria-controls="jw-filters" onClick={() => setFiltersOpen((o) => !o)}>
          Filters{count > 0 ? ` (${count})` : ''}
        </button>
        <label className="jw-sort">
          <span>Sort by</span>
          <select
            value={query.sort}
            onChange={(e) => navigate(listingHref(path, { ...query, sort: e.target.value as ProductSort, page: 1 }), { preventScrollReset: true })}
          >
            {PRODUCT_SORTS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="jw-layout">
        <aside id="jw-filters" className={`jw-filters${filtersOpen ? ' is-open' : ''}`} aria-label="Filters">
          <Filters path={path} query={query} result={result} />
        </aside>
        <div className="jw-results">
          <Chosen path={path} query={query} result={result} />
          {result.total === 0 ? (
            <div className="jw-empty">
              <p>No pieces match these filters.</p>
              <Link className="jw-button" to={listingHref(path, cleared(query))}>
                Show every piece
              </Link>
            </div>
          ) : (
            <ul className="jw-grid">
              {result.data.map((p, i) => (
                <li key={p.id}>
                  <ProductCard product={p} headingLevel={2} eager={i < 2} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={query.page} total={result.total} perPage={result.per_page} href={(page) => listingHref(path, { ...query, page })} />
        </div>
      </div>
    </div>
  );
}
