import { z } from 'zod';
import { GIFTS, GIFT_IDS } from './gifts.ts';

/**
 * GET /api/free-gift: what the cart and the checkout say of §9's gift beyond the progress (gifts.ts `giftNotice`):
 * whether a signed-in account has received its one gift (the order that carries it), and which gifts are out of stock.
 */
export const giftStandingSchema = z.object({
  received_with: z.string().nullable(),
  out_of_stock: z.array(z.enum(GIFT_IDS)),
  /** Each gift's piece in the catalog (its slug, for a link and a picture). */
  pieces: z.array(z.object({ gift: z.enum(GIFT_IDS), name: z.string(), slug: z.string() })),
});
export type GiftStandingResponse = z.infer<typeof giftStandingSchema>;

/** The pieces of every gift, as the answer lists them. */
export const GIFT_PIECES = GIFT_IDS.map((gift) => ({ gift, name: GIFTS[gift].name, slug: GIFTS[gift].slug }));
