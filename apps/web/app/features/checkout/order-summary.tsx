import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ENGRAVING, colorLabel, diamondTitle, formatCents, orNA, priceToCents, ringSizeLabel, shipsByText, variantLabel, type Pricing } from '@everstone/contract/core';
import { cartLineKey, priceCart, unknownKind, type CartLine, type DiamondCartLine, type ProductCartLine, type RingCartLine } from '../../domain/cart';
import { supplyText } from '../../domain/piece-lines';
import { certificateText, ringPriceRows, ringSizeText, ringTitle, ringViewOfLine, settingText } from '../../domain/ring-lines';
import { SafeImage } from '../../components/ui/safe-image';
import type { TaxView } from './use-quote';
import { PieceArt } from '../../components/jewelry/piece-art';
import { GiftChoicePanel } from './gift-choice';
import type { GiftChoice, GiftStanding } from '@everstone/contract/core';

/** What keeps a line from being ordered, and whether the line is left out of the total (it cannot be bought at all). */
export interface LineMark {
  text: string;
  excluded: boolean;
}

interface OrderSummaryProps {
  /** Null until the browser has read the cart (the server cannot see it). */
  lines: CartLine[] | null;
  /**
   * What keeps a line from being ordered, as the line says it ('No longer available.', 'Sold out.', a ring without a
   * size, what the store refused of a piece), or null when it can be ordered.
   */
  markOf: (line: CartLine) => LineMark | null;
  /** The lines that can be bought, priced with the chosen method (a bank wire pays the bank-wire price). */
  pricing: Pricing;
  /** The sales tax, as the store's quote says it for the address typed so far. */
  tax: TaxView;
  checking: boolean;
  /** §9's free gift: the store's word on it, and the shopper's choice at the second tier. */
  gift: { standing: GiftStanding | null; choice: GiftChoice; onChoose(choice: GiftChoice): void };
}

/**
 * The order summary (§2 Checkout): each stone with its shape image and quantity badge, carat, shape, color,
 * clarity and cut; each piece with its picture and quantity badge, name, options, ring size and engraving; each built
 * ring as one line, its parts priced item by item; the discount box (disabled, §9); subtotal; shipping not yet
 * calculated; the total in USD.
 * On phones it sits above the form, folded to one line with the total, and opens on demand.
 */
export function OrderSummary({ lines, markOf, pricing, tax, checking, gift }: OrderSummaryProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const shown = (cents: number) => (lines ? formatCents(cents) : '');
  const { subtotalCents, discountCents } = pricing;
  // The store's quote says the total once it has taxed the address; the lines' own total until then.
  const quote = tax.status === 'quoted' ? tax.quote : null;
  const totalCents = quote && quote.tax !== null ? priceToCents(quote.total)! : pricing.totalCents;
  return (
    <aside className="checkout-summary" aria-labelledby={`${id}-title`} data-open={open ? '' : undefined}>
      <button
        type="button"
        className="checkout-summary__toggle"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="checkout-summary__toggle-label">
          {open ? 'Hide order summary' : 'Show order summary'}
          <span className="checkout-summary__chevron" aria-hidden="true" />
        </span>
        <span className="checkout-summary__toggle-total">{shown(totalCents)}</span>
      </button>
      <div id={`${id}-body`} className="checkout-summary__body">
        <h2 id={`${id}-title`} className="checkout-summary__title">
          Order summary
        </h2>
        {lines === null ? (
          <div className="checkout-summary__loading" role="status">
            <span className="visually-hidden">Loading your order…</span>
            <span className="checkout-skeleton" aria-hidden="true" />
            <span className="checkout-skeleton checkout-skeleton--short" aria-hidden="true" />
          </div>
        ) : (
          <ul className="summary-lines" aria-label="Items in your order" aria-busy={checking || undefined}>
            {lines.map((line) => (
              <SummaryLine key={cartLineKey(line)} line={line} mark={markOf(line)} />
            ))}
          </ul>
        )}
        {lines !== null && <GiftChoicePanel subtotalCents={subtotalCents} standing={gift.standing} choice={gift.choice} onChoose={gift.onChoose} />}

        <div className="summary-discount">
          <label className="form-label" htmlFor={`${id}-discount`}>
            Discount code or gift card
          </label>
          <div className="summary-discount__row">
            <input id={`${id}-discount`} className="form-control" type="text" disabled aria-describedby={`${id}-discount-note`} />
            <button type="button" className="button summary-discount__apply" disabled>
              Apply
            </button>
          </div>
          <p id={`${id}-discount-note`} className="summary-note">
            Discount codes cannot be applied online yet; our team applies any offer you qualify for when confirming your order.
          </p>
        </div>

        <dl className="summary-totals">
          <div>
            <dt>Subtotal</dt>
            <dd data-testid="checkout-subtotal">{shown(subtotalCents)}</dd>
          </div>
          {discountCents > 0 && (
            <div>
              <dt>Bank wire price</dt>
              <dd data-testid="checkout-wire-saving">−{shown(discountCents)}</dd>
            </div>
          )}
          <div>
            <dt>Shipping</dt>
            <dd className="summary-totals__pending">Enter shipping address</dd>
          </div>
          <TaxRow tax={tax} shown={shown} />
          <div className="summary-totals__total">
            <dt>Total</dt>
            <dd>
              <span className="summary-totals__currency">USD</span> <span data-testid="checkout-total">{shown(totalCents)}</span>
            </dd>
          </div>
        </dl>
      </div>
    </aside>
  );
}

/**
 * The sales tax row: "Enter shipping address" until a ZIP or postal code is typed, then the quote's amount with
 * where it goes ("Sales tax (New York)"), a sentence where none is collected, or what to fix in the code.
 */
function TaxRow({ tax, shown }: { tax: TaxView; shown: (cents: number) => string }) {
  const quote = tax.status === 'quoted' ? tax.quote : null;
  const label = quote?.tax_place && quote.tax_status === 'collected' ? `Sales tax (${quote.tax_place})` : 'Sales tax';
  return (
    <div>
      <dt>{label}</dt>
      {tax.status === 'pending' ? (
        <dd className="summary-totals__pending">{tax.message}</dd>
      ) : tax.status === 'loading' ? (
        <dd className="summary-totals__pending" aria-busy="true">
          Calculating…
        </dd>
      ) : tax.status === 'failed' ? (
        <dd className="summary-totals__pending">Calculated when you pay</dd>
      ) : quote!.tax === null ? (
        <dd className="summary-totals__pending">{quote!.tax_message}</dd>
      ) : (
        <dd data-testid="checkout-tax">
          {shown(priceToCents(quote!.tax)!)}
          {quote!.tax_status === 'not_collected' && quote!.tax_message && <span className="summary-totals__note">{quote!.tax_message}</span>}
          {quote!.taxes.length > 1 && <span className="summary-totals__note">{quote!.taxes.map((t) => `${t.jurisdiction} ${t.rate}`).join(', ')}</span>}
        </dd>
      )}
    </div>
  );
}

/** One line of the order, drawn by its kind. */
function SummaryLine({ line, mark }: { line: CartLine; mark: LineMark | null }) {
  switch (line.kind) {
    case 'diamond':
      return <DiamondSummaryLine line={line} unavailable={mark !== null} />;
    case 'product':
      return <ProductSummaryLine line={line} mark={mark} />;
    case 'ring':
      return <RingSummaryLine line={line} mark={mark} />;
    default:
      return unknownKind(line);
  }
}

function DiamondSummaryLine({ line, unavailable }: { line: DiamondCartLine; unavailable: boolean }) {
  const { unitCents, totalCents } = priceCart([line], null).lines[0]!;
  const title = diamondTitle(line);
  return (
    <li className={unavailable ? 'summary-line summary-line--unavailable' : 'summary-line'} data-certificate={line.certificate_number}>
      <span className="summary-line__media">
        <SafeImage className="summary-line__image" src={`/shapes/${line.shape?.image ?? 'placeholder'}.svg`} alt="" width={56} height={56} />
        <span className="summary-line__badge" aria-hidden="true">
          {line.quantity}
        </span>
      </span>
      <span className="summary-line__info">
        <span className="summary-line__title">{title}</span>
        <span className="visually-hidden">{`Quantity ${line.quantity}.`}</span>
        <span className="summary-line__grades">
          {`${orNA(line.carat_weight?.toFixed(2))} ct · ${orNA(line.shape?.name)} · Color ${colorLabel(line)} · Clarity ${orNA(line.clarity?.name)} · Cut ${orNA(line.cut?.full_name)}`}
        </span>
        {unavailable && (
          <span className="summary-line__unavailable">
            No longer available. <Link to="/cart">Remove it from your cart</Link> to place your order.
          </span>
        )}
      </span>
      <span className="summary-line__price">{unavailable ? <s>{formatCents(unitCents)}</s> : formatCents(totalCents)}</span>
    </li>
  );
}

function ProductSummaryLine({ line, mark }: { line: ProductCartLine; mark: LineMark | null }) {
  const { unitCents, totalCents } = priceCart([line], null).lines[0]!;
  const choices = [
    line.ring_size ? ringSizeLabel(line.ring_size) : null,
    line.engraving ? `Engraving “${line.engraving}” (+${formatCents(line.engraving_cents || ENGRAVING.priceCents)})` : null,
  ].filter((d): d is string => d !== null);
  const details = [variantLabel(line, line.family), choices.join(' · '), mark?.excluded ? '' : supplyText(line)].filter(Boolean);
  return (
    <li className={mark?.excluded ? 'summary-line summary-line--piece summary-line--unavailable' : 'summary-line summary-line--piece'} data-variant={line.variant_id}>
      <span className="summary-line__media" aria-hidden="true">
        <PieceArt className="summary-line__art" design={line.design} metal={line.metal} title={line.name} />
        <span className="summary-line__badge">{line.quantity}</span>
      </span>
      <span className="summary-line__info">
        <span className="summary-line__title">{line.name}</span>
        <span className="visually-hidden">{`Quantity ${line.quantity}.`}</span>
        {details.map((d) => (
          <span key={d} className="summary-line__grades">
            {d}
          </span>
        ))}
        {mark && <MarkNote mark={mark} />}
      </span>
      <span className="summary-line__price">{mark?.excluded ? <s>{formatCents(unitCents)}</s> : formatCents(totalCents)}</span>
    </li>
  );
}

/**
 * A built ring as one line: the ring's picture, name and total; under them each part with its share of the price
 * (the contract's itemized price: the stone with its grades and certificate, the setting in its metal, its side
 * stones, the engraving), the size, and when it ships.
 */
function RingSummaryLine({ line, mark }: { line: RingCartLine; mark: LineMark | null }) {
  const ring = ringViewOfLine(line);
  const total = formatCents(line.price.totalCents);
  const rows = ringPriceRows(ring);
  // The contract lists the stone first and the setting second; what else tells them apart goes under each.
  const details = [[ring.stone.grades, certificateText(ring.stone)].filter(Boolean).join(' · '), settingText(ring)];
  const ships = mark?.excluded ? null : shipsByText(line.lead_days);
  return (
    <li
      className={mark?.excluded ? 'summary-line summary-line--piece summary-line--ring summary-line--unavailable' : 'summary-line summary-line--piece summary-line--ring'}
      data-ring={line.diamond.certificate_number}
    >
      <span className="summary-line__media" aria-hidden="true">
        <PieceArt className="summary-line__art" design={line.design} metal={line.metal} title="" />
        <span className="summary-line__badge">1</span>
      </span>
      <span className="summary-line__info">
        <span className="summary-line__title">{ringTitle(ring)}</span>
        <span className="visually-hidden">Quantity 1.</span>
        <span className="summary-line__grades">{[ringSizeText(line.ring_size, 'cart'), ships].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="summary-line__price">{mark?.excluded ? <s>{total}</s> : total}</span>
      <span className="summary-ring">
        {rows.map((row, i) => (
          <span key={row.label} className="summary-ring__row">
            <span className="summary-ring__part">
              {row.label}
              {row.label === 'Engraving' && line.engraving && ` “${line.engraving}”`}
              {details[i] && <span className="summary-ring__detail">{details[i]}</span>}
            </span>
            <span className="summary-ring__cents">{formatCents(row.cents)}</span>
          </span>
        ))}
        {mark && <MarkNote mark={mark} />}
      </span>
    </li>
  );
}

/** Why a line stops the order, with the way to the cart to change it. */
function MarkNote({ mark }: { mark: LineMark }) {
  return (
    <span className="summary-line__unavailable">
      {mark.text} <Link to="/cart">Change or remove it in your cart</Link> to place your order.
    </span>
  );
}
