/**
 * Where every part of a piece sits in the 3D view, in millimetres, computed from its design alone: the band's
 * radius, width, thickness and cross-section, the head's seat height, prongs, halo and side stones, and the accent
 * stones along the band. Plain arithmetic (no three.js), so it is tested without a browser and the viewer and the
 * hero-video renderer place the same ring.
 *
 * Ring space: the finger runs along Z, the band is a circle in the XY plane, the head sits on top (+Y). An angle
 * `theta` round the band is measured from the top toward +X. A stone lies table up (+Y) with its length along the
 * finger (Z) and its width across it (X), as an oval or an emerald cut is set.
 */
import type { CenterStoneLook, GemstoneId, RingAccents, RingDesign, ShapeName } from '@everstone/contract/core';
import { prongPointsFor, roundDiameterMm, stoneFace, typicalRatio } from '../geometry';
import { RING_FINGER_MM, SHAPE_PROFILES, outlinePoints, shapeKey, type Point } from '../stone-geometry';

export type Vec3 = readonly [number, number, number];

export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/* ------------------------------------------------------------------------------------------------
 * Stones
 * --------------------------------------------------------------------------------------------- */

export interface StoneSpec {
  gem: GemstoneId;
  shape: ShapeName;
  /** Along the finger (Z), across it (X), table to culet (Y); mm. */
  length: number;
  width: number;
  depth: number;
}

/** Crown, girdle and pavilion of a stone, mm: a well-cut stone's shares of its width, scaled to its own depth. */
export function stoneHeights(s: StoneSpec): { crown: number; girdle: number; pavilion: number } {
  const step = SHAPE_PROFILES[shapeKey(s.shape)].cut === 'step';
  const share = step ? { crown: 0.13, girdle: 0.025, pavilion: 0.5 } : { crown: 0.155, girdle: 0.025, pavilion: 0.43 };
  const typical = (share.crown + share.girdle + share.pavilion) * s.width;
  const k = s.depth > 0 ? s.depth / typical : 1;
  return { crown: share.crown * s.width * k, girdle: share.girdle * s.width * k, pavilion: share.pavilion * s.width * k };
}

/** A stone from a design's center-stone look, its depth kept within what a real stone of its width could be. */
export function stoneSpec(c: CenterStoneLook): StoneSpec {
  const width = clamp(c.widthMm, 1, 25);
  const length = clamp(c.lengthMm, width * 0.6, width * 3);
  const depth = clamp(c.depthMm > 0 ? c.depthMm : width * 0.62, width * 0.4, width * 0.95);
  return { gem: c.gem, shape: c.shape, length, width, depth };
}

/** The girdle outline of a stone in mm (x across, z along), as drawn by the 2D pictures. */
export function girdleOutlineMm(s: StoneSpec): Point[] {
  const ratio = s.length / s.width;
  return outlinePoints(shapeKey(s.shape), ratio).map(([x, y]) => [(x * s.width) / 100, (y * s.width) / 100] as Point);
}

/* ------------------------------------------------------------------------------------------------
 * Band
 * --------------------------------------------------------------------------------------------- */

export interface BandSpec {
  /** Inner radius (a US size 7 finger, like the pictures), outer radius at the crest, mm. */
  innerRadius: number;
  outerRadius: number;
  thickness: number;
  /** Width at the base (bottom of the ring); a tapered band narrows toward the head. */
  width: number;
  taper: number;
  profile: RingDesign['profile'];
}

export function bandSpec(design: Pick<RingDesign, 'bandWidthMm' | 'bandThicknessMm' | 'profile'>): BandSpec {
  const innerRadius = RING_FINGER_MM / 2;
  const thickness = clamp(design.bandThicknessMm, 1, 3.5);
  return {
    innerRadius,
    outerRadius: innerRadius + thickness,
    thickness,
    width: clamp(design.bandWidthMm, 1, 12),
    taper: design.profile === 'tapered' ? 0.55 : 1,
    profile: design.profile,
  };
}

/** The band's width at an angle from the top (a tapered band is narrowest under the head). */
export function bandWidthAt(b: BandSpec, theta: number): number {
  return b.width * (b.taper + (1 - b.taper) * Math.sin(theta / 2) ** 2);
}

/**
 * The band's cross-section as a closed loop of (radius, z) points, counter-clockwise, corners rounded: comfort fit
 * (rounded inside and out), flat (square edges softened), knife-edge (a ridge), domed (flat inside, round outside).
 */
export function bandSection(b: BandSpec, width: number): Point[] {
  const ri = b.innerRadius;
  const t = b.thickness;
  const hw = width / 2;
  const n = 14;
  const outer: Point[] = [];
  const inner: Point[] = [];
  for (let i = 0; i <= n; i++) {
    const s = -1 + (2 * i) / n; // -1 … 1 across the width
    const z = s * hw;
    let ro: number;
    let rIn: number;
    switch (b.profile) {
      case 'flat':
        ro = ri + t;
        rIn = ri;
        break;
      case 'knife-edge':
        ro = ri + t * 0.45 + t * 0.55 * (1 - Math.abs(s)) ** 1.15;
        rIn = ri + t * 0.12 * s * s;
        break;
      case 'domed':
        ro = ri + t * 0.35 + t * 0.65 * Math.sqrt(Math.max(0, 1 - s * s));
        rIn = ri;
        break;
      case 'comfort':
      case 'tapered':
        ro = ri + t - t * 0.28 * s * s;
        rIn = ri + t * 0.3 * s * s;
        break;
    }
    outer.push([ro, z]);
    inner.push([rIn, z]);
  }
  // A point close to each end of the side walls keeps their rounding small when the loop is smoothed.
  const near = Math.min(0.2, t * 0.15);
  const loop: Point[] = [...outer];
  loop.push([outer[n]![0] - near, hw], [inner[n]![0] + near, hw]);
  for (let i = n; i >= 0; i--) loop.push(inner[i]!);
  loop.push([inner[0]![0] + near, -hw], [outer[0]![0] - near, -hw]);
  return smoothLoop(dedupe(loop), 2);
}

function dedupe(points: Point[]): Point[] {
  return points.filter((p, i) => {
    const q = points[(i + points.length - 1) % points.length]!;
    return Math.hypot(p[0] - q[0], p[1] - q[1]) > 1e-6;
  });
}

/** Chaikin's corner cutting: each pass rounds every corner a little. */
export function smoothLoop(points: readonly Point[], passes: number): Point[] {
  let ps = [...points];
  for (let k = 0; k < passes; k++) {
    const next: Point[] = [];
    for (let i = 0; i < ps.length; i++) {
      const a = ps[i]!;
      const b = ps[(i + 1) % ps.length]!;
      next.push([a[0] * 0.75 + b[0] * 0.25, a[1] * 0.75 + b[1] * 0.25], [a[0] * 0.25 + b[0] * 0.75, a[1] * 0.25 + b[1] * 0.75]);
    }
    ps = next;
  }
  return ps;
}

/** The band's outer surface radius at an angle and a place across it (where pavé sits). */
export function outerRadiusAt(b: BandSpec, width: number, z: number): number {
  const s = clamp(z / (width / 2), -1, 1);
  const t = b.thickness;
  const ri = b.innerRadius;
  switch (b.profile) {
    case 'flat':
      return ri + t;
    case 'knife-edge':
      return ri + t * 0.45 + t * 0.55 * (1 - Math.abs(s)) ** 1.15;
    case 'domed':
      return ri + t * 0.35 + t * 0.65 * Math.sqrt(Math.max(0, 1 - s * s));
    default:
      return ri + t - t * 0.28 * s * s;
  }
}

/* ------------------------------------------------------------------------------------------------
 * Heads
 * --------------------------------------------------------------------------------------------- */

export interface SmallStone {
  position: Vec3;
  /** Which way its table faces (unit vector). */
  up: Vec3;
  diameter: number;
  gem: GemstoneId;
}

export interface ProngSpec {
  /** A smooth path from the band to the claw over the crown. */
  path: Vec3[];
  radius: number;
  tip: Vec3;
}

export interface HeadLayout {
  stone: StoneSpec;
  /** Height of the girdle's middle above the finger's centre (the stone's own origin). */
  girdleY: number;
  /** Turned round the finger (radians, about Z), for a three-stone ring's side stones. */
  turn: number;
  prongs: ProngSpec[];
  /** A gallery rail under the stone through the prongs: its path round the outline (closed), and radius. */
  rail: { path: Vec3[]; radius: number } | null;
  /** A bezel's collar: the outline it follows (mm, x/z), and its top and bottom heights. */
  bezel: { outline: Point[]; top: number; bottom: number; lip: number; wall: number } | null;
  halo: SmallStone[];
  /** The metal seat under a halo: outline, heights, how far it reaches out. */
  haloSeat: { outline: Point[]; top: number; bottom: number; reach: number } | null;
  /** Tiny beads that hold halo stones. */
  beads: { position: Vec3; radius: number }[];
}

export const haloStoneMm = (width: number) => clamp(width * 0.13, 0.9, 1.5);

/** Where the stone's girdle sits: the culet just clear of the band's crest. */
export function girdleHeight(b: BandSpec, s: StoneSpec, bezel: boolean): number {
  const h = stoneHeights(s);
  return b.outerRadius + h.pavilion + h.girdle / 2 + (bezel ? 0.45 : 0.35);
}

/** A prong's diameter grows with the stone (0.7 mm on a small stone, about 1 mm on a large one). */
export function prongRadius(s: StoneSpec): number {
  return clamp(Math.min(s.width, s.length) * 0.07, 0.34, 0.6);
}

/** A head for one stone: prongs or bezel, gallery rail, halo or hidden halo. */
export function headLayout(
  b: BandSpec,
  stone: StoneSpec,
  options: { prongs: 0 | 4 | 6; halo: 'none' | 'halo' | 'hidden'; haloGem: GemstoneId; turn?: number; lift?: number },
): HeadLayout {
  const bezel = options.prongs === 0;
  const h = stoneHeights(stone);
  const girdleY = girdleHeight(b, stone, bezel) + (options.lift ?? 0);
  const outline = girdleOutlineMm(stone);
  const layout: HeadLayout = { stone, girdleY, turn: options.turn ?? 0, prongs: [], rail: null, bezel: null, halo: [], haloSeat: null, beads: [] };
  const baseY = b.outerRadius - 0.25;

  if (bezel) {
    layout.bezel = { outline, top: girdleY + h.crown * 0.35, bottom: girdleY - h.pavilion * 0.7, lip: 0.25, wall: 0.55 };
  } else {
    const ratio = stone.length / stone.width;
    const face = stoneFace(stone.shape, ratio);
    const r = prongRadius(stone);
    const scale = stone.width / 100;
    const points = prongPointsFor(face, options.prongs === 6 ? 6 : 4);
    for (const [px, py] of points) {
      const x = px * scale;
      const z = py * scale;
      const len = Math.hypot(x, z) || 1;
      const [nx, nz] = [x / len, z / len];
      const out = r * 0.55;
      // Up from the band, out round the pavilion, over the girdle, a claw on the crown's edge.
      const bx = x * 0.32;
      const bz = clamp(z * 0.32, -bandWidthAt(b, 0) / 2, bandWidthAt(b, 0) / 2);
      const path: Vec3[] = [
        [bx, baseY, bz],
        [x * 0.55 + nx * out * 0.3, girdleY - h.pavilion * 0.62, z * 0.55 + nz * out * 0.3],
        [x * 0.86 + nx * out, girdleY - h.pavilion * 0.22, z * 0.86 + nz * out],
        [x + nx * out * 0.85, girdleY + h.girdle, z + nz * out * 0.85],
        [x * 0.94 + nx * out * 0.4, girdleY + h.crown * 0.42, z * 0.94 + nz * out * 0.4],
      ];
      layout.prongs.push({ path, radius: r, tip: path.at(-1)! });
    }
    if (options.halo === 'none') {
      const railY = girdleY - h.pavilion * 0.5;
      const k = 0.6;
      layout.rail = { path: thinLoop(outline, 48).map(([x, z]) => [x * k, railY, z * k] as Vec3), radius: r * 0.62 };
    }
  }

  if (options.halo !== 'none') {
    const d = haloStoneMm(stone.width);
    if (options.halo === 'halo') {
      const ring = offsetLoop(outline, 0.22 + d / 2);
      const count = Math.max(10, Math.round(loopLength(ring) / (d * 1.1)));
      const y = girdleY - h.girdle / 2 - d * 0.1;
      for (const p of spacedOn(ring, count)) layout.halo.push({ position: [p[0], y, p[1]], up: [0, 1, 0], diameter: d, gem: options.haloGem });
      const beadRing = offsetLoop(outline, 0.22 + d * 0.98);
      for (const p of spacedOn(beadRing, count, 0.5)) layout.beads.push({ position: [p[0], y + d * 0.18, p[1]], radius: d * 0.17 });
      const innerBeads = offsetLoop(outline, 0.2);
      for (const p of spacedOn(innerBeads, count, 0.5)) layout.beads.push({ position: [p[0], y + d * 0.12, p[1]], radius: d * 0.13 });
      layout.haloSeat = { outline, top: y + d * 0.08, bottom: y - d * 0.75, reach: 0.22 + d + 0.18 };
    } else {
      // A hidden halo rings the pavilion just under the girdle, its stones looking out and up.
      const ring = offsetLoop(outline, -d * 0.18);
      const count = Math.max(10, Math.round(loopLength(ring) / (d * 1.08)));
      const y = girdleY - h.girdle / 2 - d * 0.62;
      for (const p of spacedOn(ring, count)) {
        const len = Math.hypot(p[0], p[1]) || 1;
        const up = normalize([(p[0] / len) * 0.8, 0.6, (p[1] / len) * 0.8]);
        layout.halo.push({ position: [p[0], y, p[1]], up, diameter: d, gem: options.haloGem });
      }
      layout.haloSeat = { outline: offsetLoop(outline, -d * 0.75), top: y - d * 0.1, bottom: y - d * 0.75, reach: d * 0.75 };
    }
  }
  return layout;
}

/* ------------------------------------------------------------------------------------------------
 * Accents along the band
 * --------------------------------------------------------------------------------------------- */

export interface AccentLayout {
  setting: RingAccents['setting'];
  stones: SmallStone[];
  /** Metal beads between pavé or shared-prong stones. */
  beads: { position: Vec3; radius: number }[];
  /** The arc a channel's walls run along (radians from the top), and where across the band they stand. */
  channel: { from: number; to: number; halfGap: number; wall: number } | null;
  /** Cups round bezel-set accents. */
  cups: { position: Vec3; up: Vec3; diameter: number }[];
}

/** Accent stones: down each shoulder beside a head, or evenly over the band's coverage (all round for eternity). */
export function accentLayout(b: BandSpec, acc: RingAccents, headHalfWidth: number | null): AccentLayout {
  const count = Math.max(0, Math.min(200, Math.round(acc.count)));
  const each = count > 0 ? acc.caratTotal / count : 0;
  const narrowest = b.width * b.taper;
  let d = clamp(roundDiameterMm(each), 0.7, Math.max(0.8, narrowest * 0.9));
  const twoRows = acc.setting === 'pave' && b.width >= 2.2 * d && count >= 12;
  if (twoRows) d = Math.min(d, b.width * 0.44);
  const rows = twoRows ? [-0.52, 0.52] : [0];
  const perRow = twoRows ? Math.ceil(count / 2) : count;
  const coverage = clamp(acc.coverage, 0.05, 1);
  const ro = b.outerRadius;
  const step = (d * 1.08) / ro;
  const thetas: number[] = [];
  if (headHalfWidth !== null) {
    // Stones touch (a gap of one step), starting just clear of the head, however little of the band they cover.
    const start = headHalfWidth / ro + step / 2;
    const side = Math.floor(perRow / 2);
    for (let k = 0; k < side; k++) thetas.push(start + k * step, -(start + k * step));
  } else if (coverage >= 0.99 || acc.setting === 'eternity') {
    const n = Math.max(perRow, 1);
    for (let k = 0; k < n; k++) thetas.push((k / n) * Math.PI * 2);
  } else {
    const span = Math.min(coverage * Math.PI * 2, perRow * step);
    for (let k = 0; k < perRow; k++) thetas.push(-span / 2 + ((k + 0.5) * span) / perRow);
  }
  thetas.sort((a, c) => a - c);

  const recess = acc.setting === 'channel' ? d * 0.2 : acc.setting === 'bezel' ? -d * 0.05 : d * 0.12;
  const out: AccentLayout = { setting: acc.setting, stones: [], beads: [], channel: null, cups: [] };
  for (const theta of thetas) {
    const width = bandWidthAt(b, theta);
    for (const row of rows) {
      const z = row * d * 1.02;
      const r = outerRadiusAt(b, width, z) - recess;
      const radial: Vec3 = [Math.sin(theta), Math.cos(theta), 0];
      const position: Vec3 = [radial[0] * r, radial[1] * r, z];
      out.stones.push({ position, up: radial, diameter: d, gem: acc.gem });
      if (acc.setting === 'bezel') out.cups.push({ position, up: radial, diameter: d });
    }
  }
  if (acc.setting === 'pave' || acc.setting === 'shared-prong' || acc.setting === 'eternity') {
    // A bead between neighbours on each side of a row (shared by both stones).
    const half = step / 2;
    const bead = d * (acc.setting === 'pave' ? 0.15 : 0.19);
    for (const theta of thetas) {
      for (const t of [theta - half, theta + half]) {
        const width = bandWidthAt(b, t);
        for (const row of rows) {
          for (const side of [-1, 1]) {
            const z = row * d * 1.02 + side * d * 0.46;
            if (twoRows && side * row < 0) continue;
            const r = outerRadiusAt(b, width, z) + bead * 0.25;
            out.beads.push({ position: [Math.sin(t) * r, Math.cos(t) * r, z], radius: bead });
          }
        }
      }
    }
  }
  if (acc.setting === 'channel' && thetas.length > 0) {
    out.channel = { from: thetas[0]! - step * 0.6, to: thetas.at(-1)! + step * 0.6, halfGap: d * 0.5 + 0.12, wall: Math.max(0.22, d * 0.16) };
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------
 * A whole ring
 * --------------------------------------------------------------------------------------------- */

export interface RingLayout {
  band: BandSpec;
  heads: HeadLayout[];
  accents: AccentLayout | null;
  milgrain: boolean;
  inlay: RingDesign['inlay'];
  /** The top of the piece (for framing), mm above the finger's centre. */
  top: number;
}

/** The stone a ring is shown with: its own, or the head's display stone (a diamond of its first shape). */
export function centerStoneOf(design: RingDesign): StoneSpec | null {
  if (design.center) return stoneSpec(design.center);
  if (!design.head) return null;
  const shape = design.head.shapes[0] ?? 'Round';
  const width = clamp(design.head.shownWidthMm, 3, 16);
  const length = width * typicalRatio(shape);
  return { gem: 'diamond', shape, length, width, depth: width * (SHAPE_PROFILES[shapeKey(shape)].depth / 100) };
}

export function ringLayout(design: RingDesign): RingLayout {
  const band = bandSpec(design);
  const stone = centerStoneOf(design);
  const head = design.head;
  const heads: HeadLayout[] = [];
  const haloGem = design.accents?.gem ?? 'diamond';
  if (stone && head) {
    const main = headLayout(band, stone, { prongs: head.prongs, halo: head.halo, haloGem });
    if (head.sideCenters === 2) {
      const side: StoneSpec = { ...stone, width: stone.width * 0.64, length: stone.length * 0.64, depth: stone.depth * 0.64 };
      const x = stone.width / 2 + side.width / 2 + 0.3;
      for (const sign of [-1, 1]) {
        const probe = headLayout(band, side, { prongs: head.prongs, halo: 'none', haloGem });
        const turn = Math.asin(clamp(x / probe.girdleY, -1, 1));
        heads.push(headLayout(band, side, { prongs: head.prongs, halo: 'none', haloGem, turn: -sign * turn, lift: 0.15 }));
      }
    }
    heads.push(main);
  }
  const main = heads.at(-1);
  const reach = main ? (main.stone.width / 2) * 0.9 + (main.halo.length && main.haloSeat?.reach ? main.haloSeat.reach : 0) : null;
  const sideReach = heads.length === 3 ? main!.stone.width / 2 + heads[0]!.stone.width + 0.3 : null;
  const accents = design.accents && design.accents.count > 0
    ? accentLayout(band, design.accents, main ? (sideReach ?? reach) : null)
    : null;
  const top = main ? main.girdleY + stoneHeights(main.stone).crown : band.outerRadius;
  return { band, heads, accents, milgrain: design.milgrain, inlay: design.inlay, top };
}

/* ------------------------------------------------------------------------------------------------
 * Polygon helpers (mm, x/z)
 * --------------------------------------------------------------------------------------------- */

export function normalize(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

export function loopLength(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    sum += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return sum;
}

/** `count` points evenly by arc length round a closed loop, starting `phase` of a step along. */
export function spacedOn(points: readonly Point[], count: number, phase = 0): Point[] {
  const total = loopLength(points);
  const out: Point[] = [];
  let edge = 0;
  let walked = 0;
  const n = points.length;
  for (let k = 0; k < count; k++) {
    const target = ((k + phase) / count) * total;
    for (;;) {
      const a = points[edge % n]!;
      const b = points[(edge + 1) % n]!;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (walked + len >= target || edge >= n - 1) {
        const t = len > 0 ? clamp((target - walked) / len, 0, 1) : 0;
        out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
        break;
      }
      walked += len;
      edge++;
    }
  }
  return out;
}

/** A closed loop resampled to `count` points evenly by arc length. */
export function thinLoop(points: readonly Point[], count: number): Point[] {
  return spacedOn(points, count);
}

/** A closed loop grown outward by `d` mm (negative shrinks it): each point moves along its averaged normal. */
export function offsetLoop(points: readonly Point[], d: number): Point[] {
  const n = points.length;
  let area = 0;
  for (let i = 0; i < n; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % n]!;
    area += x0 * y1 - x1 * y0;
  }
  const sign = area > 0 ? 1 : -1;
  return points.map((p, i) => {
    const a = points[(i + n - 1) % n]!;
    const b = points[(i + 1) % n]!;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    return [p[0] + ((sign * dy) / len) * d, p[1] + ((-sign * dx) / len) * d] as Point;
  });
}

export { RING_FINGER_MM };
