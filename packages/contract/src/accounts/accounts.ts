/**
 * Contracts of accounts: sign-up, sign-in, the current user, password reset, account details and saved
 * addresses (SPEC §2 Sign In / Sign up / Reset / Profile, §3 payloads, §7 calls). The browser may validate with
 * these schemas before sending; the server validates again with the same ones.
 */
import { z } from 'zod';
import { emailField, optionalText, positiveId, requiredPhone, requiredText } from '../fields.ts';
import { VERIFICATION_MESSAGES } from './verification.ts';

/** §2 Sign up: the title select. */
export const TITLES = ['Mr', 'Mrs', 'Ms'] as const;
export type Title = (typeof TITLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any password manager; bounds the work one request can ask of the password hash. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
/** The earliest birth or anniversary date accepted: anything before is a typing slip (0199 for 1990). */
export const EARLIEST_DATE = '1900-01-01';

/** §9 Checkout: delivery countries. Saved addresses are delivery addresses, so the same two. */
export const DELIVERY_COUNTRIES = ['United States', 'Canada'] as const;
export type DeliveryCountry = (typeof DELIVERY_COUNTRIES)[number];
/** How many addresses one account may keep. */
export const MAX_ADDRESSES_PER_USER = 20;

/** The server's fixed texts, for the storefront to compare with or show. */
export const ACCOUNT_MESSAGES = {
  registered: 'Registration successful!',
  emailTaken: 'The email has already been taken.',
  /** Wrong email and wrong password answer exactly the same (§8 shows this text for any sign-in failure). */
  invalidCredentials: 'Invalid email or password.',
  unauthenticated: 'Please sign in to continue.',
  loggedOut: 'You have been signed out.',
  /** The same answer whether or not the address has an account. */
  resetLinkSent: 'If an account exists for that email address, we have emailed a link to reset your password.',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  resetTokenInvalid: 'This password reset link is not valid for that email address. Please request a new link.',
  resetTokenExpired: 'This password reset link has expired. Please request a new link.',
  resetTokenUsed: 'This password reset link has already been used. Please request a new link.',
  accountUpdated: 'Your account details have been saved.',
  passwordChanged: 'Your password has been changed. You have been signed out everywhere else.',
  currentPasswordWrong: 'The current password is incorrect.',
  currentPasswordNeeded: 'Please enter your current password to change your email address.',
  notYourAccount: 'You can only view or change your own account.',
  /** A signed-in user whose role may not use this part of the store (the back office). */
  notAllowed: 'Your account does not have access to this part of the store.',
  notYourAddress: 'You can only view or change your own addresses.',
  noAddress: 'No saved address was found.',
  addressDeleted: 'The address has been deleted.',
  tooManyAddresses: `You can save at most ${MAX_ADDRESSES_PER_USER} addresses. Please delete one first.`,
} as const;

/** §8: shown by the storefront when an answer carries no message of its own. */
export const ACCOUNT_FALLBACK_MESSAGES = {
  signIn: 'Invalid email or password.',
  register: 'An error occurred. Please try again.',
  registerNot201: 'Registration failed.',
  resetRequest: 'Failed to send reset link.',
  resetCompletion: 'Failed to reset password',
  generic: 'Something went wrong.',
  /** The account pages' line under a form when every message stands beside its field. */
  correctFields: 'Please correct the highlighted fields.',
} as const;

/** §9 Timing: how long the storefront's account pages wait. */
export const ACCOUNT_TIMINGS = {
  /** The sign-up page's 'Registration successful!' banner. */
  registeredBannerMs: 3000,
  /** From a completed password reset to the sign-in page. */
  resetRedirectMs: 2000,
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a YYYY-MM-DD text naming a day that exists (2024-02-29 yes, 2023-02-29 no). */
export function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The latest calendar date anywhere on Earth at `now` (UTC+14), YYYY-MM-DD. A date after it is in the
 * future for everyone; comparing with the server's own day would refuse a shopper whose today is already
 * tomorrow in New York.
 */
export function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

export type Clock = () => Date;
const systemClock: Clock = () => new Date();

/** YYYY-MM-DD or null (an empty text is null): a real day, not before 1900, not in the future. */
const pastDate = (label: string, now: Clock) =>
  z
    .string({ error: `The ${label} must be a date in the form YYYY-MM-DD.` })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .superRefine((v, ctx) => {
      if (v === null) return;
      if (!isRealDate(v)) ctx.addIssue({ code: 'custom', message: `The ${label} must be a real date in the form YYYY-MM-DD.` });
      else if (v < EARLIEST_DATE) ctx.addIssue({ code: 'custom', message: `The ${label} must not be before ${EARLIEST_DATE}.` });
      else if (v > latestToday(now())) ctx.addIssue({ code: 'custom', message: `The ${label} must not be in the future.` });
    });

const title = z.enum(TITLES, { error: 'Please choose a title: Mr, Mrs or Ms.' });
const name = requiredText(NAME_MAX_LENGTH, 'name');

/**
 * A new password: never trimmed (spaces are characters too). One message per problem: an empty password is
 * "required", not also "too short". (No `abort`: an aborting issue would hide the confirmation check.)
 */
export const newPassword = (label = 'password') =>
  z.string({ error: `The ${label} field is required.` }).superRefine((v, ctx) => {
    if (v.length === 0) ctx.addIssue({ code: 'custom', message: `The ${label} field is required.` });
    else if (v.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', message: `The ${label} must be at least ${PASSWORD_MIN_LENGTH} characters.` });
    else if (v.length > PASSWORD_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: `The ${label} must not be longer than ${PASSWORD_MAX_LENGTH} characters.` });
  });

/** A password being checked, not chosen: only required and bounded, so the rules of the day reveal nothing. */
export const enteredPassword = (label = 'password') =>
  z
    .string({ error: `The ${label} field is required.` })
    .min(1, `The ${label} field is required.`)
    .max(PASSWORD_MAX_LENGTH, `The ${label} must not be longer than ${PASSWORD_MAX_LENGTH} characters.`);

const bothStrings = (a: string, b: string) => (payload: { value: unknown }) => {
  const v = payload.value as Record<string, unknown> | undefined;
  return typeof v?.[a] === 'string' && typeof v?.[b] === 'string';
};

export const confirmation = z.string({ error: 'The password confirmation field is required.' });
export const confirmationMatches = {
  path: ['password_confirmation'],
  error: 'The password confirmation does not match.',
  when: bothStrings('password', 'password_confirmation'),
};

/** §3 Registration payload. `now` decides what "in the future" means (injectable for tests). */
export function createRegisterRequestSchema(now: Clock = systemClock) {
  return z.object({
    title,
    name,
    email: emailField,
    birth_date: pastDate('birth date', now),
    anniversary_date: pastDate('anniversary date', now),
    password: newPassword(),
  });
}
export const registerRequestSchema = createRegisterRequestSchema();
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The authenticated user (§3): what GET /api/user answers. Never the password hash or any token. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  title: z.enum(TITLES),
  birth_date: z.string().nullable(),
  anniversary_date: z.string().nullable(),
  /** Whether a link emailed to `email` has proven the address (holding a stone in the ring builder needs it). */
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({ message: z.string(), user: userSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** §3 Login payload. */
export const loginRequestSchema = z.object({ email: emailField, password: enteredPassword() });
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** §3: the sign-in page reads `token`; it is sent back as `Authorization: Bearer {token}`. */
export const loginResponseSchema = z.object({
  token: z.string(),
  token_type: z.literal('Bearer'),
  /** ISO 8601 instant after which the token no longer works. */
  expires_at: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** PUT /api/user: the account details, all of them (the same rules as sign-up). */
export function createUpdateUserRequestSchema(now: Clock = systemClock) {
  return z.object({
    title,
    name,
    email: emailField,
    birth_date: pastDate('birth date', now),
    anniversary_date: pastDate('anniversary date', now),
    /** Required only when `email` changes: a borrowed session must not be able to take the account over. */
    current_password: z
      .string({ error: 'The current password must be text.' })
      .max(PASSWORD_MAX_LENGTH, `The current password must not be longer than ${PASSWORD_MAX_LENGTH} characters.`)
      .nullish()
      .transform((v) => (v ? v : null)),
  });
}
export const updateUserRequestSchema = createUpdateUserRequestSchema();
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const userResponseSchema = z.object({ message: z.string(), user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** POST /api/user/password. */
export const changePasswordRequestSchema = z
  .object({
    current_password: enteredPassword('current password'),
    password: newPassword(),
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, confirmationMatches);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /api/password/email (§7). */
export const passwordEmailRequestSchema = z.object({ email: emailField });
export type PasswordEmailRequest = z.input<typeof passwordEmailRequestSchema>;
/** §7: the reset request page reads `success` and `message`. */
export const passwordEmailResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type PasswordEmailResponse = z.infer<typeof passwordEmailResponseSchema>;

/** §3 Reset completion payload: the token from the emailed link, the email, the new password twice. */
export const passwordResetRequestSchema = z
  .object({
    token: z
      .string({ error: 'The token field is required.' })
      .trim()
      .min(1, 'The token field is required.')
      .max(200, ACCOUNT_MESSAGES.resetTokenInvalid),
    email: emailField,
    password: newPassword(),
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, confirmationMatches);
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** POST /api/email/verify: the token of an emailed verification link ({PUBLIC_URL}/verify-email/{token}). */
export const emailVerifyRequestSchema = z
  .object({
    token: z.string({ error: 'The token field is required.' }).trim().min(1, 'The token field is required.').max(200, VERIFICATION_MESSAGES.invalid),
  })
  .strict();
export type EmailVerifyRequest = z.input<typeof emailVerifyRequestSchema>;

/** §3 Saved address, the fields under `address`. `state` is the profile form's (§2); §3 has no state. */
const addressLinesSchema = z.object(
  {
    street: requiredText(200, 'street address'),
    apartment: optionalText(100, 'apartment'),
    city: requiredText(100, 'city'),
    state: optionalText(100, 'state'),
    zip: requiredText(20, 'zip code'),
  },
  { error: 'The address field is required.' },
);

const ZIP_FORMATS: Record<DeliveryCountry, { pattern: RegExp; message: string }> = {
  'United States': { pattern: /^\d{5}(-\d{4})?$/, message: 'The zip code must be a US ZIP code such as 10036 or 10036-1234.' },
  Canada: { pattern: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/, message: 'The zip code must be a Canadian postal code such as K1A 0B1.' },
};

/** §3 `is_get_offer` is 1 or 0; checkout's offer boxes are booleans (§3 Checkout form): both are accepted. */
const offerFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'The offers choice must be 1 or 0.' })
  .optional()
  .transform((v) => (v === true || v === 1 ? 1 : 0));

/**
 * An address as the profile and checkout send it (§7 POST /api/store-addresses). `user_id` may be left out;
 * when sent it must be the signed-in user's own id.
 */
export const addressRequestSchema = z
  .object({
    user_id: positiveId('user id').optional(),
    first_name: requiredText(NAME_MAX_LENGTH, 'first name'),
    last_name: requiredText(NAME_MAX_LENGTH, 'last name'),
    company: optionalText(100, 'company'),
    country: z.enum(DELIVERY_COUNTRIES, { error: 'Please choose United States or Canada.' }),
    address: addressLinesSchema,
    phone_number: requiredPhone('phone number'),
    is_get_offer: offerFlag,
    /** Profile only: make this the default address (the first address always is). */
    is_default: z.boolean({ error: 'The default choice must be true or false.' }).optional(),
  })
  .superRefine((v, ctx) => {
    // Runs even when other fields failed: check only a zip that passed its own rules, for a known country.
    const format = ZIP_FORMATS[v.country] as (typeof ZIP_FORMATS)[DeliveryCountry] | undefined;
    const zip: unknown = v.address?.zip;
    if (!format || typeof zip !== 'string' || zip === '' || zip.length > 20) return;
    if (!format.pattern.test(zip)) ctx.addIssue({ code: 'custom', path: ['address', 'zip'], message: format.message });
  });
export type AddressRequest = z.input<typeof addressRequestSchema>;

/** A saved address: §3's fields plus its id, the profile's company and state, and whether it is the default. */
export const addressSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  country: z.enum(DELIVERY_COUNTRIES),
  address: z.object({
    street: z.string(),
    apartment: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    zip: z.string(),
  }),
  phone_number: z.string(),
  is_get_offer: z.union([z.literal(0), z.literal(1)]),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListResponseSchema = z.object({ data: z.array(addressSchema) });
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;

/** Path parameters: a positive whole-number id. */
export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'The id must be a positive whole number.' }).int('The id must be a positive whole number.').positive('The id must be a positive whole number.'),
});
export const userIdParamSchema = z.object({
  userId: z.coerce.number({ error: 'The user id must be a positive whole number.' }).int('The user id must be a positive whole number.').positive('The user id must be a positive whole number.'),
});
