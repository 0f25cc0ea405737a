import { APPOINTMENTS, formatEasternTime } from '@everstone/contract/core';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, type OrderStatus, type PaymentMethod, type PaymentStatus } from '@everstone/contract';

/**
 * How the back office words and formats what the API answers: statuses, amounts, the store's clock. The store works
 * on Eastern time (where the showroom is), whatever the computer's own time zone.
 */

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = ORDER_STATUS_LABELS;

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  pending: 'Unpaid',
  paid: 'Paid',
  under_review: 'Under review',
  expired: 'Hold expired',
  refunded: 'Refunded',
  failed: 'Failed',
};

export const methodText = (method: PaymentMethod) => PAYMENT_METHOD_LABELS[method];

const zone = APPOINTMENTS.timeZone;
const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' });
const dayTimeFormat = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
const longDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'long' });
const isoDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });

const valid = (iso: string) => !Number.isNaN(new Date(iso).getTime());

/** 'Jul 14, 2026'. */
export const formatDay = (iso: string) => (valid(iso) ? dayFormat.format(new Date(iso)) : iso);
/** '3:42 PM' (Eastern). */
export const formatTime = (iso: string) => (valid(iso) ? timeFormat.format(new Date(iso)).replace(/\s/g, ' ') : '');
/** 'July 14, 2026'. */
export const formatLongDay = (iso: string) => (valid(iso) ? longDayFormat.format(new Date(iso)) : iso);
/** 'Jul 14, 2026, 3:42 PM' (Eastern). */
export const formatDayTime = (iso: string) => (valid(iso) ? dayTimeFormat.format(new Date(iso)).replace(/\s/g, ' ') : iso);
/** '07/14/2026 at 3:42 PM Eastern Time', as the shopper's emails give a hold's end. */
export const formatExact = (iso: string) => (valid(iso) ? formatEasternTime(iso) : iso);
/** Today's date on the store's calendar, '2026-07-14'. */
export const storeToday = (now = new Date()) => isoDayFormat.format(now);

/** How far off an instant is, in the words a busy person reads at a glance: 'in 5 h', 'in 40 min', '2 days ago'. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  if (Number.isNaN(diff)) return '';
  const minutes = Math.round(Math.abs(diff) / 60_000);
  let amount: string;
  if (minutes < 1) return diff >= 0 ? 'now' : 'just now';
  if (minutes < 60) amount = `${minutes} min`;
  else if (minutes < 48 * 60) amount = `${Math.round(minutes / 60)} h`;
  else amount = `${Math.round(minutes / (24 * 60))} days`;
  return diff >= 0 ? `in ${amount}` : `${amount} ago`;
}

/** A phone number as a link the phone app opens: its digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
