/**
 * Pure arithmetic behind the jewelry pictures (piece-art.tsx): number formatting, colour mixing, the face-up
 * drawing of a stone grouped for compact markup, polygon offsets and convex hulls, and stone sizes from carats.
 * Nothing here knows React, so the server and the browser compute the same SVG.
 */
import type { ShapeName } from '@everstone/contract/core';
import { SHAPE_PROFILES, centroid, rayExit, shapeKey, stoneDrawing, type Point } from './stone-geometry';

export type { Point };

/** A coordinate for markup: two decimals, never "-0" (keeps 24 pictures on a listing small). */
export function f(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) || r === 0 ? '0' : String(r);
}

/** A scale factor for a transform: four decimals, as a stone's 100-unit drawing shrinks to a few units. */
export function f4(n: number): string {
  const r = Math.round(n * 10000) / 10000;
  return r === 0 ? '0' : String(r);
}

export const xy = (p: Point) => `${f(p[0])},${f(p[1])}`;

/** An open or closed polyline as an SVG path. */
export function pathOf(points: readonly Point[], closed = true): string {
  if (points.length === 0) return '';
  return `M${points.map(xy).join('L')}${closed ? 'Z' : ''}`;
}

function channels(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.replace('#', ''), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** `a` blended toward `b` by `t` (0 = a, 1 = b), as #rrggbb. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return `#${ca.map((c, i) => Math.round(c + (cb[i]! - c) * t).toString(16).padStart(2, '0')).join('')}`;
}

/** The convex hull of a point set (monotone chain), counter-clockwise in SVG's y-down space. */
export function convexHull(points: readonly Point[]): Point[] {
  const ps = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (ps.length < 3) return ps;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of ps) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (const p of [...ps].reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * A closed polygon grown outward by `d` (a halo round a stone, a bezel's rim). Each vertex moves along the mean of
 * its two edge normals, the miter capped so a pear's point or a marquise's ends stay pointed without spiking.
 */
export function offsetPolygon(points: readonly Point[], d: number): Point[] {
  const n = points.length;
  // Which way is "out" depends on the winding: the signed area says.
  let area = 0;
  for (let i = 0; i < n; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % n]!;
    area += x0 * y1 - x1 * y0;
  }
  const sign = area > 0 ? 1 : -1;
  const normal = (a: Point, b: Point): Point => {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    return [(sign * dy) / len, (-sign * dx) / len];
  };
  return points.map((p, i) => {
    const n0 = normal(points[(i + n - 1) % n]!, p);
    const n1 = normal(p, points[(i + 1) % n]!);
    const mx = n0[0] + n1[0];
    const my = n0[1] + n1[1];
    const len = Math.hypot(mx, my) || 1;
    const cosHalf = Math.max(0.5, (n0[0] * n1[0] + n0[1] * n1[1] + 1) / 2) ** 0.5;
    const reach = d / cosHalf;
    return [p[0] + (mx / len) * reach, p[1] + (my / len) * reach];
  });
}

/** Points spaced evenly by arc length round a closed polygon: where a halo's stones sit. */
export function spacedAround(points: readonly Point[], count: number): Point[] {
  const n = points.length;
  const lengths = points.map((p, i) => Math.hypot(points[(i + 1) % n]![0] - p[0], points[(i + 1) % n]![1] - p[1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  const out: Point[] = [];
  let edge = 0;
  let walked = 0;
  for (let k = 0; k < count; k++) {
    const target = (k / count) * total;
    while (edge < n - 1 && walked + lengths[edge]! < target) walked += lengths[edge++]!;
    const a = points[edge]!;
    const b = points[(edge + 1) % n]!;
    const t = lengths[edge]! > 0 ? (target - walked) / lengths[edge]! : 0;
    out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
  }
  return out;
}

export function perimeter(points: readonly Point[]): number {
  return points.reduce((sum, p, i) => sum + Math.hypot(points[(i + 1) % points.length]![0] - p[0], points[(i + 1) % points.length]![1] - p[1]), 0);
}

/**
 * A small round stone's diameter from its weight: carat = d² × 0.615 d × 0.0061 (a well-cut round's depth and the
 * jewellers' factor), so 0.01 ct is about 1.4 mm and 0.05 ct about 2.4 mm.
 */
export function roundDiameterMm(carat: number): number {
  if (!(carat > 0)) return 1.3;
  return Math.cbrt(carat / (0.615 * SHAPE_PROFILES.round.k));
}

/** A shape's typical length ÷ width, for a stone drawn without its own measurements. */
export function typicalRatio(shape: ShapeName): number {
  return SHAPE_PROFILES[shapeKey(shape)].ratio;
}

/**
 * A stone's face-up drawing, 100 units wide and 100 × ratio long (centred on its centroid), with its facets merged
 * into four paths by how much light they return, so a 33-facet brilliant costs four path elements, not 33.
 */
export interface StoneFace {
  cut: 'brilliant' | 'step';
  ratio: number;
  /** The girdle outline, thinned to at most 48 points. */
  outlinePoints: Point[];
  outline: string;
  /** Facets by tone: bright (most light), light, dark, deep (least). */
  bright: string;
  light: string;
  dark: string;
  deep: string;
  /** Every facet edge. */
  lines: string;
  table: Point[];
  /** Where prongs hold the girdle: the four diagonals, plus the points of a pear, marquise or heart. */
  prongs: Point[];
}

const faceCache = new Map<string, StoneFace>();

export function stoneFace(shape: ShapeName, ratio: number): StoneFace {
  const key = shapeKey(shape);
  const r = Math.min(2.4, Math.max(0.8, Number.isFinite(ratio) && ratio > 0 ? ratio : SHAPE_PROFILES[key].ratio));
  const cacheKey = `${key}:${r.toFixed(2)}`;
  const cached = faceCache.get(cacheKey);
  if (cached) return cached;
  const drawing = stoneDrawing(key, r, null);
  const groups: Record<'bright' | 'light' | 'dark' | 'deep', string[]> = { bright: [], light: [], dark: [], deep: [] };
  for (const facet of drawing.facets) {
    const group = facet.tone >= 0.72 ? 'bright' : facet.tone >= 0.5 ? 'light' : facet.tone >= 0.28 ? 'dark' : 'deep';
    groups[group].push(`M${facet.points.replace(/ /g, 'L')}Z`);
  }
  // The 120-point outline is finer than a picture needs; keep every third point (corners of cut shapes are few).
  const dense = outlineOf(drawing.outline);
  const thin = dense.length > 48 ? dense.filter((_, i) => i % Math.ceil(dense.length / 40) === 0) : dense;
  const face: StoneFace = {
    cut: drawing.cut,
    ratio: r,
    outlinePoints: thin,
    outline: pathOf(thin),
    bright: groups.bright.join(''),
    light: groups.light.join(''),
    dark: groups.dark.join(''),
    deep: groups.deep.join(''),
    lines: drawing.lines,
    table: drawing.glints.map((p) => [p[0], p[1]] as Point),
    prongs: drawing.prongs.map((p) => [p[0], p[1]] as Point),
  };
  faceCache.set(cacheKey, face);
  return face;
}

/** The points of an "M x,y L x,y … Z" path. */
function outlineOf(path: string): Point[] {
  return path
    .replace(/[MZ]/g, '')
    .split('L')
    .filter(Boolean)
    .map((pair) => {
      const [x, y] = pair.split(',').map(Number);
      return [x ?? 0, y ?? 0] as Point;
    });
}

/** Where `count` prongs hold a stone: 4 on the diagonals (plus the points of pointed shapes), 6 evenly from the back. */
export function prongPointsFor(face: StoneFace, count: 4 | 6): Point[] {
  if (count === 4) return face.prongs;
  const c = centroid(face.outlinePoints);
  return Array.from({ length: 6 }, (_, k) => {
    const angle = (k / 6) * Math.PI * 2;
    const dir: Point = [Math.sin(angle), -Math.cos(angle) * face.ratio];
    return rayToOutline(face.outlinePoints, c, dir, 0.97);
  });
}

/** Where a ray from `origin` leaves the outline, drawn `share` of the way there (just inside the girdle). */
function rayToOutline(points: readonly Point[], origin: Point, dir: Point, share: number): Point {
  const [x, y] = rayExit(points, origin, dir);
  return [origin[0] + (x - origin[0]) * share, origin[1] + (y - origin[1]) * share];
}
