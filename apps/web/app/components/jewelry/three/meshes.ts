/**
 * three.js geometry for the 3D view, built from the layout (layout.ts): a band swept round the finger with its own
 * cross-section, faceted stones cut to their outline and proportions, collars for bezels and halos, prongs and
 * rails as tubes. Only geometry: materials, lights and the scene live in the React components.
 */
import { BufferGeometry, CatmullRomCurve3, Float32BufferAttribute, TubeGeometry, Vector3 } from 'three';
import { SHAPE_PROFILES, centroid, rayExit, shapeKey, type Point } from '../stone-geometry';
import { bandSection, bandWidthAt, girdleOutlineMm, stoneHeights, type BandSpec, type StoneSpec, type Vec3 } from './layout';

/** One place along a sweep: an origin and the two directions a cross-section's (a, b) coordinates run along. */
export interface SweepFrame {
  origin: Vec3;
  a: Vec3;
  b: Vec3;
}

/**
 * A surface swept along a path of frames: the cross-section (closed loop of (a, b) points, the same count at every
 * frame) is placed at each frame, and neighbouring rings of points are joined by quads. Smooth normals.
 */
export function sweepGeometry(frames: readonly SweepFrame[], sectionAt: (i: number) => readonly Point[], closedPath: boolean): BufferGeometry {
  const positions: number[] = [];
  const indices: number[] = [];
  const m = sectionAt(0).length;
  frames.forEach((f, i) => {
    const section = sectionAt(i);
    for (const [u, v] of section) {
      positions.push(f.origin[0] + f.a[0] * u + f.b[0] * v, f.origin[1] + f.a[1] * u + f.b[1] * v, f.origin[2] + f.a[2] * u + f.b[2] * v);
    }
  });
  const n = frames.length;
  const rings = closedPath ? n : n - 1;
  for (let i = 0; i < rings; i++) {
    const i1 = (i + 1) % n;
    for (let j = 0; j < m; j++) {
      const j1 = (j + 1) % m;
      const a = i * m + j;
      const b = i1 * m + j;
      const c = i1 * m + j1;
      const d = i * m + j1;
      indices.push(a, b, d, b, c, d);
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(positions, 3));
  g.setIndex(indices);
  g.computeVertexNormals();
  return g;
}

/** The band: its cross-section swept round the finger, narrowing under the head when tapered. */
export function bandGeometry(band: BandSpec, segments = 240): BufferGeometry {
  const frames: SweepFrame[] = [];
  const thetas: number[] = [];
  for (let i = 0; i < segments; i++) {
    const theta = (i / segments) * Math.PI * 2;
    thetas.push(theta);
    frames.push({ origin: [0, 0, 0], a: [Math.sin(theta), Math.cos(theta), 0], b: [0, 0, 1] });
  }
  const fixed = band.taper === 1 ? bandSection(band, band.width) : null;
  return sweepGeometry(frames, (i) => fixed ?? bandSection(band, bandWidthAt(band, thetas[i]!)), true);
}

/** The frames of a closed outline in the XZ plane at height 0: outward (a) and up (b). */
export function outlineFrames(outline: readonly Point[]): SweepFrame[] {
  const n = outline.length;
  let area = 0;
  for (let i = 0; i < n; i++) {
    const [x0, z0] = outline[i]!;
    const [x1, z1] = outline[(i + 1) % n]!;
    area += x0 * z1 - x1 * z0;
  }
  const sign = area > 0 ? 1 : -1;
  return outline.map((p, i) => {
    const prev = outline[(i + n - 1) % n]!;
    const next = outline[(i + 1) % n]!;
    const dx = next[0] - prev[0];
    const dz = next[1] - prev[1];
    const len = Math.hypot(dx, dz) || 1;
    return { origin: [p[0], 0, p[1]], a: [(sign * dz) / len, 0, (-sign * dx) / len], b: [0, 1, 0] };
  });
}

/** A collar round an outline (a bezel's cup, a halo's seat): the (outward, height) section swept round it. */
export function collarGeometry(outline: readonly Point[], section: readonly Point[]): BufferGeometry {
  return sweepGeometry(outlineFrames(outline), () => section, true);
}

/** A rounded-rectangle section (outward from `a0` to `a1`, height `b0` to `b1`), corners softened. */
export function roundedSection(a0: number, a1: number, b0: number, b1: number, round: number): Point[] {
  const r = Math.min(round, (a1 - a0) / 2.2, (b1 - b0) / 2.2);
  const pts: Point[] = [];
  const corner = (cx: number, cy: number, start: number) => {
    for (let k = 0; k <= 3; k++) {
      const t = start + (k / 3) * (Math.PI / 2);
      pts.push([cx + Math.cos(t) * r, cy + Math.sin(t) * r]);
    }
  };
  corner(a1 - r, b0 + r, -Math.PI / 2);
  corner(a1 - r, b1 - r, 0);
  corner(a0 + r, b1 - r, Math.PI / 2);
  corner(a0 + r, b0 + r, Math.PI);
  return pts;
}

/** A tube along a smooth path through the points (prongs, rails, wires). */
export function tubeGeometry(path: readonly Vec3[], radius: number, closed = false, tubular = 32, radial = 10): BufferGeometry {
  const curve = new CatmullRomCurve3(path.map((p) => new Vector3(p[0], p[1], p[2])), closed, 'centripetal');
  return new TubeGeometry(curve, tubular, radius, radial, closed);
}

/* ------------------------------------------------------------------------------------------------
 * Faceted stones
 * --------------------------------------------------------------------------------------------- */

interface Level {
  /** Points round the level (x, z), in order round the stone. */
  points: Point[];
  y: number;
  /** Where the first point sits round the stone, as a share of one step (0 for step cuts). */
  phase: number;
}

/** Directions from the centroid to the girdle, spread like an ellipse's so long shapes keep their ends and corners. */
function girdleRays(outline: readonly Point[], center: Point, halfW: number, halfL: number, count: number, phase: number): Point[] {
  return Array.from({ length: count }, (_, k) => {
    const t = ((k + phase) / count) * Math.PI * 2;
    const dir: Point = [Math.sin(t) * halfW, -Math.cos(t) * halfL];
    return rayExit(outline, center, dir);
  });
}


const toward = (c: Point, p: Point, k: number): Point => [c[0] + (p[0] - c[0]) * k, c[1] + (p[1] - c[1]) * k];

/**
 * A faceted stone, table up, its girdle the shape's outline at the stone's length and width, crown and pavilion to
 * its depth. Brilliants get a table, star and kite tiers, a girdle band and pavilion mains to a culet; step cuts
 * (emerald, asscher) concentric steps. Flat-shaded: every facet catches the light on its own.
 */
export function gemGeometry(stone: StoneSpec): BufferGeometry {
  const key = shapeKey(stone.shape);
  const step = SHAPE_PROFILES[key].cut === 'step';
  const outline = girdleOutlineMm(stone);
  const c = centroid(outline);
  const h = stoneHeights(stone);
  const top = h.girdle / 2 + h.crown;
  const g2 = h.girdle / 2;
  const levels: Level[] = [];
  if (step) {
    // The outline's own corners (cut-corner rectangles), scaled toward the centre tier by tier.
    const at = (k: number, y: number): Level => ({ points: outline.map((p) => toward(c, p, k)), y, phase: 0 });
    const table = SHAPE_PROFILES[key].table / 100;
    levels.push(at(table, top), at(table + (1 - table) * 0.42, g2 + h.crown * 0.62), at(table + (1 - table) * 0.76, g2 + h.crown * 0.3));
    levels.push(at(1, g2), at(1, -g2));
    levels.push(at(0.74, -g2 - h.pavilion * 0.38), at(0.46, -g2 - h.pavilion * 0.7), at(0.16, -g2 - h.pavilion * 0.93));
  } else {
    const halfW = stone.width / 2;
    const halfL = stone.length / 2;
    const ray = (count: number, phase: number, k: number, y: number): Level => ({
      points: girdleRays(outline, c, halfW, halfL, count, phase).map((p) => toward(c, p, k)),
      y,
      phase,
    });
    const table = SHAPE_PROFILES[key].table / 100;
    levels.push(ray(8, 0.5, table, top));
    levels.push(ray(8, 0, table + (1 - table) * 0.5, g2 + h.crown * 0.5));
    levels.push(ray(32, 0, 1, g2), ray(32, 0, 1, -g2));
    levels.push(ray(16, 0, 0.58, -g2 - h.pavilion * 0.5));
    levels.push(ray(8, 0, 0.16, -g2 - h.pavilion * 0.9));
  }
  const positions: number[] = [];
  const tri = (a: Vec3, b: Vec3, d: Vec3) => positions.push(...a, ...d, ...b);
  const v = (p: Point, y: number): Vec3 => [p[0], y, p[1]];
  // Table: a fan from the centre.
  const t0 = levels[0]!;
  const tc: Vec3 = [c[0], t0.y, c[1]];
  t0.points.forEach((p, i) => tri(tc, v(p, t0.y), v(t0.points[(i + 1) % t0.points.length]!, t0.y)));
  for (let l = 0; l < levels.length - 1; l++) zip(levels[l]!, levels[l + 1]!, tri, v);
  // Culet.
  const last = levels.at(-1)!;
  const culet: Vec3 = [c[0], -g2 - h.pavilion, c[1]];
  last.points.forEach((p, i) => tri(v(last.points[(i + 1) % last.points.length]!, last.y), v(p, last.y), culet));
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(positions, 3));
  g.computeVertexNormals();
  return g;
}

/**
 * Joins two levels of points by triangles, walking both round the stone together (a level may have more points than
 * its neighbour: a brilliant's 8 kites meet 32 girdle points). Outward-facing for an upper level above a lower one.
 */
function zip(upper: Level, lower: Level, tri: (a: Vec3, b: Vec3, c: Vec3) => void, v: (p: Point, y: number) => Vec3) {
  const nu = upper.points.length;
  const nl = lower.points.length;
  let i = 0;
  let j = 0;
  const total = nu + nl;
  for (let s = 0; s < total; s++) {
    const ua = upper.points[i % nu]!;
    const la = lower.points[j % nl]!;
    const nextU = (i + 1 + upper.phase) / nu;
    const nextL = (j + 1 + lower.phase) / nl;
    if (i < nu && (j >= nl || nextU <= nextL)) {
      const ub = upper.points[(i + 1) % nu]!;
      tri(v(ua, upper.y), v(la, lower.y), v(ub, upper.y));
      i++;
    } else {
      const lb = lower.points[(j + 1) % nl]!;
      tri(v(ua, upper.y), v(la, lower.y), v(lb, lower.y));
      j++;
    }
  }
}

/** A round brilliant one millimetre across, for accent stones (scaled per stone). */
export function unitRoundGem(): BufferGeometry {
  return gemGeometry({ gem: 'diamond', shape: 'Round', length: 1, width: 1, depth: 0.615 });
}
