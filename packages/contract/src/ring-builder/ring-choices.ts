/**
 * What a ring is made in and of, without Zod: the metals, the ring sizes and the engraving. The jewelry catalog
 * (products.ts), the ring builder and the diamond search's first load (the build it carries in its address) use them.
 */
import { formatTagPrice } from '../money.ts';

/** The metals (14K and 18K white, yellow and rose gold; platinum), with what the picture and the price need. */
export const METALS = [
  { id: '14k-white', label: '14K White Gold', short: '14K White', karat: 14, hue: 'white', purity: 0.585, density: 12.6 },
  { id: '14k-yellow', label: '14K Yellow Gold', short: '14K Yellow', karat: 14, hue: 'yellow', purity: 0.585, density: 13.1 },
  { id: '14k-rose', label: '14K Rose Gold', short: '14K Rose', karat: 14, hue: 'rose', purity: 0.585, density: 13.0 },
  { id: '18k-white', label: '18K White Gold', short: '18K White', karat: 18, hue: 'white', purity: 0.75, density: 14.7 },
  { id: '18k-yellow', label: '18K Yellow Gold', short: '18K Yellow', karat: 18, hue: 'yellow', purity: 0.75, density: 15.5 },
  { id: '18k-rose', label: '18K Rose Gold', short: '18K Rose', karat: 18, hue: 'rose', purity: 0.75, density: 15.2 },
  { id: 'platinum', label: 'Platinum', short: 'Platinum', karat: 0, hue: 'platinum', purity: 0.95, density: 21.4 },
] as const;
export type MetalId = (typeof METALS)[number]['id'];
export type MetalHue = (typeof METALS)[number]['hue'];
export const METAL_IDS = METALS.map((m) => m.id) as [MetalId, ...MetalId[]];
export const METAL_LABELS = Object.fromEntries(METALS.map((m) => [m.id, m.label])) as Record<MetalId, string>;
export function metalOf(id: MetalId) {
  return METALS.find((m) => m.id === id)!;
}

/**
 * Ring sizes: US 3 to 13 in half sizes, or "not sure yet" (§1 FREE RESIZING: the first resize is free, so a
 * surprise never has to guess). The inner diameter grows 0.8128 mm per size from 14.05 mm at size 3 (ISO 8653 /
 * US standard), the circumference 2.55 mm.
 */
export const RING_SIZE_UNKNOWN = 'unknown';
export const RING_SIZES: readonly string[] = Array.from({ length: 21 }, (_, i) => String(3 + i / 2));
export type RingSize = string;
export function ringInnerDiameterMm(size: string): number | null {
  const n = Number(size);
  if (!RING_SIZES.includes(size)) return null;
  return Math.round((14.05 + (n - 3) * 0.8128) * 100) / 100;
}
/** Ring prices and metal weights are quoted at size 6; the price is the same in every size. */
export const REFERENCE_SIZE_NOTE = '(at size 6)';

export function ringSizeLabel(size: string | null): string {
  if (size === RING_SIZE_UNKNOWN) return 'Size not known yet (one free resize)';
  return size ? `Size ${size}` : '';
}
export const RING_SIZE_MESSAGES = {
  required: 'Please choose a ring size, or "I don\'t know the size yet".',
  invalid: 'A ring size is a US size from 3 to 13 in half sizes, or "unknown".',
  notRing: 'Only rings take a ring size.',
  notResizable: 'This ring cannot be resized after it is made, so its size must be chosen now.',
} as const;

/**
 * Engraving: up to 16 characters a jeweler can engrave (letters, digits, space and & / _ ! ? . ( ) - ' ♥ are the
 * hand engraver's set), on the inside of a ring that allows it. Never on an eternity band (stones all the way round).
 * An engraved piece cannot be returned unless the engraving is removed, which costs a fee.
 */
export const ENGRAVING = {
  maxLength: 16,
  priceCents: 6000,
  removalFeeCents: 4000,
  allowed: /^[A-Za-z0-9 &/_!?.()\-'♥]*$/,
} as const;
export const ENGRAVING_MESSAGES = {
  tooLong: `An engraving holds at most ${ENGRAVING.maxLength} characters.`,
  characters: 'An engraving may use letters, digits, spaces and & / _ ! ? . ( ) - \' ♥ only.',
  notAllowed: 'This piece cannot be engraved.',
  returns: `Engraved pieces can be returned within 30 days once the engraving is removed, for a ${formatTagPrice(ENGRAVING.removalFeeCents)} fee.`,
} as const;

/** The message for an engraving text, or null when it can be engraved as written. */
export function engravingProblem(text: string): string | null {
  if ([...text].length > ENGRAVING.maxLength) return ENGRAVING_MESSAGES.tooLong;
  if (!ENGRAVING.allowed.test(text)) return ENGRAVING_MESSAGES.characters;
  return null;
}
