import {
  CUSTOM_RING_BUDGETS,
  CUSTOM_RING_STYLES,
  HOME_PREVIEW_STATUS_LABELS,
  METAL_LABELS,
  STONE_ORIGIN_CHOICES,
  UNDECIDED,
  dayOfIso,
  formatShipDate,
  ringSizeLabel,
  type AdminCustomRequest,
  type HomePreviewStatus,
  type MetalId,
  type RequestState,
} from '@everstone/contract';

/**
 * How the back office words the shoppers' requests: a custom ring's choices as the form offered them, and the
 * time left to answer one. The API sends the choices' ids; the words come from the contract's own lists.
 */

const labelOf = (list: readonly { id: string; label: string }[], id: string) => list.find((x) => x.id === id)?.label ?? id;
const undecided = (value: string, label: string) => (value === UNDECIDED ? 'Not sure yet' : label);

/** A custom ring request's choices, in the order of the shopper's form. */
export function customRequestChoices(r: AdminCustomRequest): Array<[string, string]> {
  return [
    ['Style', labelOf(CUSTOM_RING_STYLES, r.style)],
    ['Budget', labelOf(CUSTOM_RING_BUDGETS, r.budget)],
    ['Center stone shape', undecided(r.center_shape, r.center_shape)],
    ['Center stone', labelOf(STONE_ORIGIN_CHOICES, r.center_origin)],
    ['Approximate carat', r.center_carat === null ? 'Not given' : `${r.center_carat} ct`],
    ['Metal', undecided(r.metal, METAL_LABELS[r.metal as MetalId] ?? r.metal)],
    ['Ring size', ringSizeLabel(r.ring_size)],
  ];
}

/** 'Tuesday, January 6': the day a reply was promised by (a calendar day of the store's, not an instant). */
export const replyByDay = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatShipDate(dayOfIso(day)) : day);

/** '5 h 12 min', '2 days 3 h', '40 min': a span read at a glance, to the minute below a day. */
export function spanText(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days > 0) return [`${days} ${days === 1 ? 'day' : 'days'}`, hours ? `${hours} h` : ''].filter(Boolean).join(' ');
  return [hours ? `${hours} h` : '', mins ? `${mins} min` : ''].filter(Boolean).join(' ');
}

/** Within this long of the end of the promise, the countdown turns to a warning's colour before it runs out. */
export const REPLY_SOON_MS = 3 * 3_600_000;

/** The time left to answer a request: 'Reply due in 5 h 12 min', or 'Overdue by 2 h' once the promise has run out. */
export function replyDue(dueAt: string, now: number): { text: string; tone: 'due' | 'soon' | 'overdue' } {
  const left = new Date(dueAt).getTime() - now;
  if (Number.isNaN(left)) return { text: '', tone: 'due' };
  if (left <= 0) return { text: `Overdue by ${spanText(left)}`, tone: 'overdue' };
  return { text: `Reply due in ${spanText(left)}`, tone: left <= REPLY_SOON_MS ? 'soon' : 'due' };
}

/** The tabs of the contact messages and of the custom ring requests, in the words of each list. */
export const MESSAGE_STATE_TEXT: Record<RequestState, string> = { open: 'Open', handled: 'Handled', all: 'All' };
export const CUSTOM_REQUEST_STATE_TEXT: Record<RequestState, string> = { open: 'Open', handled: 'Answered', all: 'All' };
export const HOME_PREVIEW_STATUS_TEXT: Record<HomePreviewStatus | 'all', string> = { ...HOME_PREVIEW_STATUS_LABELS, all: 'All' };
