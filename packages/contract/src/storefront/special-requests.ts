/**
 * The words and limits of two requests a shopper sends the store without buying: a custom ring design (§1: "a
 * reply to custom orders within a day") and a Home Preview of replica rings (§1, §9). Without Zod: the pages use
 * them on their first load; the schemas are in custom-ring-requests.ts and home-preview.ts.
 */
import { addBusinessDays, formatShipDate, storeToday } from '../orders/business-calendar.ts';
import { formatTagPrice } from '../money.ts';
import { SETTING_STYLES } from '../jewelry/products.ts';

/* ---------------------------------------------------------------------------------------------------------------
 * Custom ring requests
 * ------------------------------------------------------------------------------------------------------------ */

/** The seven settings styles (§2) and 'other', for a design that is none of them. */
export const CUSTOM_RING_STYLES = [...SETTING_STYLES, { id: 'other', label: 'Something else' }] as const;
export type CustomRingStyle = (typeof CUSTOM_RING_STYLES)[number]['id'];

/** Budget ranges the shopper picks from, so a designer knows what to propose. */
export const CUSTOM_RING_BUDGETS = [
  { id: 'under-2500', label: 'Under $2,500' },
  { id: '2500-5000', label: '$2,500 to $5,000' },
  { id: '5000-10000', label: '$5,000 to $10,000' },
  { id: '10000-25000', label: '$10,000 to $25,000' },
  { id: '25000-plus', label: '$25,000 and up' },
] as const;
export type CustomRingBudget = (typeof CUSTOM_RING_BUDGETS)[number]['id'];

export const STONE_ORIGIN_CHOICES = [
  { id: 'lab', label: 'Lab-grown' },
  { id: 'natural', label: 'Natural' },
  { id: 'undecided', label: 'Not sure yet' },
] as const;
export type StoneOriginChoice = (typeof STONE_ORIGIN_CHOICES)[number]['id'];

/** A choice the shopper has not made yet (shape, metal). */
export const UNDECIDED = 'undecided';

/** The reference images a request may carry, and how large each may be once the browser has downsized it. */
export const CUSTOM_RING_IMAGES = {
  maxPerRequest: 3,
  /**
   * Bytes of one image. It travels base64 in JSON (4 characters for 3 bytes), and every body is capped at 64 KiB
   * (plugins/body-limit.ts): 46 KiB of image is 62,806 characters, leaving room for the rest of the body.
   */
  maxBytes: 46 * 1024,
  /** The longest side the browser draws an image at before it lowers the quality. */
  maxSidePx: 1000,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
  /** An upload no request claims within this time is deleted. */
  unclaimedTtlHours: 24,
  /**
   * Uploads no request has claimed yet that one client may have waiting at once (an IPv6 /56 four times and a /48
   * sixteen times as many, as every limit per client): a shopper's three are claimed minutes later, so even a shared
   * address rarely has more than a few waiting, while a flood from one client can no longer fill the store-wide room
   * and pause uploads for every shopper.
   */
  waitingPerClient: 60,
} as const;
export type CustomRingImageType = (typeof CUSTOM_RING_IMAGES)['contentTypes'][number];

export const CUSTOM_RING_LIMITS = { noteMaxLength: 2000, minCarat: 0.1, maxCarat: 20 } as const;

export const CUSTOM_RING_MESSAGES = {
  style: 'Please choose a style.',
  budget: 'Please choose a budget.',
  shape: 'Please choose a center stone shape, or "Not sure yet".',
  origin: 'Please choose lab-grown, natural, or "Not sure yet".',
  metal: 'Please choose a metal, or "Not sure yet".',
  carat: `The approximate carat weight must be a number from ${CUSTOM_RING_LIMITS.minCarat} to ${CUSTOM_RING_LIMITS.maxCarat}, or left empty.`,
  ringSize: 'Please choose a ring size, or "I don\'t know the size yet".',
  phone: 'The phone may contain only digits, spaces and + ( ) - .',
  tooManyImages: `Add at most ${CUSTOM_RING_IMAGES.maxPerRequest} images.`,
  sameImageTwice: 'The same image was added twice.',
  unknownImage: 'One of your images is no longer with us (uploads are kept for a day). Please remove it and add it again.',
  imageType: 'The image must be a JPEG, PNG or WebP picture.',
  imageData: 'The image must be sent as base64 text.',
  imageTooLarge: `The image is larger than ${CUSTOM_RING_IMAGES.maxBytes / 1024} KB. Please choose a smaller one.`,
  notAnImage: 'This file is not a JPEG, PNG or WebP picture.',
  imageEmpty: 'The image is empty.',
  uploadsPaused: 'We cannot take more images right now. Please try again later, or send your request without images and reply to our email with them.',
  clientShareFull: 'Too many images from your connection are waiting to be sent with a request. Please send your request with the images you have added, and reply to our email with any others.',
  failure: 'Your request could not be sent. Please try again, or call us.',
} as const;

/**
 * The day the store replies by: within one business day of receipt, on the store's calendar (weekends do not
 * count), so a request sent on Friday evening or on Saturday is answered by Monday, end of day.
 */
export function customReplyBy(receivedAt: Date): Date {
  return addBusinessDays(storeToday(receivedAt), 1);
}

/** '2026-12-01', for the API: a calendar day of the store's, not an instant. */
export function isoDay(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** '2026-12-01' as a local calendar day, for formatting. */
export function dayOfIso(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** 'We will reply by Tuesday, December 1': the page, the API's answer and the shopper's email all say it. */
export function replyByText(day: Date): string {
  return `We will reply by ${formatShipDate(day)}`;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Home Preview (§9: "$100 per replica ring charge refunded on return, maximum two rings per order, two orders per
 * six months, three-day possession, US only, free shipping both ways")
 * ------------------------------------------------------------------------------------------------------------ */

export const HOME_PREVIEW = {
  maxRings: 2,
  maxRequests: 2,
  /** "Six months", counted as a rolling 183 days. */
  windowDays: 183,
  possessionDays: 3,
  depositCentsPerRing: 10_000,
  country: 'United States',
} as const;

/** The rules as the page states them before the shopper chooses (§9, as written there). */
export const HOME_PREVIEW_RULES: readonly string[] = [
  `${formatTagPrice(HOME_PREVIEW.depositCentsPerRing)} per replica ring, refunded when the replicas are returned.`,
  `A maximum of ${HOME_PREVIEW.maxRings} rings per order.`,
  `${HOME_PREVIEW.maxRequests} orders every six months.`,
  `The replicas are yours for ${HOME_PREVIEW.possessionDays} days.`,
  'United States addresses only.',
  'Free shipping both ways.',
];

export const HOME_PREVIEW_MESSAGES = {
  noRings: 'Choose at least one ring to try at home.',
  tooManyRings: `A Home Preview holds at most ${HOME_PREVIEW.maxRings} replica rings.`,
  sameRingTwice: 'You chose the same ring twice. Choose another setting, metal or shape.',
  usOnly: 'Home Preview is available in the United States only.',
  settingsOnly: 'Home Preview replicas are made of engagement ring settings only. Please choose a setting.',
  unavailable: 'This setting is no longer available. Please choose another.',
  zip: 'The ZIP code must be a US ZIP code such as 10036 or 10036-1234.',
  notFound: 'There is no Home Preview request with that number in your account.',
  notCancellable: 'This Home Preview can no longer be cancelled here: it is on its way. Please call us.',
  /** The deposit is taken: only the team can cancel now, refunding it. */
  depositTaken: 'Your deposit is taken, so this Home Preview can no longer be cancelled here. Please call us: we will cancel it and refund your deposit.',
  alreadyCancelled: 'This Home Preview request is already cancelled.',
  cancelled: 'Your Home Preview request is cancelled. It no longer counts toward your two every six months.',
  failure: 'Your Home Preview request could not be sent. Please try again, or call us.',
} as const;

/**
 * A request counts toward the account's two from the store's day it was placed through the 182nd day after; on
 * the 183rd it no longer does. Days are the store's (Eastern Time), so the day the page names is exact.
 */
export function homePreviewReleaseDay(placedAt: Date): Date {
  const day = storeToday(placedAt);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + HOME_PREVIEW.windowDays);
}

/** 409 when the account has placed its two in the window: says from which day the next one can be placed. */
export function homePreviewLimitMessage(nextDay: Date): string {
  return `You may place ${HOME_PREVIEW.maxRequests} Home Preview orders every six months. You can place your next one on ${formatShipDate(nextDay)}.`;
}

export function homePreviewDepositCents(rings: number): number {
  return HOME_PREVIEW.depositCentsPerRing * rings;
}

/** What happens after a request: the confirmation page and both emails say it, in these words. */
export function homePreviewNextSteps(rings: number): string[] {
  const deposit = formatTagPrice(homePreviewDepositCents(rings));
  const each = formatTagPrice(HOME_PREVIEW.depositCentsPerRing);
  return [
    `Our team will call you within one business day to take the refundable deposit of ${deposit} (${each} per replica ring) before we ship. Nothing is charged online.`,
    `Once they arrive, the replicas are yours to try for ${HOME_PREVIEW.possessionDays} days.`,
    'Shipping is free both ways: the box comes with a prepaid return label.',
    'We refund the deposit in full when the replicas come back to us.',
  ];
}
