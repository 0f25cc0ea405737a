import {
  ORDER_CURRENCY,
  ORDER_MESSAGES,
  PAYMENT_METHODS,
  WALLET_PAYMENT_METHOD,
  centsToDollars,
  centsToPrice,
  type OrderRequest,
  type PaymentMethod,
  type WalletOrderRequest,
} from '@everstone/contract';
import { PROMOTIONS, STORE_TERMS, type GiftChoice, type LineItem, type Pricing } from '@everstone/contract/core';
import type { AddressRequest, DeliveryCountry } from '@everstone/contract/core';
import { cartLineKey, lineItemOf, priceCart, type CartLine } from '../../domain/cart';

/**
 * Checkout's rules without React (SPEC §3 Checkout form and Order payload, §4 Checkout, §5 Checkout): the form,
 * its validation with the client's exact messages, the guest's pending data, and the two payloads of §7.
 */

/** §3 Checkout form. */
export interface CheckoutForm {
  email: string;
  country: DeliveryCountry;
  first_name: string;
  last_name: string;
  address: string;
  apartment: string;
  city: string;
  zip_code: string;
  phone: string;
  smsOffers: boolean;
  emailOffers: boolean;
}

export const isPaymentMethod = (value: unknown): value is PaymentMethod => PAYMENT_METHODS.some((m) => m.id === value);

/** Each method's info box: one honest sentence on what happens after Pay now. */
export const PAYMENT_METHOD_INFO: Record<PaymentMethod, string> = {
  cod: 'You pay when your order is delivered; our team calls you within one business day of your order to confirm the delivery.',
  'pay-credit': 'No card details are taken on this page and nothing is charged now; our team calls you within one business day to take your card payment securely.',
  'pay-paypal': 'Pay now takes you to PayPal to approve the payment, then back here: your order is placed and your diamonds reserved as soon as PayPal confirms it. Nothing is taken if you cancel.',
  'pay-synchrony': `We email you a link to apply for Synchrony financing within one business day (no interest for ${STORE_TERMS.financing.interestFreeMonths} months on purchases of $${STORE_TERMS.financing.minimumPurchase} or more, subject to credit approval); nothing is charged now.`,
  'pay-affirm': "We email you a link to pay with Affirm within one business day, subject to Affirm's approval; nothing is charged now.",
  'pay-multiple': 'Our team calls you within one business day to arrange how the total is split between your payment methods; nothing is charged now.',
  'pay-wire': `You pay the bank-wire price ($${PROMOTIONS.bankWireDiscount} less per diamond), your diamonds are held for ${STORE_TERMS.wireHoldHours} hours while the transfer arrives, and the wire instructions come by email as soon as you place the order.`,
};

/** Where the guest's form waits while they sign in (§3 names only "a pending-address key"). */
export const PENDING_ADDRESS_KEY = 'pendingAddress';

/** §8: any failure saving the address or the order. */
export const ORDER_FAILED_MESSAGE = ORDER_MESSAGES.failed;

export const EMPTY_FORM: CheckoutForm = {
  email: '',
  country: 'United States',
  first_name: '',
  last_name: '',
  address: '',
  apartment: '',
  city: '',
  zip_code: '',
  phone: '',
  smsOffers: false,
  emailOffers: false,
};

/** The keys §5 checks, in the page's order (the first one broken gets focus). */
export const CHECKED_FIELDS = ['email', 'first_name', 'last_name', 'address', 'city', 'zip_code', 'phone', 'payment'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];
export type CheckoutErrors = Partial<Record<CheckedField | 'country' | 'apartment', string>>;

const REQUIRED_TEXT = ['first_name', 'last_name', 'address', 'city', 'zip_code', 'phone'] as const;
/** §5: "a simple x@y.z pattern". */
const EMAIL_PATTERN = /\S+@\S+\.\S+/;

/**
 * §5, exactly: guests need an email ('Email is required', 'Email is invalid'); the six text fields must be
 * non-empty after trimming ('{field with underscore replaced by a space} is required'); a method must be chosen.
 * Apartment, country and the offers boxes are not checked.
 */
export function validateCheckout(form: CheckoutForm, method: PaymentMethod | null, { guest }: { guest: boolean }): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (guest) {
    if (!form.email.trim()) errors.email = 'Email is required';
    else if (!EMAIL_PATTERN.test(form.email)) errors.email = 'Email is invalid';
  }
  for (const field of REQUIRED_TEXT) {
    if (!form[field].trim()) errors[field] = `${field.replace(/_/g, ' ')} is required`;
  }
  if (!method) errors.payment = 'Please select a payment method';
  return errors;
}

export function firstBroken(errors: CheckoutErrors): CheckedField | 'country' | 'apartment' | undefined {
  const order = ['email', 'country', 'first_name', 'last_name', 'address', 'apartment', 'city', 'zip_code', 'phone', 'payment'] as const;
  return order.find((key) => errors[key] !== undefined);
}

export interface PendingCheckout {
  form: CheckoutForm;
  method: PaymentMethod | null;
}

const text = (value: unknown, max = 300) => (typeof value === 'string' ? value.slice(0, max) : '');

/** Reads what a guest left before signing in; anything malformed is dropped field by field, never trusted. */
export function parsePending(raw: unknown): PendingCheckout | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { form, method } = raw as { form?: unknown; method?: unknown };
  if (typeof form !== 'object' || form === null) return null;
  const f = form as Record<string, unknown>;
  return {
    form: {
      email: text(f.email),
      country: f.country === 'Canada' ? 'Canada' : 'United States',
      first_name: text(f.first_name),
      last_name: text(f.last_name),
      address: text(f.address),
      apartment: text(f.apartment),
      city: text(f.city),
      zip_code: text(f.zip_code),
      phone: text(f.phone),
      smsOffers: f.smsOffers === true,
      emailOffers: f.emailOffers === true,
    },
    method: isPaymentMethod(method) ? method : null,
  };
}

/** A saved address (§3, as GET /api/user-address answers it) as the form's fields; the email stays as it is. */
export function formFromSavedAddress(
  saved: { first_name: string; last_name: string; country: DeliveryCountry; address: { apartment: string | null; street: string; city: string; zip: string }; phone_number: string; is_get_offer: 0 | 1 },
  current: CheckoutForm,
): CheckoutForm {
  return {
    ...current,
    country: saved.country,
    first_name: saved.first_name,
    last_name: saved.last_name,
    address: saved.address.street,
    apartment: saved.address.apartment ?? '',
    city: saved.address.city,
    zip_code: saved.address.zip,
    phone: saved.phone_number,
    emailOffers: saved.is_get_offer === 1,
    smsOffers: saved.is_get_offer === 1,
  };
}

/** §7 POST /api/store-addresses: the delivery part of the form, as §3's Saved address. */
export function addressPayload(form: CheckoutForm, userId: number): AddressRequest {
  return {
    user_id: userId,
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    country: form.country,
    address: { apartment: form.apartment.trim(), street: form.address.trim(), city: form.city.trim(), zip: form.zip_code.trim() },
    phone_number: form.phone.trim(),
    // §3 has one offers flag; either box asks for offers.
    is_get_offer: form.smsOffers || form.emailOffers ? 1 : 0,
  };
}

/** The 422 keys of the address call, as the form's fields, so its messages sit next to what they name. */
export const ADDRESS_ERROR_FIELDS: Record<string, keyof CheckoutErrors> = {
  first_name: 'first_name',
  last_name: 'last_name',
  country: 'country',
  address: 'address',
  'address.street': 'address',
  'address.apartment': 'apartment',
  'address.city': 'city',
  'address.zip': 'zip_code',
  phone_number: 'phone',
};

/** §3 item_details: what the shopper saw of one stone (the server reads it and trusts none of it). */
interface ItemDetail {
  type: number;
  /** What one unit costs with the chosen method, in dollars (a bank wire pays the bank-wire price, §5). */
  price: number;
  quantity: number;
  weight: number;
}

/** §7's form of a line: its id in items_id and its item_details, or null for a kind §7 cannot name. */
function legacyItemOf(line: CartLine, paidCents: number): { id: number; detail: ItemDetail } | null {
  switch (line.kind) {
    case 'diamond':
      return { id: line.diamondid, detail: { type: line.type, price: centsToDollars(paidCents / line.quantity), quantity: line.quantity, weight: line.carat_weight } };
    case 'product':
    case 'ring':
      return null;
  }
}

/** The order's lines as POST /api/store-order and /api/paypal/create-order take them: one of the two forms. */
export type OrderItems = { items_id: number[]; item_details: string } | { lines: LineItem[] };

/**
 * The order's lines in the one form the server is sent. While every line is a loose diamond, §7's `items_id` and
 * `item_details` (JSON text keyed by diamond id), which is the client contract of §3 and §7; once a line is of
 * another kind, which §7 cannot name, the contract's `lines`. Never both.
 */
export function orderItems(lines: readonly CartLine[], pricing: Pricing): OrderItems {
  const legacy = lines.map((line, i) => legacyItemOf(line, pricing.lines[i]!.totalCents));
  if (legacy.some((item) => item === null)) return { lines: lines.map(lineItemOf) };
  const details: Record<string, ItemDetail> = {};
  for (const item of legacy) details[String(item!.id)] = item!.detail;
  return { items_id: legacy.map((item) => item!.id), item_details: JSON.stringify(details) };
}

/** §3 Order payload. The server recomputes prices and the total from its own records; these are what the shopper saw. */
export function orderPayload(form: CheckoutForm, method: PaymentMethod, user: { id: number }, lines: readonly CartLine[], giftChoice: GiftChoice | null = null, quotedTotal?: string): OrderRequest {
  const pricing = priceCart(lines, method);
  return {
    user_id: user.id,
    user_name: `${form.first_name.trim()} ${form.last_name.trim()}`,
    contact_number: form.phone.trim(),
    ...orderItems(lines, pricing),
    // The store's quote (its tax included) once the address is known; the lines' own total before.
    total_price: quotedTotal ?? centsToPrice(pricing.totalCents),
    address: JSON.stringify({
      apartment: form.apartment.trim(),
      street: form.address.trim(),
      city: form.city.trim(),
      zip: form.zip_code.trim(),
      country: form.country,
    }),
    order_status: 'pending',
    payment_mode: method,
    payment_status: 'pending',
    is_gift: false,
    notes: '',
    // §9: read by the store only when the subtotal reaches the second tier.
    gift_choice: giftChoice,
  };
}

/**
 * §7 POST /api/paypal/create-order: amount (2-decimal text), currency and user_id as §7 lists them, with the
 * cart's lines and the delivery details the order will carry once the payment is approved.
 */
export function walletPayload(form: CheckoutForm, user: { id: number }, lines: readonly CartLine[], giftChoice: GiftChoice | null = null, quotedTotal?: string): WalletOrderRequest {
  const { user_name, contact_number, address, is_gift, notes, gift_choice } = orderPayload(form, WALLET_PAYMENT_METHOD, user, lines, giftChoice);
  const pricing = priceCart(lines, WALLET_PAYMENT_METHOD);
  return {
    amount: quotedTotal ?? centsToPrice(pricing.totalCents),
    currency: ORDER_CURRENCY,
    user_id: user.id,
    ...orderItems(lines, pricing),
    user_name,
    contact_number,
    address,
    is_gift,
    notes,
    gift_choice,
  };
}

/**
 * The pieces and rings an order's refusal names (409: sold out, withdrawn, or too few on the shelf; 422: a variant
 * the store does not have, or a choice the piece does not allow, a stone that does not fit its setting), by their
 * cart line keys, each with what the store said of it. The store names a piece by its name, or an unknown one by
 * its variant id; a ring by its setting's name or its stone's certificate. A loose stone's refusal names its
 * certificate, which the cart's check marks on its own.
 */
export function linesRefusedBy(
  failure: { status: number; message: string | null; errors?: Record<string, string[]> },
  lines: readonly CartLine[],
): Map<string, string> {
  const refused = new Map<string, string>();
  if (failure.status !== 409 && failure.status !== 422) return refused;
  const messages = [...Object.values(failure.errors ?? {}).flat(), failure.message ?? ''].filter(Boolean);
  const unknownIds = new Set(messages.flatMap((m) => [...m.matchAll(/variant ids? ([\d, ]+)/g)].flatMap((match) => match[1]!.split(/\D+/).filter(Boolean).map(Number))));
  for (const line of lines) {
    if (line.kind === 'ring') {
      const cert = line.diamond.certificate_number;
      // "{setting} with the diamond {certificate}: {why they do not fit}", or "{setting}: {a choice it does not allow}".
      const prefixes = [`${line.setting_name} with the diamond ${cert}: `, `${line.setting_name}: `];
      // Each problem as the store listed it (the message alone joins them all, when no list came).
      const listed = Object.values(failure.errors ?? {}).flat();
      const own = (listed.length > 0 ? listed : messages).flatMap((m) => {
        const p = prefixes.find((prefix) => m.startsWith(prefix));
        return p ? [m.slice(p.length)] : [];
      });
      if (own.length > 0) refused.set(cartLineKey(line), own.join(' '));
      else if (unknownIds.has(line.variant_id)) refused.set(cartLineKey(line), 'Its setting is no longer available.');
      else if (failure.status === 409 && messages.some((m) => m.includes(cert))) refused.set(cartLineKey(line), 'Its diamond is no longer available.');
      else if (failure.status === 409 && messages.some((m) => m.includes(`the ${line.setting_name}`) || m.includes(`The ${line.setting_name}`))) {
        refused.set(cartLineKey(line), 'Its setting is no longer available in this metal and shape.');
      }
      continue;
    }
    if (line.kind !== 'product') continue;
    if (unknownIds.has(line.variant_id)) {
      refused.set(cartLineKey(line), 'This piece is no longer available.');
      continue;
    }
    // A 422 says "{name}: {what is wrong}" for each piece; a 409 names the pieces no longer available as ordered.
    const own = messages.find((m) => m.startsWith(`${line.name}: `));
    if (own) refused.set(cartLineKey(line), own.slice(line.name.length + 2));
    else if (messages.some((m) => m.includes(line.name))) {
      refused.set(cartLineKey(line), failure.status === 409 ? 'Sold out, or fewer left than you ordered.' : 'The store could not accept this piece as chosen.');
    }
  }
  return refused;
}

/**
 * What keeps the order from being placed, said once over the form, from the lines the summary marks (`marked`): a
 * diamond, a piece or a ring by what they all are, with what the shopper does about it in the cart.
 */
export function markedLinesBlocker(marked: readonly Pick<CartLine, 'kind'>[]): { text: string; action: string } | null {
  if (marked.length === 0) return null;
  const kinds = new Set(marked.map((l) => l.kind));
  if (kinds.size === 1 && kinds.has('diamond')) return { text: 'A diamond in your order is no longer available.', action: 'Remove it from your cart' };
  if (kinds.size === 1 && kinds.has('ring')) return { text: 'A ring in your order cannot be ordered as it was built.', action: 'Change or remove it in your cart' };
  return { text: 'A piece in your order cannot be ordered as it is.', action: 'Change or remove it in your cart' };
}

/** The query the wallet's cancel URL carries back to /checkout (docs/api.md, "Online wallet"). */
export const WALLET_CANCELLED_PARAM = { name: 'payment', value: 'cancelled' } as const;

/**
 * A key for one press of Pay now: a retry of the same order after a lost answer carries it again, and the server
 * answers the order the first try placed instead of placing a second (docs/api.md, Idempotency-Key).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
