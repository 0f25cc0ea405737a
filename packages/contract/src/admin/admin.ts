/**
 * Contracts of the back office (/admin and /api/admin): the staff's session, the staff list, the audit log and the
 * order desk in the browser. docs/decisions/018-back-office.md.
 */
import { z } from 'zod';
import { emailField, requiredText } from '../fields.ts';
import { addressSchema } from '../accounts/accounts.ts';
import { HOME_PREVIEW_REFERENCE_MAX, HOME_PREVIEW_STATUSES, HOME_PREVIEW_STEP_MESSAGES, HOME_PREVIEW_STEPS } from '../storefront/home-preview-lifecycle.ts';
import { HOME_PREVIEW } from '../storefront/special-requests.ts';
import { DIAMOND_STATUSES } from '../constants.ts';
import { APPOINTMENTS } from '../storefront/storefront-terms.ts';
import { diamondSchema } from '../diamonds/diamonds.ts';
import { priceToCents } from '../money.ts';
import { MAX_STONE_PRICE_CENTS, MIN_STONE_PRICE_CENTS, STONE_PRICE_NOT_AN_AMOUNT, STONE_PRICE_TOO_LOW } from '../checkout/pricing.ts';
import { confirmation, confirmationMatches, enteredPassword, NAME_MAX_LENGTH, newPassword, TITLES } from '../accounts/accounts.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_STATUSES, orderSchema } from '../orders/orders.ts';
import { CARRIERS, ORDER_STATUSES, ORDER_STEPS, PRODUCTION_STAGES, trackingNumberProblem } from '../orders/lifecycle.ts';
import { RETURN_REASONS, RETURN_STATUSES, RETURN_STEPS } from '../orders/after-sale.ts';
import { CARE_KINDS, CARE_NOTE_MAX, CARE_STATUSES, CARE_STEPS } from '../orders/care-tickets.ts';

/** Who works in the back office: staff run the store's day; owners also manage the staff and read the audit log. */
export const STAFF_ROLES = ['staff', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { staff: 'Staff', owner: 'Owner' };

/** A back-office session ends after this long without a request… */
export const ADMIN_IDLE_MINUTES = 30;
/** …and after this long in any case. */
export const ADMIN_SESSION_HOURS = 12;
/** A password entered again (refunds, roles) counts for this long. */
export const ADMIN_REAUTH_MINUTES = 5;
/** An invitation's link to choose a password works this long. */
export const STAFF_INVITE_DAYS = 7;
/** A sign-in half done (the password right, the second factor awaited) lasts this long. */
export const SECOND_FACTOR_SIGN_IN_MINUTES = 10;
/** How many one-time recovery codes a second factor comes with. */
export const RECOVERY_CODE_COUNT = 10;
/**
 * An owner's demotion or removal that would leave the one who asked it as the only owner waits this long for another
 * owner to confirm it; any owner (the person concerned too) may cancel it meanwhile.
 */
export const OWNER_CHANGE_DELAY_HOURS = 72;
/** Who must sign in to the back office with a second factor: owners, every staff member, or nobody (offered to all). */
export const SECOND_FACTOR_POLICIES = ['owners', 'staff', 'offered'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];
/** The orders list's page sizes. */
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
/** An order whose unpaid hold ends within this many hours is "about to expire". */
export const HOLD_EXPIRING_HOURS = 24;

export const ADMIN_MESSAGES = {
  /** 401 from every /api/admin route without a live back-office session. */
  signedOut: 'Please sign in to the back office.',
  /** 401 when the session ran out (idle or too old). */
  expired: 'Your back-office session has ended. Please sign in again.',
  /** 403 for a signed-in shopper, or an account without a staff role. */
  notStaff: 'Your account does not have access to this part of the store.',
  /** 403: an owner's action asked by staff. */
  ownerOnly: 'Only an owner of the store can do this.',
  /** 403 with `reauth: true`: a sensitive action needs the password again. */
  reauth: 'Please enter your password again to do this.',
  invalidCredentials: 'The email or password is incorrect.',
  passwordWrong: 'The password is incorrect.',
  signedOutDone: 'You are signed out of the back office.',
  lastOwner: 'The store must keep at least one owner.',
  ownRole: 'You cannot change your own role or remove yourself.',
  noStaff: 'No staff member has that id.',
  alreadyStaff: 'This person is already on the staff.',
  /** 403: a change sent from another site, or without an Origin (the back office's pages always send the store's). */
  crossSite: 'This request did not come from the store’s back office.',
  invitationInvalid: 'This invitation link is not valid. Ask an owner of the store to invite you again.',
  invitationUsed: 'This invitation has already been used. Sign in to the back office with the password you chose.',
  invitationExpired: 'This invitation has expired. Ask an owner of the store to invite you again.',
  invitationAccepted: 'Your password is set and the back office is open to you. Please sign in.',
  noInvitation: 'No open invitation has that id.',
  /** 401 from the back office's pages while a sign-in waits for its second factor. */
  secondFactorNeeded: 'Enter the code from your authenticator app to finish signing in.',
  /** 401 from the back office's pages while a sign-in waits for a second factor to be set up. */
  enrollNeeded: 'Set up two-step sign-in to finish signing in.',
  codeWrong: 'The code is incorrect or has expired. Enter the newest code from your authenticator app, or a recovery code.',
  enrollCodeWrong: 'The code is incorrect. Enter the 6-digit code your authenticator app shows now for Everstone.',
  noEnrollment: 'Start setting up two-step sign-in first.',
  alreadyEnrolled: 'Two-step sign-in is already set up for your account.',
  notEnrolled: 'Two-step sign-in is not set up for your account.',
  secondFactorRequired: 'Two-step sign-in is required for your role in this store, so it cannot be turned off.',
  secondFactorOff: 'Two-step sign-in is turned off for your account.',
  /** 409: a pending owner change confirmed by the owner who asked it. */
  ownChangeConfirm: 'Another owner must confirm this change; you asked for it.',
  noChange: 'No pending change has that id.',
  /** 415: a change whose body is not JSON (the stone import excepted), a bodiless one included. */
  notJson: 'A change to the back office must be sent as JSON (Content-Type: application/json), even without a body.',
  /** 429: the staff's "send a reset link" counts on the storefront's limit per recipient. */
  resetEmailLimit: 'This customer has been sent as many password reset emails as the store allows for now.',
} as const;

export const adminSignInRequestSchema = z.object({ email: emailField, password: enteredPassword() });
export type AdminSignInRequest = z.input<typeof adminSignInRequestSchema>;

export const adminPasswordRequestSchema = z.object({ password: enteredPassword() });
export type AdminPasswordRequest = z.input<typeof adminPasswordRequestSchema>;

/** A back-office session: 'full', or a sign-in waiting for its second factor ('second_factor') or for one to be set up ('enroll'). */
export const ADMIN_SESSION_STAGES = ['full', 'second_factor', 'enroll'] as const;
export type AdminSessionStage = (typeof ADMIN_SESSION_STAGES)[number];

export const adminSessionSchema = z.object({
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  role: z.enum(STAFF_ROLES),
  /** Only a full session opens the back office; the others can only finish signing in. */
  stage: z.enum(ADMIN_SESSION_STAGES),
  /** Whether the person has a second factor, and whether the store requires one of them. */
  second_factor: z.object({ enrolled: z.boolean(), required: z.boolean() }),
  /** When the session ends if nothing more is asked (the idle timeout), and at the latest. */
  idle_expires_at: z.string(),
  expires_at: z.string(),
  /** Until when sensitive actions are allowed without the password again; null when not entered lately. */
  reauth_until: z.string().nullable(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/**
 * A code that finishes a sign-in: the 6 digits of the authenticator app, or a recovery code (10 letters and digits,
 * spaces and hyphens ignored).
 */
export const secondFactorCode = z
  .string({ error: 'Please enter the code.' })
  .max(40, 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.')
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Please enter the code.')
      .regex(/^(\d{6}|[A-Z2-9]{10})$/, 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'),
  );
export const adminCodeRequestSchema = z.object({ code: secondFactorCode });
export type AdminCodeRequest = z.input<typeof adminCodeRequestSchema>;

/** The secret of a second factor being set up: the app reads the otpauth URI as a QR code, or the secret typed in. */
export const secondFactorEnrollmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type SecondFactorEnrollment = z.infer<typeof secondFactorEnrollmentSchema>;

/** Setting up a second factor confirmed with its first code: the recovery codes, shown once, and the session now. */
export const secondFactorEnrolledSchema = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()),
  session: z.lazy(() => adminSessionSchema),
});
export type SecondFactorEnrolled = z.infer<typeof secondFactorEnrolledSchema>;

export const secondFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  required: z.boolean(),
  confirmed_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;
export const recoveryCodesResponseSchema = z.object({ message: z.string(), recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** Answer of a sensitive action tried without a recent password: 403 with `reauth: true`. */
export const reauthErrorSchema = z.object({ message: z.string(), reauth: z.literal(true) });

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Whether the person signs in with a second factor. */
  second_factor: z.boolean(),
  since: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A role offered to an address: nothing is granted until the invited person uses the emailed link. */
export const staffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  invited_at: z.string(),
  expires_at: z.string(),
  /** Who invited (an owner's email, or the command line's user@host). */
  invited_by: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** An owner's demotion or removal waiting for another owner or for its time (OWNER_CHANGE_DELAY_HOURS). */
export const staffChangeSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  role_before: z.enum(STAFF_ROLES),
  /** 'customer': taken off the staff. */
  role_after: z.enum(['staff', 'customer']),
  requested_by: z.string(),
  requested_at: z.string(),
  /** When it takes effect unless cancelled. */
  effective_at: z.string(),
  /** Whether the owner asking may confirm it now (any owner but the one who asked for it). */
  can_confirm: z.boolean(),
});
export type StaffChange = z.infer<typeof staffChangeSchema>;

export const staffListResponseSchema = z.object({
  staff: z.array(staffMemberSchema),
  invitations: z.array(staffInvitationSchema),
  changes: z.array(staffChangeSchema),
});
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

export const staffInviteRequestSchema = z.object({
  email: emailField,
  name: requiredText(NAME_MAX_LENGTH, 'name'),
  /** The account's title, as a shopper's sign-up asks it (used when the person has no account yet). */
  title: z.enum(TITLES, { error: 'Please choose a title: Mr, Mrs or Ms.' }),
  role: z.enum(STAFF_ROLES, { error: 'Please choose a role: staff or owner.' }),
});
export type StaffInviteRequest = z.input<typeof staffInviteRequestSchema>;
export const staffRoleRequestSchema = z.object({ role: z.enum(STAFF_ROLES, { error: 'Please choose a role: staff or owner.' }) });
export type StaffRoleRequest = z.input<typeof staffRoleRequestSchema>;
/** A role change or removal: done (change null), or waiting for another owner (the pending change). */
export const staffMemberResponseSchema = z.object({ message: z.string(), member: staffMemberSchema, change: staffChangeSchema.nullable() });
export type StaffMemberResponse = z.infer<typeof staffMemberResponseSchema>;
export const staffInvitationResponseSchema = z.object({ message: z.string(), invitation: staffInvitationSchema });
export type StaffInvitationResponse = z.infer<typeof staffInvitationResponseSchema>;

/** What the invitation page shows before the person chooses a password. */
export const invitationLookupResponseSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  expires_at: z.string(),
});
export type InvitationLookupResponse = z.infer<typeof invitationLookupResponseSchema>;
export const invitationTokenParamsSchema = z.object({
  token: z.string().trim().min(1, ADMIN_MESSAGES.invitationInvalid).max(200, ADMIN_MESSAGES.invitationInvalid),
});

/** Taking an invitation up: its token and a new password, twice. */
export const invitationAcceptRequestSchema = z
  .object({
    token: z.string({ error: ADMIN_MESSAGES.invitationInvalid }).trim().min(1, ADMIN_MESSAGES.invitationInvalid).max(200, ADMIN_MESSAGES.invitationInvalid),
    password: newPassword(),
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, confirmationMatches);
export type InvitationAcceptRequest = z.input<typeof invitationAcceptRequestSchema>;

/** What an audit entry says was done, and to what. */
export const AUDIT_ACTIONS = [
  'session.sign_in',
  'session.reauth_failed',
  'session.second_factor_failed',
  'staff.invite',
  'staff.invite_revoke',
  'staff.join',
  'staff.identity',
  'staff.change_requested',
  'staff.change_cancelled',
  'staff.second_factor_on',
  'staff.second_factor_off',
  'staff.second_factor_reset',
  'staff.recovery_codes',
  'staff.role',
  'staff.remove',
  'order.confirm',
  'order.payment',
  'order.complete',
  'order.production',
  'order.ready',
  'order.ship',
  'order.deliver',
  'order.delay',
  'order.cancel',
  'order.refund',
  'return.receive',
  'return.inspect',
  'return.decline',
  'return.refund',
  'return.cancel',
  'care.repair',
  'care.receive',
  'care.start',
  'care.ship',
  'care.cancel',
  'home_preview.deposit',
  'home_preview.ship',
  'home_preview.deliver',
  'home_preview.receive',
  'home_preview.refund',
  'home_preview.keep',
  'home_preview.cancel',
  'home_preview.cancel_refund',
  'customer.reset_email',
  'message.reply',
  'message.handled',
  'custom_request.handled',
  'newsletter.export',
  'stone.edit',
  'stone.import',
  'stone.import_add',
  'stone.import_change',
  'stone.seed',
  'stone.export',
  'appointment.reschedule',
  'appointment.cancel',
  'product.edit',
  'product.import_add',
  'product.import_change',
  'variant.edit',
  'variant.import_add',
  'variant.import_change',
  'metal.prices',
  'order.document',
  'order.document_link',
  'tax.import',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'session.sign_in': 'Signed in',
  'session.reauth_failed': 'Entered a wrong password again',
  'session.second_factor_failed': 'Entered a wrong sign-in code',
  'staff.invite': 'Invited staff',
  'staff.invite_revoke': 'Withdrew an invitation',
  'staff.join': 'Accepted an invitation',
  'staff.identity': 'Changed their name or email',
  'staff.change_requested': 'Asked for an owner’s change (waiting)',
  'staff.change_cancelled': 'Cancelled an owner’s change',
  'staff.second_factor_on': 'Set up two-step sign-in',
  'staff.second_factor_off': 'Turned off two-step sign-in',
  'staff.second_factor_reset': 'Reset a two-step sign-in',
  'staff.recovery_codes': 'Made new recovery codes',
  'staff.role': 'Changed a role',
  'staff.remove': 'Removed staff',
  'order.confirm': 'Confirmed an order',
  'order.payment': 'Recorded a payment',
  'order.complete': 'Completed an order',
  'order.production': 'Recorded a workshop stage',
  'order.ready': 'Packed an order, ready to ship',
  'order.ship': 'Shipped an order',
  'order.deliver': 'Marked an order delivered',
  'order.delay': 'Gave a new ships-by date',
  'order.cancel': 'Cancelled an order',
  'order.refund': 'Recorded a refund and cancelled',
  'return.receive': 'Received a return',
  'return.inspect': 'Inspected a return: accepted, back on sale',
  'return.decline': 'Inspected a return: declined',
  'return.refund': 'Refunded a return',
  'return.cancel': 'Cancelled a return',
  'care.repair': 'Opened a repair ticket',
  'care.receive': 'Received a piece for a resize or repair',
  'care.start': 'Started a resize or repair',
  'care.ship': 'Shipped a resized or repaired piece back',
  'care.cancel': 'Cancelled a resize or repair',
  'home_preview.deposit': 'Took a Home Preview deposit',
  'home_preview.ship': 'Shipped a Home Preview',
  'home_preview.deliver': 'Marked a Home Preview delivered',
  'home_preview.receive': 'Received Home Preview replicas',
  'home_preview.refund': 'Refunded a Home Preview deposit',
  'home_preview.keep': 'Kept a Home Preview deposit',
  'home_preview.cancel': 'Cancelled a Home Preview',
  'home_preview.cancel_refund': 'Refunded and cancelled a Home Preview',
  'customer.reset_email': 'Sent a password reset email',
  'message.reply': 'Replied to a message',
  'message.handled': 'Marked a message handled',
  'custom_request.handled': 'Marked a custom ring request answered',
  'newsletter.export': 'Exported the newsletter subscribers',
  'stone.edit': 'Edited a diamond',
  'stone.import': 'Imported a diamond file',
  'stone.import_add': 'Added a diamond by import',
  'stone.import_change': 'Changed a diamond by import',
  'stone.seed': 'Seeded generated diamonds',
  'stone.export': 'Exported the inventory',
  'appointment.reschedule': 'Moved an appointment',
  'appointment.cancel': 'Cancelled an appointment',
  'product.edit': 'Edited a product',
  'product.import_add': 'Added a product by import',
  'product.import_change': 'Changed a product by import',
  'variant.edit': 'Edited a variant',
  'variant.import_add': 'Added a variant by import',
  'variant.import_change': 'Changed a variant by import',
  'metal.prices': 'Changed the metal prices',
  'order.document': 'Downloaded an order document',
  'order.document_link': 'Made a link to an order document',
  'tax.import': 'Imported a ZIP code tax rate file',
};

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who did it: a staff member, or the command line (`by` says which host and user). */
  actor: z.object({ id: z.number().int().nullable(), email: z.string(), name: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  subject_type: z.string(),
  subject_id: z.string(),
  /** The fields that changed, as they were and as they became. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The address the request came from (or the command line's host). */
  from: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A list page's size in the back office (25, 50 or 100). */
export const adminPageSize = z.coerce
  .number({ error: 'The page size must be 25, 50 or 100.' })
  .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), 'The page size must be 25, 50 or 100.')
  .default(25);

export const auditListQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  subject: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(254).optional(),
  page: z.coerce.number({ error: 'The page must be a whole number from 1.' }).int('The page must be a whole number from 1.').min(1, 'The page must be a whole number from 1.').max(100_000).default(1),
  per_page: adminPageSize,
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export const auditListResponseSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** The orders list's columns that sort. */
export const ADMIN_ORDER_SORTS = ['created_at', 'total', 'name', 'status', 'hold_expires_at'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

const isoDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} must be a date in the form YYYY-MM-DD.`)
    .optional();

export const adminOrderListQuerySchema = z.object({
  /** An order number, a name, an email or a certificate number (or the start of one). */
  q: z.string().trim().max(100, 'The search must not be longer than 100 characters.').optional(),
  status: z.enum(ORDER_STATUSES, { error: `The status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
  payment_status: z.enum(PAYMENT_STATUSES, { error: `The payment status must be one of ${PAYMENT_STATUSES.join(', ')}.` }).optional(),
  method: z.enum(PAYMENT_METHOD_IDS, { error: 'The payment method is not one the store offers.' }).optional(),
  /** Placed on or after this day, and on or before that one (Eastern time). */
  from: isoDay('start date'),
  to: isoDay('end date'),
  /** Only unpaid orders whose hold ends within HOLD_EXPIRING_HOURS. */
  expiring: z
    .enum(['1', 'true', '0', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  sort: z.enum(ADMIN_ORDER_SORTS, { error: `The sort must be one of ${ADMIN_ORDER_SORTS.join(', ')}.` }).default('created_at'),
  dir: z.enum(['asc', 'desc'], { error: 'The direction must be asc or desc.' }).default('desc'),
  page: z.coerce.number({ error: 'The page must be a whole number from 1.' }).int('The page must be a whole number from 1.').min(1, 'The page must be a whole number from 1.').max(100_000).default(1),
  per_page: adminPageSize,
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

export const adminOrderSummarySchema = z.object({
  order_number: z.string(),
  created_at: z.string(),
  user_name: z.string(),
  contact_email: z.string(),
  payment_mode: z.enum(PAYMENT_METHOD_IDS),
  order_status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total_price: z.string(),
  hold_expires_at: z.string().nullable(),
  /** How many lines the order has (a ring counts once). */
  lines: z.number().int(),
  /** The day it is to leave the workshop (YYYY-MM-DD), while it has not. */
  ships_by: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export const adminOrderListResponseSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  what: z.string(),
  /** Who did it; null for the shopper or the store itself. */
  by: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const adminOrderSchema = orderSchema.extend({
  contact_email: z.string(),
  created_at: z.string(),
  is_gift: z.boolean(),
  notes: z.string().nullable(),
  /** What the team does next, in words. */
  next_step: z.string(),
  /** The steps the order can take now, in the order the page offers them. */
  steps: z.array(z.enum(ORDER_STEPS)),
  /** Placed, paid, confirmed, cancelled…: when, and by whom. */
  history: z.array(orderHistoryEntrySchema),
  /** Each stone's hold: held by this order until when, released, or sold. */
  holds: z.array(z.object({ certificate_number: z.string(), state: z.enum(['held', 'released', 'sold']), until: z.string().nullable() })),
  /** Whether a line is made for the shopper, so the order goes through the workshop's stages. */
  made_to_order: z.boolean(),
  /** The workshop stage to record next, while the order is made (null otherwise). */
  next_stage: z.enum(PRODUCTION_STAGES).nullable(),
  /** Past its ships-by date and not shipped. */
  late: z.boolean(),
  /** Parcels insured for this much or more are sent signature required (2-decimal text, SIGNATURE_REQUIRED_FROM). */
  signature_required_from: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderResponseSchema = z.object({ order: adminOrderSchema });
export const adminOrderStepResponseSchema = z.object({ message: z.string(), order: adminOrderSchema });

/** POST /admin/orders/{number}/production: the workshop stage just finished (the next one in order). */
export const productionStepRequestSchema = z.object({
  stage: z.enum(PRODUCTION_STAGES, { error: `The stage must be one of ${PRODUCTION_STAGES.join(', ')}.` }),
});

/** POST /admin/orders/{number}/ship: the carrier, its tracking number (checked against the carrier's format), the insured value. */
export const shipOrderRequestSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: 'Please choose the carrier: UPS, FedEx or USPS.' }),
    tracking_number: z.string({ error: 'The tracking number is required.' }).max(60, 'The tracking number is at most 60 characters.'),
    /** 2-decimal text; the order's total when left out. At most the total. */
    insured_value: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'The insured value must be an amount such as 4850.00.')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((v, ctx) => {
    const problem = trackingNumberProblem(v.carrier, v.tracking_number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: problem });
  });
export type ShipOrderRequest = z.input<typeof shipOrderRequestSchema>;

/** POST /admin/orders/{number}/delay: the new ships-by day (a business day after today) and why, told to the shopper. */
export const delayOrderRequestSchema = z.object({
  ships_by: z.string({ error: 'The new ships-by date is required.' }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'The new ships-by date must be a date in the form YYYY-MM-DD.'),
  reason: z.string().trim().max(300, 'The reason must not be longer than 300 characters.').optional(),
});
export type DelayOrderRequest = z.input<typeof delayOrderRequestSchema>;

/** A return in the back office's queue: its RMA, its order, where it stands and what staff do next. */
export const adminReturnSummarySchema = z.object({
  rma: z.string(),
  order_number: z.string(),
  user_name: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  requested_at: z.string(),
  refund: z.string(),
  /** How many of the order's lines it holds. */
  lines: z.number().int(),
  /** The steps it can take now (`allowedReturnSteps`). */
  steps: z.array(z.enum(RETURN_STEPS)),
});
export type AdminReturnSummary = z.infer<typeof adminReturnSummarySchema>;

/** A resize or repair in the back office's queue. */
export const adminTicketSummarySchema = z.object({
  number: z.string(),
  kind: z.enum(CARE_KINDS),
  order_number: z.string(),
  user_name: z.string(),
  status: z.enum(CARE_STATUSES),
  requested_at: z.string(),
  line: z.number().int(),
  /** 'Size 6 → 7', or the repair's description. */
  summary: z.string(),
  steps: z.array(z.enum(CARE_STEPS)),
});
export type AdminTicketSummary = z.infer<typeof adminTicketSummarySchema>;

/** POST /admin/orders/{number}/repairs: a piece of the order brought in for a repair (it starts received). */
export const repairRequestSchema = z.object({
  line: z.number({ error: 'Please choose the piece.' }).int('Please choose the piece.').min(1, 'Please choose the piece.').max(100, 'Please choose the piece.'),
  description: requiredText(CARE_NOTE_MAX, 'description of the repair'),
});
export type RepairRequest = z.input<typeof repairRequestSchema>;

/** POST /admin/tickets/{number}/start: the fee agreed and taken (its payment's reference), none for a free resize. */
export const startTicketRequestSchema = z.object({
  fee: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'The fee must be an amount such as 85.00.')
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null)),
  reference: z.string().trim().max(80, 'The reference is at most 80 characters.').optional().nullable(),
});
export type StartTicketRequest = z.input<typeof startTicketRequestSchema>;

/** POST /admin/tickets/{number}/ship: the parcel back to the shopper, checked as an order's. */
export const shipTicketRequestSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: 'Please choose the carrier: UPS, FedEx or USPS.' }),
    tracking_number: z.string({ error: 'The tracking number is required.' }).max(60, 'The tracking number is at most 60 characters.'),
  })
  .superRefine((v, ctx) => {
    const problem = trackingNumberProblem(v.carrier, v.tracking_number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: problem });
  });
export type ShipTicketRequest = z.input<typeof shipTicketRequestSchema>;

/** GET /admin/fulfilment: what the workshop and the shipping desk have to do, each soonest ships-by first. */
export const adminFulfilmentResponseSchema = z.object({
  /** Made-to-order orders agreed and not through their quality check. */
  to_make: z.array(adminOrderSummarySchema),
  /** Orders that may leave now: packed or through their quality check, and their money final. */
  to_ship: z.array(adminOrderSummarySchema),
  /** Past their ships-by date and not shipped. */
  late: z.array(adminOrderSummarySchema),
  /** Shipped, not yet marked delivered. */
  in_transit: z.array(adminOrderSummarySchema),
  /** Returns in the store's hands (authorized, received, inspected), oldest first. */
  returns: z.array(adminReturnSummarySchema),
  /** Resizes and repairs open (requested, received, at the bench), oldest first. */
  tickets: z.array(adminTicketSummarySchema),
});
export type AdminFulfilmentResponse = z.infer<typeof adminFulfilmentResponseSchema>;
export type AdminOrderStepResponse = z.infer<typeof adminOrderStepResponseSchema>;


/** POST /admin/returns/{rma}/inspect: passed (its stones back on sale) or declined, with a note and a GIA re-check's reference. */
export const inspectReturnRequestSchema = z.object({
  passed: z.boolean({ error: 'Say whether the inspection passed.' }),
  note: z.string().trim().max(500, 'The note must not be longer than 500 characters.').optional().nullable(),
  gia_recheck: z.string().trim().max(60, 'The re-check reference is at most 60 characters.').optional().nullable(),
});
export type InspectReturnRequest = z.input<typeof inspectReturnRequestSchema>;

/** POST /admin/returns/{rma}/refund: a PayPal payment goes back through PayPal; the others need the reference of the refund made. */
export const refundReturnRequestSchema = z.object({
  reference: z.string().trim().max(80, 'The reference is at most 80 characters.').optional().nullable(),
  /**
   * An exchange: the shopper's new order (EV-…), placed since the return was asked for, that this refund goes
   * toward. The refund is the same; the return and the new order are linked, and the numbers count it as an exchange.
   */
  exchange_order: z.string().trim().max(20, 'An order number is at most 20 characters.').optional().nullable(),
});
export type RefundReturnRequest = z.input<typeof refundReturnRequestSchema>;

export const adminReturnStepResponseSchema = z.object({ message: z.string(), order: adminOrderSchema });
export type AdminReturnStepResponse = z.infer<typeof adminReturnStepResponseSchema>;


/** The lists of people and requests: open (waiting on staff), handled, or both. */
export const REQUEST_STATES = ['open', 'handled', 'all'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** A list page's number in the back office, from 1. */
export const adminPageNumber = z.coerce
  .number({ error: 'The page must be a whole number from 1.' })
  .int('The page must be a whole number from 1.')
  .min(1, 'The page must be a whole number from 1.')
  .max(100_000)
  .default(1);
const stateField = z.enum(REQUEST_STATES, { error: 'The state must be open, handled or all.' }).default('open');

export const adminCustomerListQuerySchema = z.object({
  /** A name or an email, or the start of one. */
  q: z.string().trim().max(100, 'The search must not be longer than 100 characters.').optional(),
  page: adminPageNumber,
  per_page: adminPageSize,
});
export type AdminCustomerListQuery = z.input<typeof adminCustomerListQuerySchema>;

export const adminCustomerSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /**
   * For owners only, who appoint the staff (and read the staff list): to staff, an account is a customer's, and who
   * else holds the back office's keys is not theirs to learn from the customer list.
   */
  role: z.enum(['customer', 'staff', 'owner']).optional(),
  since: z.string(),
  orders: z.number().int(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummarySchema>;
export const adminCustomerListResponseSchema = z.object({ customers: z.array(adminCustomerSummarySchema), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export type AdminCustomerListResponse = z.infer<typeof adminCustomerListResponseSchema>;

export const adminContactReplySchema = z.object({ at: z.string(), by: z.string(), body: z.string() });
export const adminContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  topic: z.string(),
  question: z.string().nullable(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
  replies: z.array(adminContactReplySchema),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminCustomRequestSchema = z.object({
  request_number: z.string(),
  style: z.string(),
  budget: z.string(),
  center_shape: z.string(),
  center_origin: z.string(),
  center_carat: z.number().nullable(),
  metal: z.string(),
  ring_size: z.string(),
  note: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The day (New York) the store promised to reply by. */
  reply_by: z.string(),
  /** When the promise runs out: the end of reply_by in New York. */
  reply_due_at: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export type AdminCustomRequest = z.infer<typeof adminCustomRequestSchema>;

export const adminHomePreviewSchema = z.object({
  number: z.string(),
  status: z.enum(HOME_PREVIEW_STATUSES),
  created_at: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  address: z.string(),
  deposit: z.string(),
  /** Each replica (`replica` from 1, as the receive step names it) and when it came back. */
  rings: z.array(z.object({ replica: z.number().int(), name: z.string(), sku: z.string(), metal: z.string(), ring_size: z.string(), returned_at: z.string().nullable() })),
  /** The steps the request can take now, in the order the page offers them. */
  steps: z.array(z.enum(HOME_PREVIEW_STEPS)),
  deposit_reference: z.string().nullable(),
  deposit_taken_at: z.string().nullable(),
  parcel: z.object({ carrier: z.enum(CARRIERS), carrier_name: z.string(), tracking_number: z.string(), tracking_url: z.string() }).nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** When the three days of possession end, and from when a deposit may be kept for a replica not back. */
  possession_ends_at: z.string().nullable(),
  keep_from: z.string().nullable(),
  returned_at: z.string().nullable(),
  /** Once settled (2-decimal text): refunded, and kept for replicas not returned. */
  refunded: z.string().nullable(),
  kept: z.string().nullable(),
  refund_reference: z.string().nullable(),
  settled_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** Requested, then each staff step: when, and by whom. */
  history: z.array(orderHistoryEntrySchema),
});
export type AdminHomePreview = z.infer<typeof adminHomePreviewSchema>;
export const adminHomePreviewStepResponseSchema = z.object({ message: z.string(), preview: adminHomePreviewSchema });
export type AdminHomePreviewStepResponse = z.infer<typeof adminHomePreviewStepResponseSchema>;

const paymentReference = z
  .string({ error: HOME_PREVIEW_STEP_MESSAGES.reference })
  .trim()
  .min(1, HOME_PREVIEW_STEP_MESSAGES.reference)
  .max(HOME_PREVIEW_REFERENCE_MAX, HOME_PREVIEW_STEP_MESSAGES.referenceTooLong);

/** POST /admin/home-previews/{number}/deposit, /refund, /cancel_refund: the payment's reference. */
export const homePreviewReferenceRequestSchema = z.object({ reference: paymentReference });
export type HomePreviewReferenceRequest = z.input<typeof homePreviewReferenceRequestSchema>;

/** POST /admin/home-previews/{number}/ship: the carrier and its tracking number, checked against the carrier's format. */
export const shipHomePreviewRequestSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: 'Please choose the carrier: UPS, FedEx or USPS.' }),
    tracking_number: z.string({ error: 'The tracking number is required.' }).max(60, 'The tracking number is at most 60 characters.'),
  })
  .superRefine((v, ctx) => {
    const problem = trackingNumberProblem(v.carrier, v.tracking_number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: problem });
  });
export type ShipHomePreviewRequest = z.input<typeof shipHomePreviewRequestSchema>;

/** POST /admin/home-previews/{number}/receive: which replicas (numbered from 1) came back in this parcel. */
export const receiveHomePreviewRequestSchema = z.object({
  replicas: z
    .array(z.number({ error: HOME_PREVIEW_STEP_MESSAGES.unknownReplica }).int(HOME_PREVIEW_STEP_MESSAGES.unknownReplica).min(1, HOME_PREVIEW_STEP_MESSAGES.unknownReplica).max(HOME_PREVIEW.maxRings, HOME_PREVIEW_STEP_MESSAGES.unknownReplica), {
      error: HOME_PREVIEW_STEP_MESSAGES.noReplicas,
    })
    .min(1, HOME_PREVIEW_STEP_MESSAGES.noReplicas)
    .max(HOME_PREVIEW.maxRings, HOME_PREVIEW_STEP_MESSAGES.unknownReplica)
    .refine((list) => new Set(list).size === list.length, HOME_PREVIEW_STEP_MESSAGES.noReplicas),
});
export type ReceiveHomePreviewRequest = z.input<typeof receiveHomePreviewRequestSchema>;

/** POST /admin/home-previews/{number}/keep: the reference of the refund of the rest, when any is left to refund. */
export const keepHomePreviewRequestSchema = z.object({ reference: paymentReference.optional() });
export type KeepHomePreviewRequest = z.input<typeof keepHomePreviewRequestSchema>;

export const adminCustomerSchema = adminCustomerSummarySchema.extend({
  title: z.string(),
  /** What the account itself made, signed in: its addresses, orders and Home Preview requests. */
  addresses: z.array(addressSchema),
  order_list: z.array(adminOrderSummarySchema),
  home_previews: z.array(adminHomePreviewSchema),
  /**
   * Contact messages and custom ring requests are sent without signing in, from forms where anyone may type any
   * address: these carry the account's address, which proves nothing about who sent them. Kept apart, and said so.
   */
  matched_by_email: z.object({
    messages: z.array(adminContactMessageSchema),
    custom_requests: z.array(adminCustomRequestSchema),
  }),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export const adminCustomerResponseSchema = z.object({ customer: adminCustomerSchema });

export const adminRequestListQuerySchema = z.object({ state: stateField, page: adminPageNumber, per_page: adminPageSize });
export type AdminRequestListQuery = z.input<typeof adminRequestListQuerySchema>;
export const adminMessageListResponseSchema = z.object({ messages: z.array(adminContactMessageSchema), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export type AdminMessageListResponse = z.infer<typeof adminMessageListResponseSchema>;
export const adminCustomRequestListResponseSchema = z.object({ requests: z.array(adminCustomRequestSchema), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export type AdminCustomRequestListResponse = z.infer<typeof adminCustomRequestListResponseSchema>;
export const adminHomePreviewListQuerySchema = z.object({
  status: z.enum([...HOME_PREVIEW_STATUSES, 'all'], { error: `The status must be one of ${HOME_PREVIEW_STATUSES.join(', ')}, or all.` }).default('requested'),
  page: adminPageNumber,
  per_page: adminPageSize,
});
export type AdminHomePreviewListQuery = z.input<typeof adminHomePreviewListQuerySchema>;
export const adminHomePreviewListResponseSchema = z.object({ previews: z.array(adminHomePreviewSchema), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export type AdminHomePreviewListResponse = z.infer<typeof adminHomePreviewListResponseSchema>;

export const REPLY_MAX_LENGTH = 5000;
export const adminReplyRequestSchema = z.object({
  body: z
    .string({ error: 'Please write the reply.' })
    .trim()
    .min(1, 'Please write the reply.')
    .max(REPLY_MAX_LENGTH, `The reply must not be longer than ${REPLY_MAX_LENGTH} characters.`),
});
export type AdminReplyRequest = z.input<typeof adminReplyRequestSchema>;
export const adminHandledRequestSchema = z.object({ handled: z.boolean({ error: 'Say whether it is handled: true or false.' }) });
export type AdminHandledRequest = z.input<typeof adminHandledRequestSchema>;
export const adminMessageResponseSchema = z.object({ message: z.string(), contact: adminContactMessageSchema });
export const adminCustomRequestResponseSchema = z.object({ message: z.string(), request: adminCustomRequestSchema });

export const adminNewsletterSummarySchema = z.object({ subscribed: z.number().int(), unsubscribed: z.number().int() });
export type AdminNewsletterSummary = z.infer<typeof adminNewsletterSummarySchema>;

/** What waits on the staff: the back office's first screen. */
export const adminQueueResponseSchema = z.object({
  /** Bank-wire orders whose transfer is to be matched, soonest hold end first. */
  wires: z.array(adminOrderSummarySchema),
  /** PayPal payments under review: nothing ships. */
  reviews: z.array(adminOrderSummarySchema),
  /** Open orders with a ring whose size the shopper left to confirm. */
  ring_sizes: z.array(adminOrderSummarySchema),
  /** Other unpaid orders whose hold ends within HOLD_EXPIRING_HOURS. */
  expiring: z.array(adminOrderSummarySchema),
  /** Custom ring requests not yet answered whose reply is due by the end of today (New York), or overdue. */
  custom_requests: z.array(adminCustomRequestSchema),
  /** Contact messages waiting for a reply. */
  open_messages: z.number().int(),
});
export type AdminQueueResponse = z.infer<typeof adminQueueResponseSchema>;

/** The back office's stone search: the storefront's parameters, plus which statuses. */
export const ADMIN_STONE_STATUSES = [...DIAMOND_STATUSES, 'all'] as const;
export type AdminStoneStatus = (typeof ADMIN_STONE_STATUSES)[number];
export const ADMIN_STONE_STATUS_LABELS: Record<(typeof DIAMOND_STATUSES)[number], string> = {
  available: 'For sale',
  reserved: 'Reserved by an order',
  sold: 'Sold',
  hidden: 'Hidden from the search',
};

/** PUT /api/admin/stones/{id}: any of the price (dollars), the featured-deal flag, hidden. */
export const adminStoneEditRequestSchema = z
  .object({
    price: z
      .union([z.string(), z.number()], { error: 'The price must be an amount such as 4250 or 4,250.00.' })
      .transform((v, ctx) => {
        const cents = priceToCents(v);
        if (cents === null || cents > MAX_STONE_PRICE_CENTS) {
          ctx.addIssue({ code: 'custom', message: `The price ${STONE_PRICE_NOT_AN_AMOUNT}.` });
          return z.NEVER;
        }
        if (cents < MIN_STONE_PRICE_CENTS) {
          ctx.addIssue({ code: 'custom', message: `The price ${STONE_PRICE_TOO_LOW}.` });
          return z.NEVER;
        }
        return cents;
      })
      .optional(),
    featured: z.boolean({ error: 'Featured must be true or false.' }).optional(),
    hidden: z.boolean({ error: 'Hidden must be true or false.' }).optional(),
  })
  .refine((v) => v.price !== undefined || v.featured !== undefined || v.hidden !== undefined, 'Send a price, featured or hidden to change.');
export type AdminStoneEditRequest = z.input<typeof adminStoneEditRequestSchema>;

export const adminStoneSchema = z.object({
  stone: diamondSchema,
  /** Who holds the stone: the order that reserved (or bought) it, and a ring builder's short hold. */
  order: adminOrderSummarySchema.nullable(),
  builder_hold: z.object({ email: z.string(), name: z.string(), since: z.string(), until: z.string() }).nullable(),
  history: z.array(auditEntrySchema),
});
export type AdminStone = z.infer<typeof adminStoneSchema>;
export const adminStoneEditResponseSchema = adminStoneSchema.extend({ message: z.string() });

/** The largest inventory file the back office takes in one upload (a million stones is about 120 MB). */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** Of a file's row problems, the page lists this many; the count says how many there were. */
export const IMPORT_ERRORS_SHOWN = 1000;

/** POST /api/admin/stones/import answers a stream of JSON lines: progress while it reads, then the outcome. */
export const importEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), bytes: z.number().int(), total: z.number().int(), rows: z.number().int() }),
  z.object({
    type: z.literal('done'),
    rows: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    errors_total: z.number().int(),
    errors: z.array(z.object({ line: z.number().int(), problems: z.array(z.string()) })),
  }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ImportEvent = z.infer<typeof importEventSchema>;

/** The appointments calendar: a day or a week from a New York day. */
export const adminAppointmentListQuerySchema = z.object({
  from: z
    .string({ error: 'The day must be a date in the form YYYY-MM-DD.' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The day must be a date in the form YYYY-MM-DD.'),
  days: z.coerce
    .number({ error: 'The days must be 1 or 7.' })
    .refine((n) => n === 1 || n === 7, 'The days must be 1 or 7.')
    .default(7),
});
export type AdminAppointmentListQuery = z.input<typeof adminAppointmentListQuerySchema>;

export const adminAppointmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPOINTMENTS.kinds),
  starts_at: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAppointment = z.infer<typeof adminAppointmentSchema>;
export const adminAppointmentListResponseSchema = z.object({ appointments: z.array(adminAppointmentSchema), from: z.string(), days: z.number().int() });
export type AdminAppointmentListResponse = z.infer<typeof adminAppointmentListResponseSchema>;

export const NOTE_TO_SHOPPER_MAX = 1000;
const noteToShopper = z
  .string({ error: 'The note must be text.' })
  .trim()
  .max(NOTE_TO_SHOPPER_MAX, `The note must not be longer than ${NOTE_TO_SHOPPER_MAX} characters.`)
  .optional()
  .transform((v) => (v ? v : null));
export const adminRescheduleRequestSchema = z.object({
  starts_at: z.iso.datetime({ offset: true, error: 'Please choose a date and time.' }),
  /** A line for the shopper's email ("Our gemologist is away that afternoon."). */
  note: noteToShopper,
});
export type AdminRescheduleRequest = z.input<typeof adminRescheduleRequestSchema>;
export const adminCancelAppointmentRequestSchema = z.object({ note: noteToShopper });
export type AdminCancelAppointmentRequest = z.input<typeof adminCancelAppointmentRequestSchema>;
export const adminAppointmentResponseSchema = z.object({ message: z.string(), appointment: adminAppointmentSchema });

/** The back office's numbers at a glance (GET /api/admin/numbers). Money as 2-decimal text, days as New York days. */
export const NUMBERS_DAYS = 30;
/** `revenue`: what the orders sold for, their sales tax left out (it is collected for the states and provinces). */
const figure = z.object({ orders: z.number().int(), revenue: z.string() });
/** The second window of the after-sale figures: the last this many New York days, today included. */
export const AFTER_SALE_NUMBERS_DAYS = 90;
const count = z.number().int();
/** The after-sale figures of one window of New York days, `from` to `to` (both YYYY-MM-DD, both included). */
const afterSalePeriod = z.object({
  label: z.string(),
  from: z.string(),
  to: z.string(),
  /**
   * Orders that shipped in the window, against the day first promised (`promised_ships_by`): `on_time` left on or
   * before it (the New York day of the shipping), `late` after it; `on_time_rate` is on_time / shipped (null when none
   * shipped). `delayed`: of those shipped, the ones given a new ships-by date before they left. `undated`: shipped
   * orders with no promised day at all, left out of the other counts.
   */
  shipping: z.object({ shipped: count, on_time: count, late: count, on_time_rate: z.number().nullable(), delayed: count, undated: count }),
  /**
   * Returns requested in the window and not withdrawn (any status but cancelled), by reason and by status, most
   * first. `return_rate`: orders with such a return per order delivered in the window (null when none was delivered).
   * `exchanged`: of them, refunded as an exchange toward the shopper's new order. `refunded`: the money refunded in
   * the window (refunds completed in it), 2-decimal text.
   */
  returns: z.object({
    requested: count,
    orders_returned: count,
    orders_delivered: count,
    return_rate: z.number().nullable(),
    by_reason: z.array(z.object({ reason: z.enum(RETURN_REASONS), label: z.string(), count })),
    by_status: z.array(z.object({ status: z.enum(RETURN_STATUSES), label: z.string(), count })),
    /** Of them, refunded as an exchange toward a new order. */
    exchanged: count,
    refunded: z.string(),
  }),
  /**
   * Made-to-order orders whose quality check was recorded in the window: how many, and the business days (the store's
   * calendar: no weekends, no closed days) from the stone going to the bench to the quality check, median and 90th
   * percentile (nearest rank); null when none finished.
   */
  production: z.object({ finished: count, median_days: z.number().nullable(), p90_days: z.number().nullable() }),
});
export type AdminAfterSalePeriod = z.infer<typeof afterSalePeriod>;
export const adminNumbersResponseSchema = z.object({
  /** Orders placed and not cancelled, and their totals. */
  today: figure,
  month: figure.extend({ label: z.string(), average_order: z.string().nullable() }),
  /** The last NUMBERS_DAYS days, oldest first. */
  daily: z.array(figure.extend({ day: z.string() })),
  /** Diamonds paid for this month (loose or set in a ring), by type and by shape, most first. */
  stones_sold: z.object({
    by_type: z.array(z.object({ type: z.string(), count: z.number().int() })),
    by_shape: z.array(z.object({ shape: z.string(), count: z.number().int() })),
  }),
  /**
   * This month: clients who opened the ring builder, rings ordered, and rings ordered per start. `capped_days`: the
   * days whose starts reached BUILDER_STARTS_PER_DAY, where counting stopped: then the starts are a floor and the
   * conversion a ceiling.
   */
  builder: z.object({ starts: z.number().int(), rings_ordered: z.number().int(), conversion: z.number().nullable(), capped_days: z.number().int() }),
  /** After the sale, for this month and for the last AFTER_SALE_NUMBERS_DAYS days (docs/operations.md, Numbers). */
  after_sale: z.object({
    month: afterSalePeriod,
    recent: afterSalePeriod,
    /** Made-to-order orders at the bench now: production started, the quality check not yet recorded. */
    in_production: z.number().int(),
  }),
});
/**
 * The ring builder's starts counted in one New York day, store-wide, at most: a script posing as ever new visitors
 * (a fresh address each time) stops being counted there, so the count cannot grow without end. Far above the starts
 * of a real day; a day that reaches it is said so on the numbers page.
 */
export const BUILDER_STARTS_PER_DAY = 20_000;
export type AdminNumbersResponse = z.infer<typeof adminNumbersResponseSchema>;
