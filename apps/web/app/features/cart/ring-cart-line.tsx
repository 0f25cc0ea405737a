import { Link } from 'react-router';
import { formatCents, shipsByText } from '@everstone/contract/core';
import { PieceArt } from '../../components/jewelry/piece-art';
import { cartLineKey, removeFromCart, type RingCartLine } from '../../domain/cart';
import { handOver } from '../../domain/diamond-handoff';
import {
  anotherSettingPath,
  anotherStonePath,
  certificateText,
  editRingPath,
  ringPriceRows,
  ringSizeText,
  ringTitle,
  ringViewOfLine,
  settingText,
} from '../../domain/ring-lines';
import { ringUnavailabilityReason, type RingUnavailability } from './cart-check';

/**
 * A ring built in the ring builder, in the cart as one ring: its picture (the setting holding this stone), its name,
 * its parts (the center stone with its certificate, the setting, the size, the engraving), its price item by item,
 * when it ships, a way back to the builder to change it, and Remove, which takes stone and setting out together.
 * It has no quantity: its stone is one of a kind.
 */
export function RingCartLineItem({ line, unavailable }: { line: RingCartLine; unavailable: RingUnavailability | null }) {
  const ring = ringViewOfLine(line);
  const title = ringTitle(ring);
  const key = cartLineKey(line);
  const rows = ringPriceRows(ring);
  const total = formatCents(line.price.totalCents);
  const way =
    unavailable?.part === 'stone'
      ? { to: anotherStonePath(ring), label: 'Choose another diamond for this setting' }
      : unavailable
        ? { to: anotherSettingPath(ring), label: 'Choose another setting for this diamond' }
        : null;
  return (
    <li
      className={unavailable ? 'cart-line cart-line--ring cart-line--unavailable' : 'cart-line cart-line--ring'}
      data-ring={line.diamond.certificate_number}
    >
      <PieceArt className="cart-line__image cart-line__art" design={line.design} metal={line.metal} title={title} />
      <h2 className="cart-line__title cart-line__heading">
        <Link to={editRingPath(ring)}>{title}</Link>
      </h2>
      <div className="cart-line__info">
        <dl className="ring-parts">
          <div className="ring-parts__row">
            <dt>Center stone</dt>
            <dd>
              <Link to={`/diamond-details/${line.diamond.diamondid}`} onClick={() => handOver(line.diamond)}>
                {ring.stone.title}
              </Link>
              {ring.stone.grades && <span className="ring-parts__detail">{ring.stone.grades}</span>}
              <span className="ring-parts__detail">{certificateText(ring.stone)}</span>
            </dd>
          </div>
          <div className="ring-parts__row">
            <dt>Setting</dt>
            <dd>
              {line.setting_name}
              <span className="ring-parts__detail">{settingText(ring)}</span>
            </dd>
          </div>
          <div className="ring-parts__row">
            <dt>Ring size</dt>
            <dd>{ringSizeText(line.ring_size, 'cart')}</dd>
          </div>
          {line.engraving && (
            <div className="ring-parts__row">
              <dt>Engraving</dt>
              <dd className="ring-parts__engraving">“{line.engraving}”</dd>
            </div>
          )}
        </dl>
        {unavailable ? (
          <p className="cart-line__unavailable">
            <strong>No longer available.</strong> {ringUnavailabilityReason(unavailable)} It is not included in your subtotal.{' '}
            {way && <Link to={way.to}>{way.label}</Link>}
          </p>
        ) : (
          <>
            <div className="ring-price">
              <h3 className="ring-price__title">Price details</h3>
              <dl className="ring-price__rows">
                {rows.map((row) => (
                  <div key={row.label}>
                    <dt>{row.label}</dt>
                    <dd>{formatCents(row.cents)}</dd>
                  </div>
                ))}
                <div className="ring-price__total">
                  <dt>Ring total</dt>
                  <dd>{total}</dd>
                </div>
              </dl>
            </div>
            <p className="cart-line__supply">Set and polished for you · {shipsByText(line.lead_days)}</p>
          </>
        )}
      </div>
      <div className="cart-line__actions">
        <p className="cart-line__price">
          <span className="visually-hidden">Price: </span>
          {unavailable ? <s>{total}</s> : total}
        </p>
        {!unavailable && <p className="cart-line__each">One of a kind</p>}
      </div>
      <div className="cart-line__links">
        <Link className="cart-line__edit" to={editRingPath(ring)} aria-label={`Edit ring: ${title}`}>
          Edit ring
        </Link>
        <button type="button" className="cart-line__remove" aria-label={`Remove ${title}`} onClick={() => removeFromCart(key)}>
          Remove
        </button>
      </div>
    </li>
  );
}
