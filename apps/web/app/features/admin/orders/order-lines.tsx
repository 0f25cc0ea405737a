import { METAL_LABELS, RING_SIZE_UNKNOWN, formatAmount, formatCarat, formatCents, variantLabel } from '@everstone/contract/core';
import { priceToCents, type AdminOrder, type OrderLine, type OrderProduct, type OrderRing } from '@everstone/contract';

/**
 * An order's lines as the team works from them: what each is, its certificate, and for a ring each of its parts
 * indented under it (stone, setting, size, engraving). The order page shows prices; the packing slip, which goes in
 * the box, does not. Everything here is the shopper's order as text: an engraving is shown, never interpreted.
 */
/** §9's free gift as the team reads it: which piece to pack, or why the order carries none. */
export function GiftSummary({ gift }: { gift: AdminOrder['gift'] }) {
  if (!gift) return null;
  const words = {
    given: gift.carried ? `${gift.name}: pack it with the order, at $0.00.` : `${gift.name}: given back (the order did not go ahead, or the gift was returned).`,
    out_of_stock: `${gift.name} reached, but out of stock when the order was placed: not given, and the account keeps its right to one.`,
    already_received: `${gift.name} reached, but the account had received its one gift: not given.`,
  };
  return (
    <p className="adm-lines__gift">
      <span>Free gift</span> {words[gift.outcome]}
    </p>
  );
}

export function OrderLines({ order, prices }: { order: Pick<AdminOrder, 'lines' | 'items'>; prices: boolean }) {
  return (
    <ol className="adm-lines">
      {order.lines.map((line, i) => (
        <li key={`${line.kind}-${line.ring?.diamond_id ?? line.diamondid ?? line.product?.variant_id ?? ''}-${i}`} className="adm-line">
          {line.ring ? (
            <RingLine line={line} ring={line.ring} prices={prices} />
          ) : line.product ? (
            <ProductLine line={line} product={line.product} prices={prices} />
          ) : (
            <DiamondLine line={line} carat={order.items.find((item) => item.diamondid === line.diamondid)?.carat_weight} prices={prices} />
          )}
        </li>
      ))}
    </ol>
  );
}

function Price({ amount, prices }: { amount: string; prices: boolean }) {
  return prices ? <span className="adm-line__price">{formatAmount(amount)}</span> : null;
}

function Part({ term, children, price }: { term: string; children: React.ReactNode; price?: string | null }) {
  return (
    <div className="adm-part">
      <dt>{term}</dt>
      <dd>
        <span>{children}</span>
        {price ? <span className="adm-part__price">{price}</span> : null}
      </dd>
    </div>
  );
}

/** A size the shopper left open is a task: it says so and stands out. */
function SizeText({ size }: { size: string }) {
  if (size === RING_SIZE_UNKNOWN) return <strong className="adm-attention">To be confirmed with the shopper</strong>;
  return <>US {size}</>;
}

function DiamondLine({ line, carat, prices }: { line: OrderLine; carat: number | undefined; prices: boolean }) {
  return (
    <>
      <div className="adm-line__head">
        <span className="adm-line__kind">Diamond</span>
        <span className="adm-line__title">{line.description}</span>
        <Price amount={line.total} prices={prices} />
      </div>
      <dl className="adm-parts">
        {line.certificate_number && <Part term="Certificate">{line.certificate_number}</Part>}
        {carat !== undefined && <Part term="Weight">{formatCarat(carat)} ct</Part>}
      </dl>
    </>
  );
}

function ProductLine({ line, product, prices }: { line: OrderLine; product: OrderProduct; prices: boolean }) {
  return (
    <>
      <div className="adm-line__head">
        <span className="adm-line__kind">{line.gift ? 'Free gift' : line.quantity > 1 ? `${line.quantity} ×` : 'Piece'}</span>
        <span className="adm-line__title">{product.name}</span>
        <Price amount={line.total} prices={prices} />
      </div>
      <dl className="adm-parts">
        <Part term="Variant">
          {variantLabel(product, product.family)} · SKU {product.sku}
        </Part>
        {product.ring_size && (
          <Part term="Ring size">
            <SizeText size={product.ring_size} />
          </Part>
        )}
        {product.engraving && (
          <Part term="Engraving" price={prices && product.engraving_cents > 0 ? formatCents(product.engraving_cents) : null}>
            “{product.engraving}”
          </Part>
        )}
        {product.included_stone && (
          <Part term="Center stone">
            {formatCarat(product.included_stone.carat)} ct {product.included_stone.shape}, {product.included_stone.color} {product.included_stone.clarity},{' '}
            {product.included_stone.lab} certificate {product.included_stone.certificate_number}
          </Part>
        )}
        {line.quantity > 1 && prices && <Part term="Each">{formatAmount(line.unit_price)}</Part>}
        <Part term="Supply">{product.made_to_order ? `Made to order, ${product.lead_days} business days` : 'From stock'}</Part>
      </dl>
    </>
  );
}

function RingLine({ line, ring, prices }: { line: OrderLine; ring: OrderRing; prices: boolean }) {
  const cents = (n: number) => (prices ? formatCents(n) : null);
  // The parts add up to the list price; a bank wire's line is that less its discount.
  const saving = ring.price.total_cents - (priceToCents(line.total) ?? ring.price.total_cents);
  return (
    <>
      <div className="adm-line__head">
        <span className="adm-line__kind">Ring</span>
        <span className="adm-line__title">
          {ring.setting_name} in {METAL_LABELS[ring.metal]}
        </span>
        <Price amount={line.total} prices={prices} />
      </div>
      <dl className="adm-parts adm-parts--ring">
        <Part term="Stone" price={cents(ring.price.stone_cents)}>
          {ring.stone_description} · certificate {ring.certificate_number}
        </Part>
        <Part term="Setting" price={cents(ring.price.setting_cents)}>
          {ring.setting_name}, {METAL_LABELS[ring.metal]} · SKU {ring.setting_sku}
        </Part>
        {ring.price.side_stones_cents > 0 && (
          <Part term="Side stones" price={cents(ring.price.side_stones_cents)}>
            {ring.origin === 'lab' ? 'Lab-grown' : 'Natural'}
          </Part>
        )}
        <Part term="Size">
          <SizeText size={ring.ring_size} />
        </Part>
        {ring.engraving && (
          <Part term="Engraving" price={ring.price.engraving_cents > 0 ? cents(ring.price.engraving_cents) : null}>
            “{ring.engraving}”
          </Part>
        )}
        <Part term="Made">To order, {ring.lead_days} business days</Part>
        {prices && saving > 0 && (
          <Part term="Bank wire price" price={formatCents(-saving)}>
            Less for paying by bank wire
          </Part>
        )}
      </dl>
    </>
  );
}
