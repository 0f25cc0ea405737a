import { useId } from 'react';
import { GIFTS, GIFT_CHOICES, GIFT_CHOICE_TEXT, giftFor, giftNotice, type GiftChoice, type GiftStanding } from '@everstone/contract/core';

interface GiftChoiceProps {
  /** The list subtotal of the lines that can be bought (the gift is measured on it whatever the method). */
  subtotalCents: number;
  /** The store's word on the gift (out of stock, already received), null until it answers. */
  standing: GiftStanding | null;
  choice: GiftChoice;
  onChoose(choice: GiftChoice): void;
}

/**
 * §9's free gift at checkout, from the contract's rule: the gift the order will carry at $0, the choice between the
 * bracelet and the earrings at the second tier (the bracelet preselected), and, before payment, that the gift is out
 * of stock or that the account has received its one gift.
 */
export function GiftChoicePanel({ subtotalCents, standing, choice, onChoose }: GiftChoiceProps) {
  const id = useId();
  const gift = giftFor(subtotalCents, choice);
  if (gift === null) return null;
  const notice = standing ? giftNotice(subtotalCents, standing, choice) : null;
  const received = standing?.receivedWith != null;
  return (
    <section className="summary-gift" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="summary-gift__title">
        Free gift
      </h3>
      {GIFTS[gift].tier === 2 && !received ? (
        <fieldset className="summary-gift__choice">
          <legend>{GIFT_CHOICE_TEXT}</legend>
          {GIFT_CHOICES.map((c) => (
            <label key={c} className="summary-gift__option">
              <input type="radio" name={`${id}-gift`} value={c} checked={choice === c} onChange={() => onChoose(c)} />
              <span>{GIFTS[c].name}</span>
              <span className="summary-gift__price">$0.00</span>
            </label>
          ))}
        </fieldset>
      ) : (
        !received && (
          <p className="summary-gift__line">
            <span>{GIFTS[gift].name}</span> <span className="summary-gift__price">$0.00</span>
          </p>
        )
      )}
      {notice ? (
        <p className="summary-gift__notice" role="status" data-testid="checkout-gift-notice">
          {notice}
        </p>
      ) : (
        <p className="summary-note">One free gift per customer, added to this order at no charge.</p>
      )}
    </section>
  );
}
