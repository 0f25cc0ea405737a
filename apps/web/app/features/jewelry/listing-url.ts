import {
  DEFAULT_PRODUCT_QUERY,
  productQueryToParams,
  readProductQuery,
  type DepartmentId,
  type ProductQuery,
} from '@everstone/contract/core';

/** The list filters a listing offers, by their query key. */
export type ListKey = 'style' | 'metal' | 'shape' | 'origin' | 'collection' | 'gem';

const FIELD: Record<ListKey, 'styles' | 'metals' | 'shapes' | 'origins' | 'collections' | 'gems'> = {
  style: 'styles',
  metal: 'metals',
  shape: 'shapes',
  origin: 'origins',
  collection: 'collections',
  gem: 'gems',
};

/** A listing's state from the page's address; what cannot be read is dropped, never an error page. */
export function listingQuery(search: string | URLSearchParams, department: DepartmentId): ProductQuery {
  return readProductQuery(typeof search === 'string' ? new URLSearchParams(search) : search, department).query;
}

/** The address of the listing in `query`, on `path`: one state, one URL. */
export function listingHref(path: string, query: ProductQuery): string {
  const params = productQueryToParams(query).toString();
  return params ? `${path}?${params}` : path;
}

/** Whether a list filter holds `value`. */
export function isChosen(query: ProductQuery, key: ListKey, value: string): boolean {
  return (query[FIELD[key]] as readonly string[]).includes(value);
}

/** The state with `value` of a list filter toggled, back on the first page (a new result set starts at its top). */
export function toggled(query: ProductQuery, key: ListKey, value: string): ProductQuery {
  const field = FIELD[key];
  const list = query[field] as readonly string[];
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return { ...query, [field]: next, page: 1 };
}

/** The state with every filter cleared, keeping the sort. */
export function cleared(query: ProductQuery): ProductQuery {
  return { ...DEFAULT_PRODUCT_QUERY, department: query.department, sort: query.sort };
}

/** How many filters are set (the mobile "Filters" button says it). */
export function filterCount(query: ProductQuery): number {
  return (
    query.styles.length +
    query.metals.length +
    query.shapes.length +
    query.origins.length +
    query.collections.length +
    query.gems.length +
    (query.priceMin !== null || query.priceMax !== null ? 1 : 0) +
    (query.caratMin !== null || query.caratMax !== null ? 1 : 0) +
    (query.readyToShip ? 1 : 0)
  );
}

