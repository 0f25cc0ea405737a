/**
 * Holding a stone in the ring builder, without Zod: the limits, the words, and when a hold ends (the search's rows say
 * it of a held stone on first load). docs/decisions/015-ring-builder.md.
 */

/**
 * A signed-in shopper on step 3 may hold the center stone for HOLD.minutes (the server's BUILDER_HOLD_MINUTES may
 * change it): nobody else can order it meanwhile, and others see it on hold and when it frees. So that holds cannot
 * take stones off the search, an account holds one stone at a time (a new hold lets the old one go), an address
 * (an IPv4 address, an IPv6 /64) holds at most `perAddress` at once (an IPv6 /56 four times and a /48 sixteen times
 * as many), and one account may hold the same stone at most `perStonePerDay` times
 * in a day. Renewing a running hold (the checkout page does) keeps it going, but never past `longestSpans` holds'
 * time from when it was taken, so no script can keep a stone off sale by renewing it. Placing an order turns the
 * hold into the order's reservation.
 */
export const HOLD = {
  minutes: 15,
  perAccount: 1,
  perAddress: 3,
  perStonePerDay: 2,
  /** Renewing (the checkout page does) keeps a hold going at most this many holds' time from when it was taken. */
  longestSpans: 2,
} as const;

export const HOLD_MESSAGES = {
  signIn: 'Please sign in to hold this diamond while you decide.',
  heldByOther: (until: string) => `Another shopper is holding this diamond until ${until}. It can be ordered again after that if they do not buy it.`,
  notAvailable: 'This diamond is no longer available, so it cannot be held.',
  perAddress: `At most ${HOLD.perAddress} diamonds can be held at once from one connection. Please let one go, or wait for a hold to end.`,
  /** An IPv6 client's /56 or /48 holds as many as its larger allowance lets it (CLIENT_PREFIXES on the server). */
  perNetwork: 'Shoppers on your network are holding as many diamonds as one network may at once. Please wait for a hold to end; you can still order the diamond without holding it.',

  perStonePerDay: `You have held this diamond ${HOLD.perStonePerDay} times today, which is as often as one diamond can be held by one shopper in a day. You can still order it while it is available.`,
  noHold: 'You are not holding this diamond.',
} as const;

/** '3:45 PM': when a hold ends, in the reader's time zone (`zone` on the server, e.g. an email). */
export function holdEndText(expiresAt: string, zone?: string): string {
  return new Date(expiresAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone });
}
