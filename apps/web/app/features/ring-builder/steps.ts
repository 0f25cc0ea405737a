/**
 * What the ring builder's steps show of the build, and the links that carry it: the steps navigation on every page of
 * the builder (the diamond search's first load among them), apart from the builder's other rules (rules.ts). Pure, so
 * tested without a browser.
 */
import {
  BUILDER_STEPS,
  METAL_LABELS,
  buildToParams,
  builderPath,
  colorLabel,
  formatCarat,
  formatPrice,
  type BuilderStep,
  type Diamond,
  type MetalId,
  type RingBuild,
} from '@everstone/contract/core';

/** '1.01 ct Round, F VS1 · $3,450': the stone as the steps name it. */
export function stoneSummary(d: Pick<Diamond, 'carat_weight' | 'shape' | 'color' | 'fancy_color' | 'clarity' | 'price'>): string {
  const grades = [colorLabel(d), d.clarity?.name].filter(Boolean).join(' ');
  return `${formatCarat(d.carat_weight)} ct ${d.shape?.name ?? 'diamond'}${grades ? `, ${grades}` : ''} · ${formatPrice(d.price)}`;
}

/** 'Aria Solitaire Setting in 14K White Gold': the setting as the steps name it. */
export function settingSummary(name: string, metal: MetalId | null): string {
  return metal ? `${name} in ${METAL_LABELS[metal]}` : name;
}

/** A build's parts as far as the page knows them (a loader fetched them): the stone's record, the setting's name. */
export interface KnownParts {
  stone: Diamond | null;
  setting: { slug: string; name: string } | null;
}

export interface StepItem {
  n: BuilderStep;
  label: string;
  /** The step's page, carrying the build. */
  href: string;
  current: boolean;
  /** What was chosen in this step, and where to see it. */
  chosen: { text: string; href: string } | null;
  /** What must come before this step can be done, when something must (its page explains and links there too). */
  needs: string | null;
}

/** A setting's own page with the build (its metal and side stones chosen, the rest carried along). */
export function settingPagePath(slug: string, build: RingBuild): string {
  const params = buildToParams({ ...build, setting: null });
  if (build.accents) params.set('origin', build.accents);
  const query = params.toString();
  return `/jewelry/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`;
}

/** A stone's detail page with the build, so "Choose this diamond" there goes on with it. */
export function stonePagePath(diamondId: number, build: RingBuild): string {
  const query = buildToParams({ ...build, diamond: null }).toString();
  return `/diamond-details/${diamondId}${query ? `?${query}` : ''}`;
}

/**
 * The three steps as the navigation shows them on `current`: every step a link carrying the build (§2: freely
 * clickable), what was chosen in it, and what a step still needs first.
 */
export function stepItems(current: BuilderStep, build: RingBuild, parts: KnownParts): StepItem[] {
  const stone = build.diamond !== null && parts.stone?.diamondid === build.diamond ? parts.stone : null;
  const setting = build.setting !== null && parts.setting?.slug === build.setting ? parts.setting : null;
  const missing = [build.diamond === null ? 'a diamond' : null, build.setting === null ? 'a setting' : null].filter(Boolean);
  return BUILDER_STEPS.map((step) => {
    const item: StepItem = { n: step.n, label: step.label, href: builderPath(step.n, build), current: step.n === current, chosen: null, needs: null };
    if (step.n === 1 && stone) item.chosen = { text: stoneSummary(stone), href: stonePagePath(stone.diamondid, build) };
    if (step.n === 2 && setting) item.chosen = { text: settingSummary(setting.name, build.metal), href: settingPagePath(setting.slug, build) };
    if (step.n === 3 && missing.length > 0) item.needs = `Choose ${missing.join(' and ')} first`;
    return item;
  });
}
