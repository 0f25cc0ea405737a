/**
 * Proving an account's email address, without Zod (the storefront's first load shows these): a link emailed to the
 * address, used once within EMAIL_VERIFICATION.linkHours. An account holds no stone in the ring builder until its
 * address is verified, and its unpaid orders count toward the store-wide ceiling (UNPAID_HOLD_CEILING) until it is
 * verified and has a paid order. docs/security.md, "Hoarding or double-selling stones".
 */

export const EMAIL_VERIFICATION = {
  /** How long a verification link works. A link only proves an address (it signs nobody in), so it may wait a few days in an inbox. */
  linkHours: 72,
} as const;

export const VERIFICATION_MESSAGES = {
  /** Under the sign-up form, after 'Registration successful!'. */
  checkInbox: (email: string) => `We have emailed a link to ${email}. Open it to verify your email address.`,
  linkSent: (email: string) => `We have emailed a new link to ${email}. It works once, within ${EMAIL_VERIFICATION.linkHours / 24} days.`,
  verified: 'Your email address is verified. Thank you.',
  alreadyVerified: 'Your email address is already verified.',
  invalid: 'This verification link is not valid. Please sign in and ask for a new one from your profile.',
  expired: 'This verification link has expired. Please sign in and ask for a new one from your profile.',
  used: 'This verification link has already been used. If you used it, your email address is verified: your profile says so.',
  /** The ring builder refuses a hold (403) to an account whose address is not verified. */
  holdNeedsVerified:
    'Please verify your email address to hold a diamond: open the link we emailed you when you signed up, or send yourself a new one. You can still add the ring to your cart and order it.',
  /** The profile's word for an address not yet verified. */
  notVerified: 'Your email address is not verified yet.',
} as const;
