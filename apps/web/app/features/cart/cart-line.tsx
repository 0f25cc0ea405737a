import { Link } from 'react-router';
import { colorLabel, diamondTitle, formatMoney, orNA } from '@everstone/contract/core';
import { changeQuantity, removeFromCart, type CartLine } from '../../lib/cart';
import { MAX_DIAMOND_QUANTITY, unavailabilityReason, type Unavailability } from './cart-check';
import { SafeImage } from '../../components/ui/safe-image';
import { QuantityControl } from './quantity-control';
import { handOver } from '../../lib/diamond-handoff';

/** One stone in the cart: its picture, title and grades, the quantity, the price and a remove button. */
export function CartLineItem({ line, unavailable }: { line: CartLine; unavailable: Unavailability | null }) {
  const title = diamondTitle(line);
  const grades = [
    ['Color', colorLabel(line)],
    ['Clarity', orNA(line.clarity?.name)],
    ['Cut', orNA(line.cut?.full_name)],
  ] as const;
  return (
    <li className={unavailable ? 'cart-line cart-line--unavailable' : 'cart-line'} data-certificate={line.certificate_number}>
      <SafeImage
        className="cart-line__image"
        src={`/shapes/${line.shape?.image ?? 'placeholder'}.svg`}
        alt=""
        width={88}
        height={88}
        loading="lazy"
      />
      <div className="cart-line__info">
        <h2 className="cart-line__title">
          <Link to={`/diamond-details/${line.diamondid}`} onClick={() => handOver(line)}>
            {title}
          </Link>
        </h2>
        <ul className="cart-line__grades" aria-label="Grades">
          {grades.map(([label, value]) => (
            <li key={label}>
              <span className="cart-line__label">{label}</span> {value}
            </li>
          ))}
        </ul>
        <p className="cart-line__certificate">
          <span className="cart-line__label">{orNA(line.certificate_company?.dl_name)} certificate</span>{' '}
          {line.certificate_number}
        </p>
        {unavailable && (
          <p className="cart-line__unavailable">
            <strong>No longer available.</strong> {unavailabilityReason(unavailable)} It is not included in your subtotal.
          </p>
        )}
      </div>
      <div className="cart-line__actions">
        <p className="cart-line__price">
          <span className="visually-hidden">Price: </span>
          {unavailable ? <s>{formatMoney(line.price)}</s> : formatMoney(line.price)}
          {!unavailable && line.quantity > 1 && (
            <span className="cart-line__each"> each, {formatMoney(line.price * line.quantity)} in all</span>
          )}
        </p>
        {!unavailable && (
          <QuantityControl
            quantity={line.quantity}
            max={MAX_DIAMOND_QUANTITY}
            itemName={title}
            onChange={(delta) => changeQuantity(line.certificate_number, delta, delta > 0 ? MAX_DIAMOND_QUANTITY : undefined)}
          />
        )}
      </div>
      <button
        type="button"
        className="cart-line__remove"
        aria-label={`Remove ${title}`}
        onClick={() => removeFromCart(line.certificate_number)}
      >
        Remove
      </button>
    </li>
  );
}
