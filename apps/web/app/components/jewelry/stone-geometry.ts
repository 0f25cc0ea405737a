/**
 * The geometry behind the drawings of a stone: the loose-diamond pages', and the stones of the jewelry pictures
 * (piece-art.tsx). There are no photographs of the inventory, so
 * the viewer draws each stone from its record: the outline of its shape at its own length-to-width ratio,
 * its table at its own table percentage, a side profile at its own depth, and its face-up size in
 * millimetres for the on-hand view. Everything here is pure arithmetic, so it is tested without a browser
 * and gives the server and the browser the same SVG.
 *
 * Drawing coordinates: the girdle is 100 units wide (x from -50 to 50) and 100 × ratio units long
 * (y from -50·ratio at the top to 50·ratio at the bottom); SVG's y axis points down.
 */
import { shapeImageName, type Diamond } from '@everstone/contract/core';

export type ShapeKey =
  | 'round'
  | 'princess'
  | 'cushion'
  | 'oval'
  | 'emerald'
  | 'pear'
  | 'asscher'
  | 'radiant'
  | 'marquise'
  | 'heart';

interface ShapeProfile {
  /** A well-proportioned stone's length ÷ width, used when the record has no measurements. */
  ratio: number;
  /** Typical table and depth percentages, used when the record leaves them out. */
  table: number;
  depth: number;
  /** The jewellers' weight estimate: carat ≈ length × width × depth(mm) × k (all in mm). */
  k: number;
  /** Step cuts (emerald, asscher) have concentric steps instead of a brilliant's kites and stars. */
  cut: 'brilliant' | 'step';
}

/** Trade-typical proportions per shape (the middle of the bands gemologists call well proportioned). */
export const SHAPE_PROFILES: Record<ShapeKey, ShapeProfile> = {
  round: { ratio: 1, table: 57, depth: 61.5, k: 0.0061, cut: 'brilliant' },
  princess: { ratio: 1, table: 70, depth: 72, k: 0.0083, cut: 'brilliant' },
  cushion: { ratio: 1.1, table: 64, depth: 66, k: 0.0081, cut: 'brilliant' },
  oval: { ratio: 1.4, table: 58, depth: 62, k: 0.0062, cut: 'brilliant' },
  emerald: { ratio: 1.45, table: 65, depth: 65, k: 0.0092, cut: 'step' },
  pear: { ratio: 1.6, table: 58, depth: 61, k: 0.00615, cut: 'brilliant' },
  asscher: { ratio: 1, table: 65, depth: 66, k: 0.008, cut: 'step' },
  radiant: { ratio: 1.25, table: 66, depth: 66, k: 0.0081, cut: 'brilliant' },
  marquise: { ratio: 2, table: 58, depth: 61, k: 0.00565, cut: 'brilliant' },
  heart: { ratio: 1, table: 58, depth: 60, k: 0.0059, cut: 'brilliant' },
};

/** The drawing's key for a shape name ('Round' → 'round'); an unknown shape is drawn as a round. */
export function shapeKey(name: string | null | undefined): ShapeKey {
  const key = shapeImageName(name ?? '');
  return key in SHAPE_PROFILES ? (key as ShapeKey) : 'round';
}

type StoneFigures = Pick<
  Diamond,
  'shape' | 'carat_weight' | 'measurement_l' | 'measurement_w' | 'measurements' | 'table_diamond' | 'depth'
>;

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** Length and width from the record: the two fields, else the 'L x W x D mm' text. */
function measuredLengthWidth(d: StoneFigures): { length: number; width: number } | null {
  if (positive(d.measurement_l) && positive(d.measurement_w)) return { length: d.measurement_l, width: d.measurement_w };
  const match = d.measurements?.match(/(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)/i);
  if (match) {
    const length = Number(match[1]);
    const width = Number(match[2]);
    if (positive(length) && positive(width)) return { length, width };
  }
  return null;
}

export interface FaceUpSize {
  /** Millimetres along the stone's length and across its width. */
  length: number;
  width: number;
  ratio: number;
  /** 'measured' when the certificate gives the measurements; else estimated from the carat weight. */
  source: 'measured' | 'estimated';
}

/**
 * How big the stone looks from above. Without measurements it is estimated from the weight with the
 * shape's typical ratio and depth, so the on-hand view still shows a 2-carat oval bigger than a 1-carat one.
 */
export function faceUpSize(d: StoneFigures): FaceUpSize {
  const measured = measuredLengthWidth(d);
  if (measured) return { ...measured, ratio: measured.length / measured.width, source: 'measured' };
  const profile = SHAPE_PROFILES[shapeKey(d.shape?.name)];
  const depth = positive(d.depth) ? d.depth : profile.depth;
  const carat = positive(d.carat_weight) ? d.carat_weight : 1;
  const width = Math.cbrt(carat / (profile.ratio * (depth / 100) * profile.k));
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return { length: round2(width * profile.ratio), width: round2(width), ratio: profile.ratio, source: 'estimated' };
}

/** The ratio a drawing uses: the record's own, kept within what any real stone of the shape could be. */
export function drawingRatio(d: StoneFigures): number {
  const measured = measuredLengthWidth(d);
  const ratio = measured ? measured.length / measured.width : SHAPE_PROFILES[shapeKey(d.shape?.name)].ratio;
  return Math.min(3, Math.max(0.75, ratio));
}

/* ------------------------------------------------------------------------------------------------
 * Outlines
 * --------------------------------------------------------------------------------------------- */

export type Point = readonly [number, number];

const SAMPLES = 120;

function sample(fn: (t: number) => Point, count = SAMPLES): Point[] {
  return Array.from({ length: count }, (_, i) => fn((i / count) * Math.PI * 2));
}

/** Stretches any closed curve to exactly 100 wide and 100 × ratio long, centred on the origin. */
function fitToBox(points: Point[], ratio: number): Point[] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const sx = 100 / (maxX - minX);
  const sy = (100 * ratio) / (maxY - minY);
  return points.map(([x, y]) => [(x - minX) * sx - 50, (y - minY) * sy - 50 * ratio]);
}

/** A rectangle with its corners cut at `corner` (a share of the width): radiants, emeralds and asschers. */
function cutCornerRectangle(ratio: number, corner: number): Point[] {
  const w = 50;
  const h = 50 * ratio;
  const c = 100 * corner;
  return [
    [-w + c, -h],
    [w - c, -h],
    [w, -h + c],
    [w, h - c],
    [w - c, h],
    [-w + c, h],
    [-w, h - c],
    [-w, -h + c],
  ];
}

/** The girdle outline of a shape at a given length ÷ width, as a closed polygon. */
export function outlinePoints(shape: ShapeKey, ratio: number): Point[] {
  switch (shape) {
    case 'round':
    case 'oval':
      return sample((t) => [50 * Math.sin(t), -50 * ratio * Math.cos(t)]);
    case 'cushion': {
      // A superellipse: a square or rectangle with the cushion's soft, pillowed corners.
      const e = 2 / 3.6;
      const p = (v: number) => Math.sign(v) * Math.abs(v) ** e;
      return sample((t) => [50 * p(Math.sin(t)), -50 * ratio * p(Math.cos(t))]);
    }
    case 'princess':
      return cutCornerRectangle(ratio, 0.01);
    case 'radiant':
      return cutCornerRectangle(ratio, 0.12);
    case 'emerald':
      return cutCornerRectangle(ratio, 0.16);
    case 'asscher':
      return cutCornerRectangle(ratio, 0.24);
    case 'marquise': {
      // Two circular arcs meeting in points at both ends: the right arc belongs to a circle centred left
      // of the stone and the left arc to its mirror image.
      const halfLength = 50 * ratio;
      const radius = 25 * (ratio * ratio + 1);
      const offset = radius - 50;
      const reach = Math.asin(Math.min(1, halfLength / radius));
      const half = SAMPLES / 2;
      const right = Array.from({ length: half }, (_, i): Point => {
        const phi = -reach + (2 * reach * i) / half;
        return [-offset + radius * Math.cos(phi), radius * Math.sin(phi)];
      });
      return [...right, ...right.map(([x, y]): Point => [-x, -y])];
    }
    case 'pear':
      // A teardrop: pointed at the top, round at the bottom.
      return fitToBox(sample((t) => [Math.sin(t) * Math.sin(t / 2) ** 1.3, -Math.cos(t)]), ratio);
    case 'heart':
      // The classic heart curve: two lobes at the top, the point at the bottom.
      return fitToBox(
        sample((t) => [
          16 * Math.sin(t) ** 3,
          -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t)),
        ]),
        ratio,
      );
  }
}

/** The area centroid of a polygon: where a pear's or a heart's facets radiate from. */
export function centroid(points: readonly Point[]): Point {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % points.length]!;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (Math.abs(area) < 1e-9) return [0, 0];
  return [cx / (3 * area), cy / (3 * area)];
}

/** Where a ray from `origin` in direction `dir` first leaves the polygon (the origin lies inside it). */
export function rayExit(points: readonly Point[], origin: Point, dir: Point): Point {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % points.length]!;
    const ex = bx - ax;
    const ey = by - ay;
    const denom = dir[0] * ey - dir[1] * ex;
    if (Math.abs(denom) < 1e-12) continue;
    const wx = ax - origin[0];
    const wy = ay - origin[1];
    const t = (wx * ey - wy * ex) / denom;
    const u = (wx * dir[1] - wy * dir[0]) / denom;
    if (t > 1e-9 && u >= -1e-9 && u <= 1 + 1e-9 && t < best) best = t;
  }
  if (!Number.isFinite(best)) return origin;
  return [origin[0] + dir[0] * best, origin[1] + dir[1] * best];
}

/* ------------------------------------------------------------------------------------------------
 * Face-up drawing
 * --------------------------------------------------------------------------------------------- */

export interface Facet {
  /** SVG polygon points. */
  points: string;
  /** 0 (dark) to 1 (bright): how much light the facet sends back in the drawing. */
  tone: number;
  /** Which ring of facets it belongs to, for the sparkle animation to sweep them in turn. */
  ring: 'table' | 'star' | 'kite' | 'girdle' | 'step';
  /** Its position around the stone, 0 to 1 clockwise from the top. */
  turn: number;
}

export interface StoneDrawing {
  shape: ShapeKey;
  cut: 'brilliant' | 'step';
  ratio: number;
  /** The table's width as a share of the girdle's (the record's table %, or the shape's typical one). */
  table: number;
  viewBox: string;
  /** The girdle outline, as an SVG path. */
  outline: string;
  /** The table facet, as an SVG path. */
  tablePath: string;
  facets: Facet[];
  /** Every facet edge, as one SVG path. */
  lines: string;
  /** Corners of the table, where the animation's glints sit. */
  glints: Point[];
  /** Where the setting's prongs hold the girdle: the four diagonals, plus the points of pointed shapes. */
  prongs: Point[];
}

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();
const pt = (p: Point) => `${fmt(p[0])},${fmt(p[1])}`;
const polygon = (ps: readonly Point[]) => ps.map(pt).join(' ');
const closedPath = (ps: readonly Point[]) => `M${ps.map(pt).join('L')}Z`;
const segment = (a: Point, b: Point) => `M${pt(a)}L${pt(b)}`;
const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** A table percentage a drawing can show: the record's, else the shape's typical one, within 40–90 %. */
export function drawingTable(tablePct: number | null | undefined, shape: ShapeKey): number {
  const pct = positive(tablePct) ? tablePct : SHAPE_PROFILES[shape].table;
  return Math.min(90, Math.max(40, pct)) / 100;
}

/**
 * The face-up drawing of a stone: its outline at its ratio, and its facets around a table of its size.
 * Brilliant cuts get the table octagon, eight stars, eight kites and sixteen upper-girdle facets;
 * step cuts get a table inside two concentric steps with the corner lines between them.
 */
export function stoneDrawing(shape: ShapeKey, ratio: number, tablePct: number | null | undefined): StoneDrawing {
  const profile = SHAPE_PROFILES[shape];
  const table = drawingTable(tablePct, shape);
  const outline = outlinePoints(shape, ratio);
  const pad = 6;
  const viewBox = `${fmt(-50 - pad)} ${fmt(-50 * ratio - pad)} ${fmt(100 + 2 * pad)} ${fmt(100 * ratio + 2 * pad)}`;
  const base = { shape, cut: profile.cut, ratio, table, viewBox, outline: closedPath(outline), prongs: prongPoints(shape, outline, ratio) };
  return profile.cut === 'step' ? { ...base, ...stepFacets(outline, table) } : { ...base, ...brilliantFacets(outline, ratio, table) };
}

/** The girdle point in the direction of `turn` (0 = top, clockwise), rays spread as for the facets. */
function girdlePoint(outline: readonly Point[], center: Point, ratio: number, turn: number): Point {
  const angle = turn * Math.PI * 2;
  return rayExit(outline, center, [Math.sin(angle), -Math.cos(angle) * ratio]);
}

function prongPoints(shape: ShapeKey, outline: readonly Point[], ratio: number): Point[] {
  const center = centroid(outline);
  const turns = [1 / 8, 3 / 8, 5 / 8, 7 / 8];
  // A pear's and a heart's point and both ends of a marquise get a V-prong of their own.
  if (shape === 'pear' || shape === 'marquise') turns.push(0);
  if (shape === 'marquise' || shape === 'heart') turns.push(0.5);
  return turns.map((t) => lerp(center, girdlePoint(outline, center, ratio, t), 0.97));
}

function brilliantFacets(outline: Point[], ratio: number, table: number) {
  const center = centroid(outline);
  // Rays are spread evenly in a space where the stone is as long as it is wide, so an oval's or a
  // marquise's facets stretch with it instead of crowding its ends.
  const girdle = Array.from({ length: 16 }, (_, k) => girdlePoint(outline, center, ratio, k / 16));
  const tablePts = Array.from({ length: 8 }, (_, k) => lerp(center, girdle[2 * k]!, table));
  // Star points reach about halfway from the table's edge to the girdle.
  const starReach = table + (1 - table) * 0.5;
  const stars = Array.from({ length: 8 }, (_, k) => lerp(center, girdle[2 * k + 1]!, starReach));

  const facets: Facet[] = [{ points: polygon(tablePts), tone: 0.9, ring: 'table', turn: 0 }];
  const lines: string[] = [closedPath(tablePts)];
  for (let k = 0; k < 8; k++) {
    const t0 = tablePts[k]!;
    const t1 = tablePts[(k + 1) % 8]!;
    const s = stars[k]!;
    const sPrev = stars[(k + 7) % 8]!;
    const g0 = girdle[2 * k]!;
    const gMid = girdle[2 * k + 1]!;
    const g1 = girdle[(2 * k + 2) % 16]!;
    const turn = k / 8;
    // Alternating light and dark, as a brilliant's facets return light in a pattern.
    facets.push({ points: polygon([t0, s, t1]), tone: k % 2 ? 0.35 : 0.75, ring: 'star', turn: turn + 1 / 16 });
    facets.push({ points: polygon([t0, sPrev, g0, s]), tone: k % 2 ? 0.8 : 0.25, ring: 'kite', turn });
    facets.push({ points: polygon([s, g0, gMid]), tone: k % 2 ? 0.55 : 0.15, ring: 'girdle', turn: turn + 1 / 32 });
    facets.push({ points: polygon([s, gMid, g1]), tone: k % 2 ? 0.2 : 0.6, ring: 'girdle', turn: turn + 3 / 32 });
    lines.push(segment(t0, s), segment(s, t1), segment(t0, g0), segment(s, g0), segment(s, gMid), segment(s, g1));
  }
  return { tablePath: closedPath(tablePts), facets, lines: lines.join(''), glints: tablePts };
}

function stepFacets(outline: Point[], table: number) {
  const center = centroid(outline);
  const scaleRing = (s: number) => outline.map((p) => lerp(center, p, s));
  // Three rings from the girdle in to the table: two steps between them.
  const scales = [1, table + (1 - table) * 0.62, table + (1 - table) * 0.28, table];
  const rings = scales.map(scaleRing);
  const facets: Facet[] = [];
  const lines: string[] = [];
  const n = outline.length;
  for (let r = 0; r < rings.length - 1; r++) {
    const outer = rings[r]!;
    const inner = rings[r + 1]!;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      // Light falls from the top left: upper and left steps are bright, lower and right ones dark.
      const mid = lerp(outer[i]!, outer[j]!, 0.5);
      const lightness = 0.5 - (mid[1] - center[1]) / 200 - (mid[0] - center[0]) / 300 + (r % 2 ? 0.12 : -0.05);
      facets.push({
        points: polygon([outer[i]!, outer[j]!, inner[j]!, inner[i]!]),
        tone: Math.min(0.95, Math.max(0.1, lightness)),
        ring: 'step',
        turn: i / n,
      });
      lines.push(segment(outer[i]!, inner[i]!));
    }
    if (r > 0) lines.push(closedPath(outer));
  }
  const tablePts = rings.at(-1)!;
  facets.push({ points: polygon(tablePts), tone: 0.85, ring: 'table', turn: 0 });
  lines.push(closedPath(tablePts));
  return { tablePath: closedPath(tablePts), facets, lines: lines.join(''), glints: tablePts };
}

/* ------------------------------------------------------------------------------------------------
 * Side profile
 * --------------------------------------------------------------------------------------------- */

export interface ProfileDrawing {
  /** Total depth as a share of the width (the record's depth %, or the shape's typical one). */
  depth: number;
  table: number;
  viewBox: string;
  /** The silhouette from table to culet, as an SVG path. */
  outline: string;
  /** The girdle band and the crown–pavilion break, as an SVG path. */
  lines: string;
  crownHeight: number;
  girdleHeight: number;
}

/**
 * The stone seen from the side, 100 units wide: a crown rising to the table, a thin girdle and the
 * pavilion down to the culet, split in the proportions of a well-cut stone (about 15 : 3 : 43).
 */
export function profileDrawing(shape: ShapeKey, tablePct: number | null | undefined, depthPct: number | null | undefined): ProfileDrawing {
  const table = drawingTable(tablePct, shape);
  const depthValue = positive(depthPct) ? depthPct : SHAPE_PROFILES[shape].depth;
  const depth = Math.min(90, Math.max(40, depthValue)) / 100;
  const total = depth * 100;
  const crown = (total * 15) / 61;
  const girdle = (total * 3) / 61;
  const tw = table * 50;
  const pts: Point[] = [
    [-tw, 0],
    [tw, 0],
    [50, crown],
    [50, crown + girdle],
    [0, total],
    [-50, crown + girdle],
    [-50, crown],
  ];
  const lines = [segment([-50, crown], [50, crown]), segment([-50, crown + girdle], [50, crown + girdle]), segment([-tw, 0], [-50, crown]), segment([tw, 0], [50, crown])].join('');
  return {
    depth,
    table,
    viewBox: `-56 -6 112 ${fmt(total + 12)}`,
    outline: closedPath(pts),
    lines,
    crownHeight: crown,
    girdleHeight: girdle,
  };
}

/* ------------------------------------------------------------------------------------------------
 * On the hand
 * --------------------------------------------------------------------------------------------- */

/** A US size 7 ring's inner diameter: the ring finger the on-hand view draws the stone against. */
export const RING_FINGER_MM = 17.3;
export const RING_FINGER_SIZE_US = 7;

/** How wide a stone sits across the finger: its width over the finger's, as a share (1 = edge to edge). */
export function fingerCoverage(size: Pick<FaceUpSize, 'width'>): number {
  return size.width / RING_FINGER_MM;
}
