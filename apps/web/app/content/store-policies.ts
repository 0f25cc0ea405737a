import { GIFT_RULE_TEXT, WELCOME_OFFER } from '@everstone/contract/core';
import { FINANCING_TEXT } from './education/facts';

/**
 * The store's policies and promotions as SPEC §9 states them, written once so that the Terms, the Home
 * Preview page, the FAQs and the offer pages cannot disagree.
 */

/** When the Terms and the Privacy Policy last changed. */
export const POLICIES_UPDATED = { iso: '2026-11-01', label: 'November 1, 2026' } as const;

export const RETURNS_TEXT =
  'You may return an item within 30 days of delivery for a refund. Each customer may make one return every six months.';

export const WIRE_HOLD_TEXT =
  'When you choose to pay by bank wire, we hold your diamond for up to 24 hours while we wait for the transfer to arrive.';

export const ONE_ORDER_TEXT = 'You may have one diamond ring or loose diamond order in progress at a time.';

export const CARAT_VARIANCE_TEXT = 'Carat weight may vary 10 to 20 percent from the weight stated for a piece.';

export const GIA_RECHECK_TEXT =
  'Diamonds above 1.99 carats that come back to us are re-checked by GIA before a return is accepted.';

export const SHIPPING_TEXT =
  'Shipping is free and fully insured. We deliver to addresses in the United States and Canada, and checkout is in US dollars (USD).';

export const WARRANTY_TEXT = 'Every piece is covered by our lifetime warranty, and resizing is free.';

export const UPGRADE_TEXT =
  'With our lifetime diamond upgrade, 100% of the price you paid for a diamond counts as credit toward a new certified diamond priced at least twice the original.';

export { FINANCING_TEXT };

/** Home Preview, exactly as §9 states it. */
export const HOME_PREVIEW_TERMS: readonly string[] = [
  'We charge $100 per replica ring for a Home Preview order, taken by our team before the replicas ship, and refund that charge when the replicas are returned.',
  'Each order holds a maximum of two replica rings.',
  'You may place two Home Preview orders every six months.',
  'You may keep the replicas for three days.',
  'Home Preview is available in the United States only.',
  'Shipping is free both ways.',
];

export const WELCOME_TEXT = `Use code ${WELCOME_OFFER.code} for ${WELCOME_OFFER.text.charAt(0).toLowerCase()}${WELCOME_OFFER.text.slice(1)}`;

/** §9's legal line, verbatim; the store's precise rule (which gives at least this) is the contract's GIFT_RULE_TEXT. */
export const FREE_GIFT_TEXT = 'Free gift at over $1,000 spend (necklace) or $2,500 (earrings), one per customer.';
export { GIFT_RULE_TEXT };

export const GET50_TEXT = 'Use code GET50 at checkout for $50 off orders above $1,000.';

export const GROUP_OFFER_TEXT =
  'Verified military members, nurses and first responders receive $100 off orders of $2,000 and above.';

/** §9: who may use the site and how long a claim may wait. */
export const MINIMUM_AGE_TEXT =
  'You must be at least 16 years old to use our site. If you are under 18, you may use it only with the involvement and consent of a parent or legal guardian.';

export const CLAIMS_TEXT = 'Any claim arising from these terms or from a purchase must be filed within one year after it arises.';

export const PRIVACY_CLAIMS_TEXT =
  'Any claim about how we handle your personal information must be filed within one year after it arises.';
