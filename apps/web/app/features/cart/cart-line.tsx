import { Link } from 'react-router';
import { colorLabel, diamondTitle, formatCents, orNA } from '@everstone/contract/core';
import { SafeImage } from '../../components/ui/safe-image';
import { cartLineKey, changeQuantity, priceCart, removeFromCart, unknownKind, type CartLine, type DiamondCartLine } from '../../lib/cart';
import { handOver } from '../../lib/diamond-handoff';
import { MAX_DIAMOND_QUANTITY, unavailabilityReason, type Unavailability } from './cart-check';
import { QuantityControl } from './quantity-control';

interface LineProps<L extends CartLine> {
  line: L;
  unavailable: Unavailability | null;
}

/** One line of the cart, drawn by its kind (a new kind does not compile until it has a component here). */
export function CartLineItem({ line, unavailable }: LineProps<CartLine>) {
  switch (line.kind) {
    case 'diamond':
      return <DiamondCartLineItem line={line} unavailable={unavailable} />;
    default:
      return unknownKind(line.kind);
  }
}

/** One stone in the cart: its picture, title and grades, the quantity, the price and a remove button. */
function DiamondCartLineItem({ line, unavailable }: LineProps<DiamondCartLine>) {
  const title = diamondTitle(line);
  const key = cartLineKey(line);
  const { unitCents, totalCents } = priceCart([line], null).lines[0]!;
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
          {unavailable ? <s>{formatCents(unitCents)}</s> : formatCents(unitCents)}
          {!unavailable && line.quantity > 1 && (
            <span className="cart-line__each"> each, {formatCents(totalCents)} in all</span>
          )}
        </p>
        {!unavailable && (
          <QuantityControl
            quantity={line.quantity}
            max={MAX_DIAMOND_QUANTITY}
            itemName={title}
            onChange={(delta) => changeQuantity(key, delta, delta > 0 ? MAX_DIAMOND_QUANTITY : undefined)}
          />
        )}
      </div>
      <button type="button" className="cart-line__remove" aria-label={`Remove ${title}`} onClick={() => removeFromCart(key)}>
        Remove
      </button>
    </li>
  );
}
