import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  PRODUCT_FAMILIES,
  PRODUCT_STATES,
  PRODUCT_STYLE_LABELS,
  formatCentsRange,
  type AdminProductListResponse,
  type AdminProductSort,
  type AdminProductSummary,
  type ProductState,
} from '@everstone/contract';
import { PageHead } from '../kit/frame';
import { type AdminColumnMeta, AdminTable, ListBar, NoValue, PrevNext, sortCaption, useServerTable } from '../kit/table';
import { JewelryStyles, FAMILY_TEXT, METAL_PRICES_PATH, ProductLink, PublishedBadge } from './product-links';
import {
  FIRST_PRODUCT_DIRECTION,
  clearedProductList,
  isProductListFiltered,
  productListHref,
  type ProductListState,
} from './product-query';
import { formatDay } from '../kit/format';
import { EmptyList, FilterSelect, PageSizeSelect, SearchBox, StateTabs } from '../kit/lists';

const column = createColumnHelper<AdminProductSummary>();

const COLUMNS = [
  column.accessor('name', {
    id: 'name' satisfies AdminProductSort,
    header: 'Name',
    cell: (info) => (
      <>
        <ProductLink id={info.row.original.id} name={info.getValue()} />
        <span className="adm-cell-sub">{info.row.original.slug}</span>
      </>
    ),
  }),
  column.accessor('family', {
    id: 'family' satisfies AdminProductSort,
    header: 'Family',
    cell: (info) => (
      <>
        <span className="adm-cell-main">{FAMILY_TEXT[info.getValue()]}</span>
        <span className="adm-cell-sub">{PRODUCT_STYLE_LABELS[info.row.original.style]}</span>
      </>
    ),
  }),
  column.accessor('published', {
    header: 'Storefront',
    enableSorting: false,
    cell: (info) => <PublishedBadge published={info.getValue()} />,
  }),
  column.accessor('variants', {
    header: 'Variants',
    enableSorting: false,
    meta: { numeric: true } satisfies AdminColumnMeta,
    cell: (info) => (
      <>
        <span className="adm-cell-main">{info.getValue()}</span>
        {info.row.original.discontinued > 0 && <span className="adm-cell-sub">{info.row.original.discontinued} withdrawn</span>}
      </>
    ),
  }),
  column.accessor('price_from_cents', {
    id: 'price' satisfies AdminProductSort,
    header: 'Price',
    meta: { numeric: true } satisfies AdminColumnMeta,
    cell: (info) => <span className="adm-cell-main">{formatCentsRange(info.getValue(), info.row.original.price_to_cents)}</span>,
  }),
  column.accessor('offer_percent', {
    header: 'Offer',
    enableSorting: false,
    meta: { numeric: true } satisfies AdminColumnMeta,
    cell: (info) => (info.getValue() > 0 ? `${info.getValue()}% off` : <NoValue text="No offer" />),
  }),
  column.accessor('on_shelf', {
    header: 'On the shelf',
    enableSorting: false,
    meta: { numeric: true } satisfies AdminColumnMeta,
    cell: (info) => {
      const units = info.getValue();
      return units === null ? <span className="adm-muted">Made to order</span> : `${units.toLocaleString('en-US')} ${units === 1 ? 'unit' : 'units'}`;
    },
  }),
  column.accessor('updated_at', {
    id: 'updated_at' satisfies AdminProductSort,
    header: 'Updated',
    cell: (info) => (
      <time className="adm-nowrap" dateTime={info.getValue()}>
        {formatDay(info.getValue())}
      </time>
    ),
  }),
];

const STATE_TEXT: Record<ProductState, string> = { all: 'All', published: 'Published', unpublished: 'Not published' };

interface Props {
  list: AdminProductListResponse;
  state: ProductListState;
  busy: boolean;
  /** Goes to the list of `next`; `replace` while typing, so Back skips each letter. */
  go: (next: ProductListState, options?: { replace?: boolean }) => void;
}

/** /admin/products: every piece of the jewelry catalog, published or not, searched, sorted and paged by the server. */
export function ProductsList({ list, state, busy, go }: Props) {
  const pages = Math.max(1, Math.ceil(list.total / list.per_page));
  const table = useServerTable({
    data: list.products,
    columns: COLUMNS,
    getRowId: (product) => String(product.id),
    total: list.total,
    page: state.page,
    perPage: state.per_page,
    sorting: {
      sort: { key: state.sort, dir: state.dir },
      first: FIRST_PRODUCT_DIRECTION,
      onSort: ({ key, dir }) => go({ ...state, sort: key, dir, page: 1 }),
    },
  });
  const hrefOf = (page: number) => productListHref({ ...state, page });
  const filtered = isProductListFiltered(state);

  return (
    <>
      <JewelryStyles />
      <PageHead title="Catalog" lead="Every piece of jewelry, published or not. Search by name, slug or SKU; click a column’s name to sort by it.">
        <Link className="adm-button adm-button--ghost adm-button--small" to={METAL_PRICES_PATH}>
          Metal prices
        </Link>
      </PageHead>
      <div className="adm-filters">
        <SearchBox name="Catalog" value={state.q} placeholder="Name, slug or SKU" onSearch={(q, options) => go({ ...state, q, page: 1 }, options)} />
        <div className="adm-filter-set adm-cat-filters">
          <FilterSelect label="Family" value={state.family} options={PRODUCT_FAMILIES} text={FAMILY_TEXT} any="Every family" onValue={(family) => go({ ...state, family, page: 1 })} />
        </div>
        <StateTabs label="Published or not" value={state.state} options={PRODUCT_STATES} text={STATE_TEXT} href={(s) => productListHref({ ...state, state: s, page: 1 })} />
      </div>
      <ListBar list={list} nouns={['product', 'products']} busy={busy}>
        <PageSizeSelect value={state.per_page} onChange={(per_page) => go({ ...state, per_page, page: 1 })} />
      </ListBar>
      {list.products.length === 0 ? (
        <EmptyList
          text={filtered ? 'No product matches this search and these filters.' : 'The catalog is empty. Import a products file to add pieces.'}
          clear={filtered ? { href: productListHref(clearedProductList(state)), label: 'Clear the search and filters' } : null}
        />
      ) : (
        <AdminTable
          table={table}
          label="Catalog"
          className="adm-table--products"
          busy={busy}
          caption={sortCaption(table, 'Products', { key: state.sort, dir: state.dir })}
        />
      )}
      <PrevNext label="Pages of products" page={list.page} pages={pages} href={hrefOf} />
    </>
  );
}
