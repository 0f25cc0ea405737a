import { useId, useState } from 'react';
import { Link } from 'react-router';
import { colorLabel, diamondTitle, formatCents, orNA, type Pricing } from '@everstone/contract/core';
import { cartLineKey, priceCart, unknownKind, type CartLine, type DiamondCartLine } from '../../lib/cart';
import { SafeImage } from '../../components/ui/safe-image';

interface OrderSummaryProps {
  /** Null until the browser has read the cart (the server cannot see it). */
  lines: CartLine[] | null;
  /** Whether a line can no longer be bought (the cart's check found its stone gone). */
  isUnavailable: (line: CartLine) => boolean;
  /** The lines that can be bought, priced with the chosen method (a bank wire pays the bank-wire price). */
  pricing: Pricing;
  checking: boolean;
}

/**
 * The order summary (§2 Checkout): each stone with its shape image and quantity badge, carat, shape, color,
 * clarity and cut; the discount box (disabled, §9); subtotal; shipping not yet calculated; the total in USD.
 * On phones it sits above the form, folded to one line with the total, and opens on demand.
 */
export function OrderSummary({ lines, isUnavailable, pricing, checking }: OrderSummaryProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const shown = (cents: number) => (lines ? formatCents(cents) : '');
  const { subtotalCents, discountCents, totalCents } = pricing;
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
              <SummaryLine key={cartLineKey(line)} line={line} unavailable={isUnavailable(line)} />
            ))}
          </ul>
        )}

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

/** One line of the order, drawn by its kind. */
function SummaryLine({ line, unavailable }: { line: CartLine; unavailable: boolean }) {
  switch (line.kind) {
    case 'diamond':
      return <DiamondSummaryLine line={line} unavailable={unavailable} />;
    default:
      return unknownKind(line.kind);
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
