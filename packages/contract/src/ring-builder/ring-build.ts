/**
 * The ring builder's build as the URL carries it, without Zod: the diamond search (step 1) reads and writes it on its
 * first load, so it stands apart from the rest of the builder's rules (ring-builder.ts). docs/decisions/015-ring-builder.md.
 */
import { METAL_IDS, RING_SIZES, RING_SIZE_UNKNOWN, engravingProblem, type MetalId } from './ring-choices.ts';

// The build as the URL carries it: every step reads it, every link writes it, so a build survives reload, Back,
// a shared link and another device. The cart holds it only once it is added.

export type AccentOrigin = 'lab' | 'natural';

export interface RingBuild {
  /** The center stone's id (the loose-diamond inventory). */
  diamond: number | null;
  /** The setting's product slug. */
  setting: string | null;
  metal: MetalId | null;
  /** The origin of the setting's own small stones (pavé, halo), where it has them; the stone's own origin by default. */
  accents: AccentOrigin | null;
  /** A US ring size, 'unknown', or null before one is chosen. */
  size: string | null;
  engraving: string;
  /** "I need it by": a calendar day, YYYY-MM-DD. */
  by: string | null;
}

export const EMPTY_BUILD: RingBuild = { diamond: null, setting: null, metal: null, accents: null, size: null, engraving: '', by: null };

/** The URL parameters of a build, in the order links write them. */
export const BUILD_PARAMS = ['diamond', 'setting', 'metal', 'accents', 'size', 'engraving', 'by'] as const;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The build a URL names. What cannot be read is left out rather than refused (a link typed by hand or cut short
 * still opens the builder), and `dropped` says which parameters were ignored.
 */
export function readBuild(params: URLSearchParams): { build: RingBuild; dropped: string[] } {
  const dropped: string[] = [];
  const get = (key: string) => {
    const v = params.get(key);
    return v === null || v.trim() === '' ? null : v.trim();
  };
  const build: RingBuild = { ...EMPTY_BUILD };
  const diamond = get('diamond');
  if (diamond !== null) {
    if (/^\d{1,9}$/.test(diamond) && Number(diamond) > 0) build.diamond = Number(diamond);
    else dropped.push('diamond');
  }
  const setting = get('setting');
  if (setting !== null) {
    if (SLUG.test(setting)) build.setting = setting;
    else dropped.push('setting');
  }
  const metal = get('metal');
  if (metal !== null) {
    if ((METAL_IDS as readonly string[]).includes(metal)) build.metal = metal as MetalId;
    else dropped.push('metal');
  }
  const accents = get('accents');
  if (accents !== null) {
    if (accents === 'lab' || accents === 'natural') build.accents = accents;
    else dropped.push('accents');
  }
  const size = get('size');
  if (size !== null) {
    if (size === RING_SIZE_UNKNOWN || RING_SIZES.includes(size)) build.size = size;
    else dropped.push('size');
  }
  const engraving = params.get('engraving');
  if (engraving !== null && engraving !== '') {
    if (engravingProblem(engraving) === null) build.engraving = engraving;
    else dropped.push('engraving');
  }
  const by = get('by');
  if (by !== null) {
    if (DAY.test(by) && !Number.isNaN(Date.parse(`${by}T12:00:00Z`))) build.by = by;
    else dropped.push('by');
  }
  return { build, dropped };
}

/** The URL parameters of `build` (only what is chosen), the inverse of `readBuild`. */
export function buildToParams(build: RingBuild): URLSearchParams {
  const params = new URLSearchParams();
  if (build.diamond !== null) params.set('diamond', String(build.diamond));
  if (build.setting !== null) params.set('setting', build.setting);
  if (build.metal !== null) params.set('metal', build.metal);
  if (build.accents !== null) params.set('accents', build.accents);
  if (build.size !== null) params.set('size', build.size);
  if (build.engraving !== '') params.set('engraving', build.engraving);
  if (build.by !== null) params.set('by', build.by);
  return params;
}

/** The builder's three steps, and where each lives: step 1 is the diamond search, 2 and 3 the builder's own pages. */
export const BUILDER_STEPS = [
  { n: 1, label: 'Choose a Diamond', path: '/diamond' },
  { n: 2, label: 'Choose a Setting', path: '/ring-builder/settings' },
  { n: 3, label: 'Complete Your Ring', path: '/ring-builder/complete' },
] as const;
export type BuilderStep = (typeof BUILDER_STEPS)[number]['n'];

/** The link to `step` carrying the whole build ('/ring-builder/complete?diamond=12&setting=aria-setting&metal=…'). */
export function builderPath(step: BuilderStep, build: RingBuild): string {
  const query = buildToParams(build).toString();
  const path = BUILDER_STEPS[step - 1]!.path;
  return query ? `${path}?${query}` : path;
}

/** Whether the build has what step 3 needs: a stone and a setting. */
export function buildIsComplete(build: RingBuild): build is RingBuild & { diamond: number; setting: string } {
  return build.diamond !== null && build.setting !== null;
}
