/**
 * The ring builder's rules on the storefront: step 2's filters in the address, step 3's price as the shopper changes
 * it, why a ring cannot go in the cart yet, the ring's cart line, the finger the hand view is drawn at, and a hold's
 * countdown. Pure, so tested without a browser; what each step shows and the links that carry the build are
 * steps.ts, the build itself and its URL form the contract's (ring-build.ts).
 */
import {
  BUILDER_STEPS,
  ENGRAVING_MESSAGES,
  RING_SIZE_MESSAGES,
  RING_SIZE_UNKNOWN,
  SETTING_STYLES,
  SHAPES,
  addBusinessDays,
  buildToParams,
  engravingProblem,
  holdEndText,
  ringInnerDiameterMm,
  ringDesignWithStone,
  ringPrice,
  storeToday,
  type BuilderRingResponse,
  type Diamond,
  type MetalId,
  type PieceDesign,
  type RingBuild,
  type RingPrice,
  type RingPriceWire,
  type SettingStyle,
  type ShapeName,
} from '@everstone/contract/core';
import type { RingCartLine } from '../../domain/cart';

// ---------------------------------------------------------------------------------------------------------------
// Step 2: the settings for a stone, filtered in the address.

export const SETTINGS_SORTS = [
  { id: 'best', label: 'Best selling' },
  { id: 'price_asc', label: 'Price: low to high' },
  { id: 'price_desc', label: 'Price: high to low' },
] as const;
export type SettingsSort = (typeof SETTINGS_SORTS)[number]['id'];

/** Step 2's own choices beside the build (the metal filter is the build's metal). */
export interface SettingsFilters {
  style: SettingStyle | null;
  sort: SettingsSort;
  page: number;
}

export const DEFAULT_SETTINGS_FILTERS: SettingsFilters = { style: null, sort: 'best', page: 1 };

/** Step 2's filters from its address; what names nothing is left out (a mistyped link still opens the page). */
export function readSettingsFilters(params: URLSearchParams): SettingsFilters {
  const style = params.get('style');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    style: SETTING_STYLES.some((s) => s.id === style) ? (style as SettingStyle) : null,
    sort: SETTINGS_SORTS.some((s) => s.id === sort) ? (sort as SettingsSort) : 'best',
    page: Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1,
  };
}

/** Step 2's address: the build, then its filters (defaults left out). */
export function settingsPagePath(build: RingBuild, filters: SettingsFilters): string {
  const params = buildToParams(build);
  if (filters.style) params.set('style', filters.style);
  if (filters.sort !== 'best') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return `${BUILDER_STEPS[1].path}${query ? `?${query}` : ''}`;
}

/** GET /api/builder/settings for the build's stone with these filters. */
export function settingsApiPath(diamondId: number, metal: MetalId | null, filters: SettingsFilters): string {
  const params = new URLSearchParams({ diamond: String(diamondId) });
  if (filters.style) params.set('style', filters.style);
  if (metal) params.set('metal', metal);
  if (filters.sort !== 'best') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return `/api/builder/settings?${params.toString()}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Step 3: the ring.

/** GET /api/builder/ring for a complete build. */
export function ringApiPath(build: RingBuild & { diamond: number; setting: string }): string {
  const params = new URLSearchParams({ diamond: String(build.diamond), setting: build.setting });
  if (build.metal) params.set('metal', build.metal);
  if (build.accents) params.set('accents', build.accents);
  // Asked without the engraving: the page prices one as it is typed (ringPriceWith), and a setting that cannot be
  // engraved still shows its ring, saying so, rather than failing on a carried-over engraving.
  params.set('engraved', '0');
  return `/api/builder/ring?${params.toString()}`;
}

/** The ring's price from the server's, with or without an engraving (the page prices a typed engraving at once). */
export function ringPriceWith(wire: RingPriceWire, engraved: boolean): RingPrice {
  return ringPrice({
    stoneCents: wire.stone_cents,
    settingVariantCents: wire.setting_cents + wire.side_stones_cents,
    settingStonesCents: wire.side_stones_cents,
    engraved,
  });
}

/** The shopper's choices on step 3 as the page holds them ('' for a size not chosen, the engraving as typed). */
export interface RingChoices {
  size: string;
  engraving: string;
}

export const RING_PROBLEMS = {
  discontinued: 'This setting is no longer made. Please choose another setting for your diamond.',
} as const;

/**
 * Why this ring cannot go in the cart as it stands, or null when it can: what the server says stands in the way
 * (the pairing, the stone, the setting), then what the shopper still has to choose or correct.
 */
export function addProblem(ring: Pick<BuilderRingResponse, 'fit_problem' | 'stone_problem' | 'setting'>, choices: RingChoices): string | null {
  if (ring.stone_problem) return ring.stone_problem;
  if (ring.setting.discontinued) return RING_PROBLEMS.discontinued;
  if (ring.fit_problem) return ring.fit_problem;
  if (!choices.size) return RING_SIZE_MESSAGES.required;
  if (choices.size === RING_SIZE_UNKNOWN && !ring.setting.resizable) return RING_SIZE_MESSAGES.notResizable;
  const text = choices.engraving.trim();
  if (text) {
    if (!ring.setting.engravable) return ENGRAVING_MESSAGES.notAllowed;
    const problem = engravingProblem(text);
    if (problem) return problem;
  }
  return null;
}

/** The ring as one line of the cart, from the server's ring and the shopper's size and engraving. */
export function ringLineOf(ring: BuilderRingResponse, choices: { size: string; engraving: string }): RingCartLine {
  const engraving = choices.engraving.trim() || null;
  return {
    kind: 'ring',
    quantity: 1,
    diamond: ring.diamond,
    variant_id: ring.variant.id,
    setting_slug: ring.setting.slug,
    setting_name: ring.setting.name,
    sku: ring.variant.sku,
    metal: ring.variant.metal,
    shape: ring.variant.shape,
    origin: ring.variant.origin,
    ring_size: choices.size,
    engraving,
    price: ringPriceWith(ring.price, engraving !== null),
    lead_days: ring.lead_days,
    design: ring.variant.design,
  };
}

/**
 * A setting's design holding this stone at its certificate's size (the contract's ringDesignWithStone), for a
 * picture of the ring before the server has priced it (step 2's cards). A stone without measurements, of a shape the
 * drawing does not know, or a design that is not a ring is drawn as the setting's own picture.
 */
export function designWithDiamond(design: PieceDesign, d: Pick<Diamond, 'shape' | 'measurement_l' | 'measurement_w' | 'depth'>): PieceDesign {
  const shape = d.shape?.name;
  if (design.form !== 'ring' || !design.head || !(SHAPES as readonly string[]).includes(shape)) return design;
  if (!(d.measurement_l && d.measurement_l > 0 && d.measurement_w && d.measurement_w > 0)) return design;
  return ringDesignWithStone(design, { shape: shape as ShapeName, lengthMm: d.measurement_l, widthMm: d.measurement_w, depthPct: d.depth && d.depth > 0 ? d.depth : null });
}

/** The day a ring ready in `leadDays` business days leaves the workshop, on the store's calendar. */
export function shipsByDate(leadDays: number, now: Date = new Date()): Date {
  return addBusinessDays(storeToday(now), leadDays);
}

/** The size the hand view is drawn at when none is chosen: a common women's size, said as assumed. */
export const HAND_DEFAULT_SIZE = '6';

/** The ring finger the hand view draws: the chosen size's inner diameter, or size 6's when none is known yet. */
export function fingerOf(size: string | null): { size: string; mm: number; assumed: boolean } {
  const mm = size ? ringInnerDiameterMm(size) : null;
  if (size && mm !== null) return { size, mm, assumed: false };
  return { size: HAND_DEFAULT_SIZE, mm: ringInnerDiameterMm(HAND_DEFAULT_SIZE)!, assumed: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Holding the stone.

/** A hold's countdown at `now`: when it ends ('3:45 PM'), what is left ('12:30'), and whether it has ended. */
export function holdCountdown(expiresAt: string, now: number): { until: string; left: string; ended: boolean; secondsLeft: number } {
  const ms = Date.parse(expiresAt) - now;
  const secondsLeft = Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : 0;
  const left = `${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}`;
  return { until: holdEndText(expiresAt), left, ended: secondsLeft === 0, secondsLeft };
}

/** A build with some of its choices changed. */
export function withChoices(build: RingBuild, change: Partial<RingBuild>): RingBuild {
  return { ...build, ...change };
}
