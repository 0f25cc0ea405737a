import type { Generated, Insertable, Selectable } from 'kysely';
import type { AdminSessionStage } from '@everstone/contract';

/** Reference tables (grade scales, shapes, labs): an id and a name, seeded by migrations. */
export interface LookupTable {
  id: number;
  name: string;
}

export interface CutTable {
  id: number;
  name: string;
  full_name: string;
}

export interface ShapeTable {
  id: number;
  name: string;
  image: string;
}

export interface CertificateCompanyTable {
  id: number;
  dl_name: string;
}

export interface DiamondTable {
  id: Generated<number>;
  certificate_number: string;
  /** 1 natural, 2 lab-grown, 3 color (§7 active_tab). */
  type: number;
  shape_id: number;
  carat: number;
  color_id: number | null;
  fancy_color_id: number | null;
  fancy_intensity_id: number | null;
  clarity_id: number | null;
  cut_id: number | null;
  polish_id: number | null;
  symmetry_id: number | null;
  fluorescence_id: number | null;
  certificate_company_id: number;
  measurement_l: number | null;
  measurement_w: number | null;
  /** Length ÷ width, stored so the L/W filter can use it; null when a measurement is missing. */
  ratio: number | null;
  table_pct: number | null;
  depth_pct: number | null;
  price_cents: number;
  is_superdeal: number;
  status: string;
}

/** The stones' change feed (012-stone-changes): a diamond's id per change, placed in commit order by `seq`. */
export interface StoneChangeTable {
  id: Generated<number>;
  /** NULL: every stone may have changed (a new seed). */
  diamond_id: number | null;
  /** Given when the changing transaction moves the inventory version; NULL until then. */
  seq: number | null;
}

export interface StoreMetaTable {
  key: string;
  value: string;
}

/** The jewelry catalog's own key/value rows (its version token), as store_meta is the inventory's. */
export interface ProductMetaTable {
  key: string;
  value: string;
}

/** Timestamps of the storefront tables are ISO 8601 UTC text, e.g. 2025-06-01T18:00:00.000Z. */
type IsoTimestamp = string;

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** Mail waiting to be sent, written in the same transaction as the record it is about. */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: IsoTimestamp;
  /** When a dispatcher took the row for sending; a claim older than the lease is taken over. */
  claimed_at: IsoTimestamp | null;
  sent_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  /** 1 when the body holds a secret (a reset link): it is replaced once the message is sent. */
  scrub_after_send: Generated<number>;
  /** JSON object of extra header lines (List-Unsubscribe); null for most messages. */
  headers: string | null;
  /** JSON list of files sent with the message ({ filename, content_type, base64 }); dropped once it is sent. */
  attachments: string | null;
}

export interface NewsletterSubscriberTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  welcome_mail_id: number | null;
  created_at: IsoTimestamp;
  /** Random; names the subscriber in the unsubscribe link of every newsletter email. */
  unsubscribe_token: string | null;
  /** Set when the address asked to stop; it gets no newsletter email while set. */
  unsubscribed_at: IsoTimestamp | null;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string | null;
  email: string;
  phone: string | null;
  topic: string;
  question: string | null;
  created_at: IsoTimestamp;
  /** When staff marked it answered, and who (an email); null while it waits. */
  handled_at: IsoTimestamp | null;
  handled_by: string | null;
}

/** A reply staff emailed to a contact message from the back office. */
export interface ContactReplyTable {
  id: Generated<number>;
  message_id: number;
  body: string;
  by_email: string;
  at: IsoTimestamp;
}

export interface AppointmentTable {
  id: Generated<number>;
  kind: string;
  /** The instant the appointment starts, normalised with toISOString() so one slot has one spelling. */
  starts_at: IsoTimestamp;
  name: string;
  email: string;
  phone: string;
  note: string | null;
  status: Generated<string>;
  created_at: IsoTimestamp;
}

/** Calendar dates (birth, anniversary) are YYYY-MM-DD text. */
type IsoDate = string;

export interface UserTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  title: string;
  birth_date: IsoDate | null;
  anniversary_date: IsoDate | null;
  /** scrypt$N$r$p$salt$hash (base64). */
  password_hash: string;
  /** customer (every shopper), staff or owner (the back office). */
  role: Generated<string>;
  /** When a link emailed to `email` proved the address (verification, a reset, an invitation); null until then, and again after a change of email. */
  email_verified_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Sign-in (bearer) tokens; only the SHA-256 of each is kept. Revoking one deletes its row. */
export interface AuthTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
}

/** What an emailed link is for: a password reset, or proving the account's address. */
export type EmailLinkPurpose = 'password' | 'verify_email';

/** Single-use links emailed to an account's address (a password reset, an email verification); only the SHA-256 of each is kept. */
export interface EmailLinkTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: Generated<EmailLinkPurpose>;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
}

export interface AddressTable {
  id: Generated<number>;
  user_id: number;
  first_name: string;
  last_name: string;
  company: string | null;
  country: string;
  street: string;
  apartment: string | null;
  city: string;
  state: string | null;
  zip: string;
  phone_number: string;
  /** 1 or 0 (§3). */
  is_get_offer: number;
  /** 1 for the one default address of a user (a partial unique index keeps it one), else 0. */
  is_default: number;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Fixed-window rate-limit counters, used when REDIS_URL is unset. */
export interface RateLimitTable {
  key: string;
  hits: number;
  reset_at: IsoTimestamp;
}

/** An order (docs/decisions/008-reserving-stones.md). Money in integer cents. */
export interface OrderTable {
  id: Generated<number>;
  /** Human-friendly and unique, e.g. EV-2026-K7M3QX. */
  order_number: string;
  user_id: number;
  user_name: string;
  /** The address the confirmation went to (the account's email when the order was placed). */
  contact_email: string;
  contact_number: string;
  street: string;
  apartment: string | null;
  city: string;
  state: string | null;
  zip: string;
  country: string;
  payment_mode: string;
  order_status: string;
  payment_status: string;
  /** What the shopper pays: the lines, less a wire's discount, plus tax_cents. */
  total_cents: number;
  /** The sales tax of the order's lines together (029); 0 where none is collected and on orders placed before. */
  tax_cents: Generated<number>;
  currency: Generated<string>;
  /** 1 or 0. */
  is_gift: number;
  notes: string | null;
  /** When the unpaid hold runs out (UNPAID_HOLD_HOURS of its method, from placing); null for PayPal orders. */
  hold_expires_at: IsoTimestamp | null;
  /** The shopper's Idempotency-Key of POST /api/store-order (unique per user); null when none was sent. */
  idempotency_key: string | null;
  /**
   * 1 when placed unpaid by an account without a verified email and a paid order: what it holds counts toward the
   * store-wide ceiling (UNPAID_HOLD_CEILING) while it is pending and unpaid. Fixed when the order is placed.
   */
  untrusted: Generated<number>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** The day (YYYY-MM-DD) it is to leave the workshop, as the store promises it now (a delay moves it). */
  ships_by: string | null;
  /** The day it was promised to leave when placed. */
  promised_ships_by: string | null;
  /** The workshop's last stage recorded (PRODUCTION_STAGES), for a made-to-order order. */
  production_stage: string | null;
  shipped_at: IsoTimestamp | null;
  delivered_at: IsoTimestamp | null;
  /** What has been (or is being) refunded of the total; never more than it (a CHECK). */
  refunded_cents: Generated<number>;
  /** Returns in the store's hands; the order is not completed while one is. */
  open_returns: Generated<number>;
  /** The free gift the subtotal reached (the contract's GIFT_IDS), null below the first tier (030). */
  gift: string | null;
  /** What became of it (GIFT_OUTCOMES): given, out_of_stock, already_received; null with no gift reached. */
  gift_outcome: string | null;
  /** The account whose one gift this order carries, while it carries it (unique: one per account). */
  gift_holder_id: number | null;
}

/** A return authorization (RMA) of some of a delivered order's lines (decision 021). */
export interface OrderReturnTable {
  id: Generated<number>;
  rma: string;
  order_id: number;
  user_id: number;
  /** The contract's RETURN_STATUSES. */
  status: string;
  /** The contract's RETURN_REASONS. */
  reason: string;
  note: string | null;
  refund_cents: number;
  fee_cents: number;
  requested_at: IsoTimestamp;
  received_at: IsoTimestamp | null;
  received_by: string | null;
  inspected_at: IsoTimestamp | null;
  inspected_by: string | null;
  inspection_note: string | null;
  gia_recheck: string | null;
  /** When it was refunded, declined or cancelled, and by whom. */
  closed_at: IsoTimestamp | null;
  closed_by: string | null;
  /** SHA-256 (hex) of the label link's token. */
  label_token_hash: string;
  label_expires_at: IsoTimestamp;
  /** The shopper's new order this return was refunded toward as an exchange (026), or null. */
  exchange_order_number: string | null;
}

/** A line of an order in a return (its top-level order_items row), with what it refunds. */
export interface OrderReturnLineTable {
  id: Generated<number>;
  return_id: number;
  order_item_id: number;
  total_cents: number;
  engraving_fee_cents: number;
}

/** A refund of (part of) an order: through PayPal's refund API, or recorded with the reference of another route. */
export interface OrderRefundTable {
  id: Generated<number>;
  order_id: number;
  return_id: number | null;
  amount_cents: number;
  method: string;
  reference: string | null;
  /** 'pending' while PayPal is asked, 'completed', 'failed' (its amount given back to what may be refunded). */
  status: string;
  request_id: string;
  reason: string | null;
  created_at: IsoTimestamp;
  created_by: string;
  completed_at: IsoTimestamp | null;
  failure: string | null;
}

/** One step of an order's life, for its timeline (decision 020). */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  /** The contract's TIMELINE_STEPS. */
  step: string;
  /** A workshop step's stage (PRODUCTION_STAGES). */
  stage: string | null;
  at: IsoTimestamp;
  /** Who took it: a staff member's email, the order desk's user and host, 'store' or 'carrier'. */
  actor: string;
  /** A delay's new day, a shipment's tracking number. */
  detail: string | null;
  /** Staff's words for the shopper (a delay's reason). */
  note: string | null;
}

/** A parcel sent for an order, with its carrier and tracking number (unique per carrier). */
export interface ShipmentTable {
  id: Generated<number>;
  order_id: number;
  carrier: string;
  tracking_number: string;
  insured_cents: number;
  /** 1 or 0. */
  signature_required: number;
  shipped_at: IsoTimestamp;
  delivered_at: IsoTimestamp | null;
  shipped_by: string;
  /** The resize or repair ticket whose piece this parcel sent back (025); null for the order's own parcel. */
  ticket_id: number | null;
}

/** A resize or repair of one order line (025). */
export interface OrderCareTicketTable {
  id: Generated<number>;
  number: string;
  /** 'resize' or 'repair'. */
  kind: string;
  order_id: number;
  order_item_id: number;
  user_id: number;
  /** The contract's CARE_STATUSES. */
  status: string;
  from_size: string | null;
  to_size: string | null;
  description: string | null;
  /** 1 or 0. */
  free: number;
  fee_cents: number | null;
  fee_reference: string | null;
  requested_at: IsoTimestamp;
  requested_by: string;
  received_at: IsoTimestamp | null;
  received_by: string | null;
  work_started_at: IsoTimestamp | null;
  work_by: string | null;
  shipped_at: IsoTimestamp | null;
  shipped_by: string | null;
  closed_at: IsoTimestamp | null;
  closed_by: string | null;
  label_token_hash: string | null;
  label_expires_at: IsoTimestamp | null;
}

/** A stone of an order, copied as it was when ordered. */
/** A line of an order: a loose diamond today (a product variant or a ring later), copied as it was when ordered. */
export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  /** The line item's kind (the contract's LINE_ITEM_KINDS). */
  kind: Generated<string>;
  quantity: Generated<number>;
  /** The line a part belongs to (a ring's setting and diamond); null for a line of its own. */
  parent_line_id: number | null;
  /** A diamond line's stone; null for other kinds. */
  diamond_id: number | null;
  certificate_number: string | null;
  description: string;
  /** A diamond line's diamond type (1 natural, 2 lab-grown, 3 color). */
  type: number | null;
  carat: number | null;
  /** The price of one unit when ordered, with the method's discount (the bank-wire price for a wire order). */
  price_cents: number;
  /** When the order gave the stone back; null while the order holds it (at most one such row per stone). */
  released_at: IsoTimestamp | null;
  /** A product line's variant, SKU and product; null for other kinds. */
  variant_id: number | null;
  sku: string | null;
  product_slug: string | null;
  metal: string | null;
  /** A ring's size (US, or 'unknown'), and its engraving; null when the piece takes none. */
  ring_size: string | null;
  engraving: string | null;
  /** 1 when the line took units from variant_stock (given back if the order is cancelled). */
  from_stock: Generated<number>;
  /** Business days the piece takes to leave the workshop, as promised when ordered. */
  lead_days: number | null;
  /** The line's variant as it was ordered (name, options, itemized price, an included stone), JSON. */
  details_json: string | null;
  /** The line's sales tax, on its own total (029). */
  tax_cents: Generated<number>;
  /** That tax by jurisdiction, JSON `[{ jurisdiction, rate_millionths, tax_cents }]`; null when none was charged. */
  taxes_json: string | null;
  /** The free gift this $0 product line is (GIFT_IDS), null for a line bought (030). */
  gift: string | null;
}

/** A piece of jewelry as the shopper meets it (docs/decisions/014-jewelry-catalog.md). */
export interface ProductTable {
  id: Generated<number>;
  slug: string;
  family: string;
  style: string;
  name: string;
  description: string;
  collection: string | null;
  gender: Generated<string>;
  gem: string | null;
  design_json: string;
  engravable: Generated<number>;
  resizable: Generated<number>;
  offer_percent: Generated<number>;
  popularity: Generated<number>;
  published: Generated<number>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** What changes a product: metal × head shape × total carat weight × origin, each priced and itemized in cents. */
export interface ProductVariantTable {
  id: Generated<number>;
  product_id: number;
  sku: string;
  metal: string;
  shape: string | null;
  carat_total: number | null;
  width_mm: number | null;
  origin: string | null;
  price_cents: number;
  metal_cents: number;
  stones_cents: number;
  center_cents: number;
  labor_cents: number;
  offer_cents: Generated<number>;
  metal_grams: number;
  lead_days: number;
  stocked: Generated<number>;
  design_json: string;
  included_stone_json: string | null;
  discontinued: Generated<number>;
}

/** Units of a stocked variant on the shelf (the inventory's). */
export interface VariantStockTable {
  variant_id: number;
  quantity: number;
  updated_at: IsoTimestamp;
}

/** An online wallet payment, from create-order to its order or its refund (docs/decisions/009-wallet-payments.md). */
export interface WalletPaymentTable {
  id: Generated<number>;
  reference: string;
  provider: string;
  provider_order_id: string | null;
  user_id: number;
  contact_email: string;
  status: string;
  amount_cents: number;
  currency: Generated<string>;
  /** JSON: [{ id, price_cents }]. */
  items: string;
  /** JSON: WalletOrderDetails. */
  details: string;
  capture_id: string | null;
  /** 'completed', 'pending' while the provider reviews the capture, 'denied' after a failed review (007). */
  capture_status: string | null;
  /** The provider's reason a capture is pending (PayPal's status_details.reason, e.g. PENDING_REVIEW). */
  capture_pending_reason: string | null;
  refund_id: string | null;
  order_id: number | null;
  failure: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** The offline simulator's ledger: what PayPal would keep for each payment. */
export interface WalletSimulatedPaymentTable {
  id: string;
  create_key: string;
  reference: string;
  description: string;
  amount_cents: number;
  currency: string;
  status: string;
  return_url: string;
  cancel_url: string;
  capture_id: string | null;
  refund_id: string | null;
  /** What has been refunded of the capture (024): PayPal's partial refunds, never more than the amount. */
  refunded_cents: Generated<number>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** One refund of a simulated capture, under its request id (PayPal-Request-Id). */
export interface WalletSimulatedRefundTable {
  id: string;
  capture_id: string;
  request_key: string;
  amount_cents: number;
  created_at: IsoTimestamp;
}

/** A custom ring design request (custom-requests), answered by `reply_by`. */
export interface CustomRingRequestTable {
  id: Generated<number>;
  request_number: string;
  style: string;
  budget: string;
  center_shape: string;
  center_origin: string;
  center_carat: number | null;
  metal: string;
  ring_size: string;
  note: string | null;
  name: string;
  email: string;
  phone: string | null;
  /** YYYY-MM-DD on the store's calendar. */
  reply_by: string;
  created_at: IsoTimestamp;
  /** When staff marked it answered, and who (an email); null while the reply is due. */
  handled_at: IsoTimestamp | null;
  handled_by: string | null;
}

/** A reference picture uploaded for a custom ring request; unclaimed (request_id null) ones are swept after a day. */
export interface CustomRingImageTable {
  id: Generated<number>;
  token: string;
  content_type: string;
  bytes: Uint8Array;
  byte_size: number;
  request_id: number | null;
  position: number | null;
  created_at: IsoTimestamp;
  /** Digests of the uploading client's address or /64, and of an IPv6 client's /56 and /48 (null before migration 016). */
  client_key: string | null;
  client_56: string | null;
  client_48: string | null;
}

/** A Home Preview request (home-preview): replicas of one or two settings sent to a US address. */
export interface HomePreviewRequestTable {
  id: Generated<number>;
  number: string;
  user_id: number;
  status: Generated<string>;
  deposit_cents: number;
  first_name: string;
  last_name: string;
  street: string;
  apartment: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone_number: string;
  created_at: IsoTimestamp;
  cancelled_at: IsoTimestamp | null;
  /** The deposit's payment reference (the card terminal's, the bank's) and when staff recorded it. */
  deposit_reference: string | null;
  deposit_taken_at: IsoTimestamp | null;
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: IsoTimestamp | null;
  delivered_at: IsoTimestamp | null;
  /** How many replicas are back: the receive step's guard. */
  rings_returned: Generated<number>;
  /** When the last replica came back. */
  returned_at: IsoTimestamp | null;
  refunded_cents: number | null;
  kept_cents: number | null;
  refund_reference: string | null;
  settled_at: IsoTimestamp | null;
}

export interface HomePreviewRingTable {
  id: Generated<number>;
  request_id: number;
  position: number;
  variant_id: number;
  sku: string;
  product_slug: string;
  name: string;
  metal: string;
  shape: string | null;
  ring_size: string;
  returned_at: IsoTimestamp | null;
}

/**
 * A stone held in the ring builder (inventory): one hold per stone, by one account, until expires_at. A row whose
 * time has passed is no hold; readers compare with the clock and writers delete such rows.
 */
export interface StoneHoldTable {
  diamond_id: number;
  user_id: number;
  /** A digest of the client's address as the rate limits count it: an IPv4 address, an IPv6 /64 (never the address itself). */
  client_key: string;
  /** Digests of an IPv6 client's /56 and /48 (null for IPv4, and for holds taken before migration 016). */
  client_56: string | null;
  client_48: string | null;
  expires_at: IsoTimestamp;
  created_at: IsoTimestamp;
}

/** One row per new hold (not per renewal), kept a day: the per-stone daily cap counts them. */
export interface StoneHoldLogTable {
  id: Generated<number>;
  diamond_id: number;
  user_id: number;
  created_at: IsoTimestamp;
}

/** A staff member's back-office session (admin); only the SHA-256 of its cookie is kept. */
export interface AdminSessionTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: IsoTimestamp;
  /** Its last request: the idle timeout counts from here. */
  last_seen_at: IsoTimestamp;
  /** The latest it can last, however busy. */
  expires_at: IsoTimestamp;
  /** When the password was last entered in it (sign-in or confirmation), for sensitive actions. */
  reauth_at: IsoTimestamp | null;
  ip: string;
  /** 'full'; or a sign-in half done: 'second_factor' (the code is awaited) or 'enroll' (a second factor must be set up first). */
  stage: Generated<AdminSessionStage>;
}


/** A staff role offered to an address (accounts): it grants nothing until its emailed link is used. */
export interface StaffInvitationTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  title: string;
  role: string;
  token_hash: string;
  /** The owner who invited; null at the command line. */
  invited_by_id: number | null;
  invited_by: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  accepted_at: IsoTimestamp | null;
  revoked_at: IsoTimestamp | null;
  /** The account that took the role up. */
  user_id: number | null;
}

/** A staff member's TOTP secret (accounts); confirmed_at is null while enrolling. */
export interface StaffSecondFactorTable {
  user_id: number;
  secret: string;
  created_at: IsoTimestamp;
  confirmed_at: IsoTimestamp | null;
  /** The time step of the last code accepted: a code is never taken twice. */
  last_step: number | null;
}

/** A one-time recovery code of a staff member's second factor, kept as its SHA-256 (accounts). */
export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
}

/** An owner's demotion or removal waiting for a second owner or for its time (accounts). */
export interface StaffChangeTable {
  id: Generated<number>;
  user_id: number;
  role_before: string;
  /** 'staff' or 'customer' (removed). */
  role_after: string;
  requested_by_id: number;
  requested_by: string;
  requested_at: IsoTimestamp;
  effective_at: IsoTimestamp;
  resolved_at: IsoTimestamp | null;
  /** 'applied', 'confirmed', 'cancelled' or 'void' (no longer possible when due). */
  outcome: string | null;
  resolved_by: string | null;
}

/** One change made by staff (audit); never updated or deleted (triggers refuse both). */
export interface AuditLogTable {
  id: Generated<number>;
  at: IsoTimestamp;
  /** The staff member's user id; null for the command line. */
  actor_id: number | null;
  actor_email: string;
  actor_name: string;
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON of the changed fields as they were, and as they became. */
  before_json: string | null;
  after_json: string | null;
  /** The request's address, or the command line's user@host. */
  from_address: string;
}

/** A client that opened the ring builder on a New York day (ring-builder); the client is a digest of its address. */
export interface BuilderStartTable {
  day: string;
  client: string;
}

/** The retail price of a gram of a metal as worked into a piece (products; owners change it in the back office). */
export interface MetalPriceTable {
  metal: string;
  cents_per_gram: number;
  updated_at: string;
}

/** A link to one document of an order, opened without signing in until it expires (docs/decisions/023-order-documents.md). */
export interface DocumentLinkTable {
  id: Generated<number>;
  /** SHA-256 of the link's token (hex); the token itself is never stored. */
  token_hash: string;
  order_number: string;
  /** 'invoice', 'packing-slip' or 'insurance'. */
  document: string;
  /** An insurance sheet's line, 1-based; null for the others. */
  line: number | null;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  /** The shopper who made it, or (null) staff. */
  created_by_user_id: number | null;
  /** The staff member who made it, by address; null for a shopper's. */
  created_by_staff: string | null;
}

/** A ZIP code's sales tax rates, from the store's imported rate file, in millionths (docs/decisions/025-sales-tax.md). */
export interface TaxZipRateTable {
  /** Five digits. */
  zip: string;
  /** The state the file names (a ZIP code on a state line may have a row in each). */
  state: string;
  /** The file's tax region name. */
  region: string;
  combined_millionths: number;
  state_millionths: number;
  county_millionths: number;
  city_millionths: number;
  special_millionths: number;
  imported_at: IsoTimestamp;
}

export interface Database {
  shapes: ShapeTable;
  colors: LookupTable;
  clarities: LookupTable;
  cuts: CutTable;
  polishes: LookupTable;
  symmetries: LookupTable;
  fluorescences: LookupTable;
  fancy_colors: LookupTable;
  fancy_intensities: LookupTable;
  certificate_companies: CertificateCompanyTable;
  diamonds: DiamondTable;
  store_meta: StoreMetaTable;
  stone_changes: StoneChangeTable;
  mail_outbox: MailOutboxTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  contact_messages: ContactMessageTable;
  contact_replies: ContactReplyTable;
  appointments: AppointmentTable;
  users: UserTable;
  auth_tokens: AuthTokenTable;
  email_links: EmailLinkTable;
  addresses: AddressTable;
  rate_limits: RateLimitTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_events: OrderEventTable;
  shipments: ShipmentTable;
  order_returns: OrderReturnTable;
  order_return_lines: OrderReturnLineTable;
  order_refunds: OrderRefundTable;
  order_care_tickets: OrderCareTicketTable;
  products: ProductTable;
  product_meta: ProductMetaTable;
  product_variants: ProductVariantTable;
  metal_prices: MetalPriceTable;
  variant_stock: VariantStockTable;
  wallet_payments: WalletPaymentTable;
  wallet_simulated_payments: WalletSimulatedPaymentTable;
  wallet_simulated_refunds: WalletSimulatedRefundTable;
  custom_ring_requests: CustomRingRequestTable;
  custom_ring_images: CustomRingImageTable;
  home_preview_requests: HomePreviewRequestTable;
  home_preview_rings: HomePreviewRingTable;
  stone_holds: StoneHoldTable;
  stone_hold_log: StoneHoldLogTable;
  admin_sessions: AdminSessionTable;
  staff_invitations: StaffInvitationTable;
  staff_second_factors: StaffSecondFactorTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_changes: StaffChangeTable;
  audit_log: AuditLogTable;
  builder_starts: BuilderStartTable;
  document_links: DocumentLinkTable;
  tax_zip_rates: TaxZipRateTable;
}

export type DiamondRow = Selectable<DiamondTable>;
export type NewDiamond = Insertable<DiamondTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type UserRow = Selectable<UserTable>;
export type AddressRow = Selectable<AddressTable>;
export type OrderRow = Selectable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;
export type OrderEventRow = Selectable<OrderEventTable>;
export type ShipmentRow = Selectable<ShipmentTable>;
export type OrderReturnRow = Selectable<OrderReturnTable>;
export type OrderReturnLineRow = Selectable<OrderReturnLineTable>;
export type OrderRefundRow = Selectable<OrderRefundTable>;
export type OrderCareTicketRow = Selectable<OrderCareTicketTable>;
export type ProductRow = Selectable<ProductTable>;
export type ProductVariantRow = Selectable<ProductVariantTable>;
export type NewProduct = Insertable<ProductTable>;
export type NewProductVariant = Insertable<ProductVariantTable>;
export type WalletPaymentRow = Selectable<WalletPaymentTable>;
export type WalletSimulatedPaymentRow = Selectable<WalletSimulatedPaymentTable>;
export type DocumentLinkRow = Selectable<DocumentLinkTable>;
