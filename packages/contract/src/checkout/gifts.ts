/**
 * The free gift (§9 "Cart and promotions", "Legal terms shown"; docs/decisions/026-free-gifts.md), decided here and
 * nowhere else: the cart's progress messages, the checkout's choice, the gift the server puts on an order, what a
 * return must bring back and the terms page's rule all read these functions. Without Zod (pages use it on first load).
 *
 * - Tier 1 from a list subtotal of PROMOTIONS.freeNecklaceThreshold: the Diamond Necklace.
 * - Tier 2 from PROMOTIONS.freeBraceletThreshold: the Diamond Bracelet, or at the shopper's choice the Diamond Stud
 *   Earrings (so the home page's and the terms' "$2,500 (earrings)" stay true).
 * - One gift per order, the highest tier it reaches; one gift per account, ever: its first qualifying order that is
 *   not cancelled or expired.
 */
import { PROMOTIONS } from '../constants.ts';
import { dollarsToCents, formatCents } from '../money.ts';

export const GIFT_IDS = ['necklace', 'bracelet', 'earrings'] as const;
export type GiftId = (typeof GIFT_IDS)[number];
/** What a shopper may choose at tier 2 (the bracelet is preselected). */
export const GIFT_CHOICES = ['bracelet', 'earrings'] as const satisfies readonly GiftId[];
export type GiftChoice = (typeof GIFT_CHOICES)[number];
export const DEFAULT_GIFT_CHOICE: GiftChoice = 'bracelet';

/** Each gift: its name as the cart says it, the catalog product it is (by slug, seeded with the demo catalog), its tier. */
export const GIFTS: Record<GiftId, { name: string; slug: string; tier: 1 | 2 }> = {
  necklace: { name: 'Diamond Necklace', slug: 'gift-diamond-necklace', tier: 1 },
  bracelet: { name: 'Diamond Bracelet', slug: 'gift-diamond-bracelet', tier: 2 },
  earrings: { name: 'Diamond Stud Earrings', slug: 'gift-diamond-stud-earrings', tier: 2 },
};

/** The two tiers, in cents of the list subtotal, lowest first. */
export const GIFT_TIERS = [
  { tier: 1, thresholdCents: dollarsToCents(PROMOTIONS.freeNecklaceThreshold), gifts: ['necklace'] as GiftId[] },
  { tier: 2, thresholdCents: dollarsToCents(PROMOTIONS.freeBraceletThreshold), gifts: ['bracelet', 'earrings'] as GiftId[] },
] as const;

/** The list subtotal from which `gift` is given. */
export function giftThresholdCents(gift: GiftId): number {
  return GIFT_TIERS.find((t) => t.tier === GIFTS[gift].tier)!.thresholdCents;
}

/**
 * The gift a list subtotal earns, with the shopper's choice (read only at tier 2; null takes the bracelet), or null
 * below the first tier. One gift: the highest tier reached.
 */
export function giftFor(subtotalCents: number, choice: GiftChoice | null = null): GiftId | null {
  if (subtotalCents >= GIFT_TIERS[1].thresholdCents) return choice ?? DEFAULT_GIFT_CHOICE;
  if (subtotalCents >= GIFT_TIERS[0].thresholdCents) return 'necklace';
  return null;
}

/** Why an order carries no gift it reached (the order keeps it; the pages and the emails say it in these words). */
export const GIFT_OUTCOMES = ['given', 'out_of_stock', 'already_received'] as const;
export type GiftOutcome = (typeof GIFT_OUTCOMES)[number];

/** What the cart and the checkout know of the shopper: a signed-in account that has received its gift, and which gifts are out of stock. */
export interface GiftStanding {
  /** The order number that carries the account's gift, when a signed-in account has one; null otherwise (or a guest). */
  receivedWith: string | null;
  /** Gifts with no unit left (or missing from the catalog). */
  outOfStock: readonly GiftId[];
}

/** §9: progress toward one tier, measured on the list subtotal. */
export interface GiftProgress {
  /** The tier's gift as the cart names it (the necklace, the bracelet). */
  gift: string;
  thresholdCents: number;
  /** How far the subtotal is from the threshold, floored at 0. */
  remainingCents: number;
  qualifies: boolean;
  /** Reached, but a higher tier's gift takes its place (one gift per order): the cart does not show it as won. */
  superseded: boolean;
  /** 'You are $120.00 away from a free Diamond Necklace' or 'You qualify for a free Diamond Necklace!'. */
  message: string;
}

const tierName = (tier: 1 | 2) => (tier === 1 ? GIFTS.necklace.name : GIFTS.bracelet.name);

/**
 * §4/§9: how far `subtotalCents` is from each tier, and the cart's message for each. Below a tier: "You are $X away
 * from a free …". The tier reached: "You qualify for a free …!". Past tier 2 the necklace is not a second gift, so its
 * line says the bracelet takes its place.
 */
export function giftProgress(subtotalCents: number): GiftProgress[] {
  const top = giftFor(subtotalCents) === null ? 0 : GIFTS[giftFor(subtotalCents)!].tier;
  return GIFT_TIERS.map(({ tier, thresholdCents }) => {
    const gift = tierName(tier);
    const remainingCents = Math.max(0, thresholdCents - subtotalCents);
    const qualifies = remainingCents === 0;
    const superseded = qualifies && tier < top;
    const message = superseded
      ? `One gift per order: the free ${tierName(2)} takes the place of the ${gift}.`
      : qualifies
        ? `You qualify for a free ${gift}!`
        : `You are ${formatCents(remainingCents)} away from a free ${gift}`;
    return { gift, thresholdCents, remainingCents, qualifies, superseded, message };
  });
}

/** The checkout's question at tier 2, and the cart's word that it will be asked. */
export const GIFT_CHOICE_TEXT = `Choose your free gift: the ${GIFTS.bracelet.name} or ${GIFTS.earrings.name}.`;
export const GIFT_CHOICE_HINT = `At checkout you may take ${GIFTS.earrings.name} instead of the bracelet.`;

/** What the cart and the checkout say of the gift beyond the progress, or null when the progress says it all. */
export function giftNotice(subtotalCents: number, standing: GiftStanding, choice: GiftChoice | null = null): string | null {
  if (standing.receivedWith !== null) return receivedMessage(standing.receivedWith);
  const gift = giftFor(subtotalCents, choice);
  if (gift === null) return null;
  if (standing.outOfStock.includes(gift)) return outOfStockMessage(gift);
  return null;
}

export const receivedMessage = (orderNumber: string) =>
  `Your account has already received its free gift, with order ${orderNumber}: one gift per customer, so this order comes without one.`;
export const outOfStockMessage = (gift: GiftId) =>
  `The free ${GIFTS[gift].name} is out of stock. An order placed now comes without it, and your account keeps its right to a free gift.`;

/**
 * The order page's, the confirmation's and the emails' words for an order's gift; `givenBack` when a given gift went
 * back (the order cancelled or its hold expired, or the gift returned).
 */
export function giftOutcomeText(outcome: GiftOutcome, gift: GiftId, givenBack: 'cancelled' | 'returned' | null = null): string {
  switch (outcome) {
    case 'given':
      if (givenBack === 'cancelled') return `The free ${GIFTS[gift].name} went back with this order, which did not go ahead: your account may receive its free gift with a later order.`;
      if (givenBack === 'returned') return `The free ${GIFTS[gift].name} came back with your return: your account may receive its free gift with a later order.`;
      return `Your free gift, the ${GIFTS[gift].name}, comes with this order (one gift per customer).`;
    case 'out_of_stock':
      return `This order reached a free ${GIFTS[gift].name}, which was out of stock: it was placed without it, and your account keeps its right to a free gift.`;
    case 'already_received':
      return 'Your account had already received its free gift, so this order came without one (one gift per customer).';
  }
}

/** The terms page's rule, beneath §9's legal line (which states less than this, never more). */
export const GIFT_RULE_TEXT = [
  `We add a free ${GIFTS.necklace.name} to an order whose subtotal, before any bank-wire discount, is ${formatCents(GIFT_TIERS[0].thresholdCents)} or more, and, from ${formatCents(GIFT_TIERS[1].thresholdCents)}, a free ${GIFTS.bracelet.name} or, at your choice, ${GIFTS.earrings.name} instead.`,
  'An order carries one gift, the highest it reaches, and each customer receives one gift, with their first order that reaches it. If that order is cancelled, or its hold expires unpaid, the gift goes back and a later order may carry one.',
  'When the gift is out of stock, the cart and checkout say so; the order is placed without it and your account keeps its right to a gift.',
  'If a return brings what you keep below the gift’s threshold, the gift is returned with it, at no charge either way.',
] as const;

/**
 * Whether a return must bring the gift back: what the shopper keeps (the list subtotal of the lines not returned,
 * gift aside) is below the gift's threshold.
 */
export function giftMustReturn(gift: GiftId, keptSubtotalCents: number): boolean {
  return keptSubtotalCents < giftThresholdCents(gift);
}

/** The answer's words when a return takes the gift back with it. */
export const giftReturnedMessage = (gift: GiftId) =>
  `What you keep is below the free ${GIFTS[gift].name}’s threshold, so the gift is part of this return: please send it back in the same parcel. It refunds nothing.`;
