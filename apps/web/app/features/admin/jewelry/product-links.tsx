import { Link } from 'react-router';
import { METAL_LABELS, formatCarat, type AdminVariant, type ProductFamily } from '@everstone/contract';
import { PageMessage } from '../kit/frame';
import jewelryHref from '../../../styles/admin-jewelry.css?url';

/** The catalog pages' own rules, beside the back office's stylesheet (hoisted and shared the same way). */
export function JewelryStyles() {
  return <link rel="stylesheet" href={jewelryHref} precedence="default" />;
}

export const PRODUCTS_PATH = '/admin/products';
export const METAL_PRICES_PATH = '/admin/products/metals';
/** A product's page in the back office. */
export const adminProductPath = (id: number) => `${PRODUCTS_PATH}/${id}`;
/** A variant's editor: its picture, its price as it is being changed, its stock. */
export const adminVariantPath = (productId: number, variantId: number) => `${adminProductPath(productId)}/variants/${variantId}`;
/** The piece's page on the storefront. */
export const storefrontProductPath = (slug: string) => `/jewelry/${slug}`;

/** The families as the back office names them (the storefront names departments, not families). */
export const FAMILY_TEXT: Record<ProductFamily, string> = {
  setting: 'Engagement setting',
  preset: 'Engagement ring (preset)',
  band: 'Band',
  ring: 'Ring',
  earrings: 'Earrings',
  necklace: 'Necklace',
  bracelet: 'Bracelet',
};

/** Whether shoppers see the piece: a filled badge when they do, an outlined one when it is kept out of the store. */
export function PublishedBadge({ published }: { published: boolean }) {
  return (
    <span className={published ? 'adm-badge adm-badge--published' : 'adm-badge adm-badge--unpublished'}>
      <span className="visually-hidden">Storefront: </span>
      {published ? 'Published' : 'Not published'}
    </span>
  );
}

/** What tells a variant from its siblings besides its metal: 'Oval · 1.00 ct tw · 4 mm wide · Lab'. */
export function variantDetailText(v: Pick<AdminVariant, 'shape' | 'carat_total' | 'width_mm' | 'origin'>): string {
  const parts: string[] = [];
  if (v.shape) parts.push(v.shape);
  if (v.carat_total !== null) parts.push(`${formatCarat(v.carat_total)} ct tw`);
  if (v.width_mm !== null) parts.push(`${v.width_mm} mm wide`);
  if (v.origin) parts.push(v.origin === 'lab' ? 'Lab-grown' : 'Natural');
  return parts.join(' · ');
}

/** A variant in a sentence: '14K White Gold · Oval · 1.00 ct tw'. */
export function variantTitle(v: Pick<AdminVariant, 'metal' | 'shape' | 'carat_total' | 'width_mm' | 'origin'>): string {
  const detail = variantDetailText(v);
  return detail ? `${METAL_LABELS[v.metal]} · ${detail}` : METAL_LABELS[v.metal];
}

export function ProductLink({ id, name }: { id: number; name: string }) {
  return (
    <Link className="adm-order-link" to={adminProductPath(id)}>
      {name}
    </Link>
  );
}

/** The page of an address that names no product (or a variant it does not have). */
export function ProductNotFound({ what = 'product' }: { what?: 'product' | 'variant' }) {
  return (
    <PageMessage title={what === 'product' ? 'Product not found' : 'Variant not found'}>
      <p>No {what} in the catalog has this address. Search the catalog by its name, slug or SKU.</p>
      <p>
        <Link className="adm-button" to={PRODUCTS_PATH}>
          Go to the catalog
        </Link>
      </p>
    </PageMessage>
  );
}
