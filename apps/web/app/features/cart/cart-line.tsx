import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  ENGRAVING,
  ENGRAVING_MESSAGES,
  RING_FAMILIES,
  RING_SIZE_UNKNOWN,
  RING_SIZES,
  colorLabel,
  diamondTitle,
  engravingProblem,
  formatCents,
  orNA,
  ringSizeLabel,
  variantLabel,
} from '@everstone/contract/core';
import { SafeImage } from '../../components/ui/safe-image';
import { PieceArt } from '../../components/jewelry/piece-art';
import {
  MAX_PRODUCT_QUANTITY,
  cartLineKey,
  changeQuantity,
  maxQuantityOf,
  priceCart,
  removeFromCart,
  unknownKind,
  updateProductChoices,
  useCart,
  type CartLine,
  type DiamondCartLine,
  type ProductCartLine,
} from '../../domain/cart';
import { handOver } from '../../domain/diamond-handoff';
import { supplyText, variantPath } from '../../domain/piece-lines';
import {
  MAX_DIAMOND_QUANTITY,
  lineProblem,
  ringUnavailability,
  unavailability,
  unavailabilityReason,
  unavailabilityTitle,
  type Unavailability,
} from './cart-check';
import { QuantityControl } from './quantity-control';
import { RingCartLineItem } from './ring-cart-line';

interface LineProps<L extends CartLine> {
  line: L;
  unavailable: Unavailability | null;
}

/**
 * One line of the cart, drawn by its kind (a new kind does not compile until it has a component here), marked when
 * it cannot be bought (`missing`: the check keys the store no longer has).
 */
export function CartLineItem({ line, missing }: { line: CartLine; missing: ReadonlySet<string> }) {
  switch (line.kind) {
    case 'diamond':
      return <DiamondCartLineItem line={line} unavailable={unavailability(line, missing)} />;
    case 'product':
      return <ProductCartLineItem line={line} unavailable={unavailability(line, missing)} />;
    case 'ring':
      return <RingCartLineItem line={line} unavailable={ringUnavailability(line, missing)} />;
    default:
      return unknownKind(line);
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
            limitNote="Each diamond is one of a kind"
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

/** Why a piece's quantity stops where it does: the shelf, or the most one line of an order holds. */
export function quantityLimitNote(line: ProductCartLine): string {
  return line.stock !== null && line.stock < MAX_PRODUCT_QUANTITY ? `Only ${line.stock} in stock` : `At most ${MAX_PRODUCT_QUANTITY} per order`;
}

/**
 * One piece of jewelry in the cart: its picture, name (to its product page, on this variant), what tells the variant
 * apart, the ring size and engraving (changed here, on the line), how it is supplied, the quantity up to what the
 * piece allows, the price and a remove button.
 */
function ProductCartLineItem({ line, unavailable }: LineProps<ProductCartLine>) {
  const key = cartLineKey(line);
  const max = maxQuantityOf(line, useCart());
  const { unitCents, totalCents } = priceCart([line], null).lines[0]!;
  const ring = RING_FAMILIES.includes(line.family);
  return (
    <li className={unavailable ? 'cart-line cart-line--product cart-line--unavailable' : 'cart-line cart-line--product'} data-variant={line.variant_id}>
      <PieceArt className="cart-line__image cart-line__art" design={line.design} metal={line.metal} title={line.name} />
      <div className="cart-line__info">
        <h2 className="cart-line__title">
          <Link to={variantPath(line)}>{line.name}</Link>
        </h2>
        <p className="cart-line__variant">{variantLabel(line, line.family)}</p>
        {!unavailable && ring && <RingSizeChoice line={line} lineKey={key} />}
        {unavailable && ring && line.ring_size && <p className="cart-line__choice-text">{ringSizeLabel(line.ring_size)}</p>}
        {!unavailable && line.engravable ? (
          <EngravingChoice line={line} lineKey={key} />
        ) : (
          line.engraving && (
            <p className="cart-line__choice-text">
              <span className="cart-line__label">Engraving</span> “{line.engraving}”
            </p>
          )
        )}
        {!unavailable && <p className="cart-line__supply">{supplyText(line)}</p>}
        {unavailable && (
          <p className="cart-line__unavailable">
            <strong>{unavailabilityTitle(unavailable)}.</strong> {unavailabilityReason(unavailable, 'product')} It is not included in your
            subtotal.
          </p>
        )}
      </div>
      <div className="cart-line__actions">
        <p className="cart-line__price">
          <span className="visually-hidden">Price: </span>
          {unavailable ? <s>{formatCents(unitCents)}</s> : formatCents(unitCents)}
          {!unavailable && line.quantity > 1 && <span className="cart-line__each"> each, {formatCents(totalCents)} in all</span>}
        </p>
        {!unavailable && (
          <QuantityControl
            quantity={line.quantity}
            max={max}
            itemName={line.name}
            limitNote={quantityLimitNote(line)}
            onChange={(delta) => changeQuantity(key, delta, delta > 0 ? max : undefined)}
          />
        )}
      </div>
      <button type="button" className="cart-line__remove" aria-label={`Remove ${line.name}`} onClick={() => removeFromCart(key)}>
        Remove
      </button>
    </li>
  );
}

/**
 * The ring's size, changed in place. 'I don't know the size yet' (one free resize later) only for a ring that can be
 * resized; a ring without a size says so, as the store refuses to order it.
 */
function RingSizeChoice({ line, lineKey }: { line: ProductCartLine; lineKey: string }) {
  const id = useId();
  const problem = lineProblem(line);
  const chosen = line.ring_size && (line.ring_size !== RING_SIZE_UNKNOWN || line.resizable) ? line.ring_size : '';
  return (
    <div className="cart-choice">
      <label className="cart-choice__label" htmlFor={id}>
        Ring size
      </label>
      <select
        id={id}
        className="form-control cart-choice__select"
        value={chosen}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => updateProductChoices(lineKey, { ring_size: event.target.value || null })}
      >
        {chosen === '' && (
          <option value="" disabled>
            Choose a size
          </option>
        )}
        {RING_SIZES.map((size) => (
          <option key={size} value={size}>
            {ringSizeLabel(size)}
          </option>
        ))}
        {line.resizable && <option value={RING_SIZE_UNKNOWN}>I don&apos;t know the size yet — one free resize</option>}
      </select>
      {problem && (
        <p className="cart-choice__problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The engraving, changed in place: saved when the field is left or Enter is pressed, when the jeweler can engrave
 * it (ENGRAVING's characters and length). Empty removes it.
 */
function EngravingChoice({ line, lineKey }: { line: ProductCartLine; lineKey: string }) {
  const id = useId();
  const saved = line.engraving ?? '';
  const [draft, setDraft] = useState(saved);
  const problem = engravingProblem(draft.trim());
  const save = () => {
    const text = draft.trim();
    if (problem || text === saved) return;
    updateProductChoices(lineKey, { engraving: text || null, engraving_cents: ENGRAVING.priceCents });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save();
  };
  const describedBy = [`${id}-hint`, problem ? `${id}-problem` : '', saved ? `${id}-returns` : ''].filter(Boolean).join(' ');
  return (
    <form className="cart-choice" onSubmit={submit} aria-label={`Engraving of ${line.name}`}>
      <label className="cart-choice__label" htmlFor={id}>
        Engraving <span className="cart-choice__price">+{formatCents(ENGRAVING.priceCents)}</span>
      </label>
      <div className="cart-choice__row">
        <input
          id={id}
          className="form-control cart-choice__input"
          type="text"
          value={draft}
          maxLength={ENGRAVING.maxLength}
          placeholder="Add an engraving"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={save}
        />
        {draft.trim() !== saved && !problem && (
          <button type="submit" className="cart-choice__save">
            {draft.trim() ? 'Save' : 'Remove'}
          </button>
        )}
      </div>
      <p className="cart-choice__hint" id={`${id}-hint`}>
        Up to {ENGRAVING.maxLength} characters, inside the band.
      </p>
      {problem && (
        <p className="cart-choice__problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      {saved && (
        <p className="cart-choice__hint" id={`${id}-returns`}>
          {ENGRAVING_MESSAGES.returns}
        </p>
      )}
    </form>
  );
}
