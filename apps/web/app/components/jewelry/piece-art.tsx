import { useId, type ReactNode } from 'react';
import {
  GEMSTONES,
  METAL_COLORS,
  metalOf,
  type BraceletDesign,
  type CenterStoneLook,
  type EarringDesign,
  type GemstoneId,
  type MetalId,
  type NecklaceDesign,
  type PieceDesign,
  type RingAccents,
  type RingDesign,
  type ShapeName,
} from '@everstone/contract/core';
import {
  convexHull,
  f,
  f4,
  mix,
  offsetPolygon,
  pathOf,
  perimeter,
  xy,
  prongPointsFor,
  roundDiameterMm,
  spacedAround,
  stoneFace,
  typicalRatio,
  type Point,
} from './geometry';
import { RING_FINGER_MM } from './stone-geometry';

/*
 * Every piece of the catalog drawn from its own design, to scale: there are no photographs, so the listing and the
 * product page show these. Drawing space is 100 × 100 units; each form has a fixed number of units per millimetre,
 * so a 2 mm band is drawn thinner than a 6 mm one and a 9 mm stone bigger than a 5 mm one.
 *
 * Rings stand upright and are seen from the front and above (RING_TILT): the band is an ellipse, the upper half of its
 * outer surface faces the camera (where pavé shows), the front edge is a flat ring and the inside of the lower half
 * shows through the opening. Stones lie with their table up, so their face-up drawing is squashed by sin(tilt).
 */

type Metal = { light: string; base: string; dark: string };

interface Art {
  /** The picture's id prefix: every gradient and symbol id starts with it, so pictures on one page never clash. */
  id: string;
  metal: Metal;
}

const url = (art: Art, name: string) => `url(#${art.id}-${name})`;
const ref = (art: Art, name: string) => `#${art.id}-${name}`;

/** Units per millimetre, by form. */
const SCALE = { ring: 3.3, stud: 5, hoop: 2.2, drop: 3.6, necklace: 2.7, pendant: 4.4, tennisBracelet: 1.45, bangle: 1.15 } as const;

const RING_TILT = (52 * Math.PI) / 180;
/**
 * The head is drawn turned a little further toward the camera than the band (as a photographer tilts a ring), so an
 * oval, a pear or an emerald cut still reads as long as it is.
 */
const HEAD_TILT = (66 * Math.PI) / 180;

const DIAMOND_LINE = '#55627a';

/* ------------------------------------------------------------------------------------------------
 * Shared definitions: background, metal, gems, sparkles
 * --------------------------------------------------------------------------------------------- */

/** A gem's short key in ids (its place in GEMSTONES): accent stones are placed dozens of times, so ids stay short. */
function gemIndex(gem: GemstoneId): number {
  return Math.max(0, GEMSTONES.findIndex((g) => g.id === gem));
}

function gemColor(gem: GemstoneId): string {
  return GEMSTONES.find((g) => g.id === gem)?.color ?? '#f4f7fb';
}

/** What a gem's facets are painted with: a body gradient, the dark of its shadowed facets, its edge line. */
function gemPalette(gem: GemstoneId) {
  if (gem === 'diamond') return { hi: '#ffffff', body: '#f1f4f8', low: '#a7b2c4', deep: '#263756', line: DIAMOND_LINE, sheen: '#ffffff', bright: 0.66, light: 0.4 };
  const c = gemColor(gem);
  return {
    hi: mix(c, '#ffffff', 0.32),
    body: c,
    low: mix(c, '#000000', 0.5),
    deep: mix(c, '#000000', 0.72),
    line: mix(c, '#000000', 0.6),
    sheen: mix(c, '#ffffff', 0.65),
    bright: 0.5,
    light: 0.24,
  };
}

/** A small stone, one unit in radius: table, star and kites in miniature, and a bright rim. Used for every accent. */
const MINI = (() => {
  const pt = (r: number, deg: number) => `${f(r * Math.sin((deg * Math.PI) / 180))},${f(-r * Math.cos((deg * Math.PI) / 180))}`;
  const table = `M${Array.from({ length: 8 }, (_, k) => pt(0.52, k * 45 + 22.5)).join('L')}Z`;
  const kites = Array.from({ length: 4 }, (_, k) => `M${pt(0.52, k * 90 + 22.5)}L${pt(1, k * 90 + 45)}L${pt(0.52, k * 90 + 67.5)}L${pt(0.78, k * 90 + 45)}Z`).join('');
  const lines = Array.from({ length: 8 }, (_, k) => `M${pt(0.52, k * 45 + 22.5)}L${pt(1, k * 45)}`).join('');
  return { table, kites, lines };
})();

const SPARKLE = 'M0,-1L.1,-.1L1,0L.1,.1L0,1L-.1,.1L-1,0L-.1,-.1Z';

/** A gem's gradients, and (when accents of it are drawn) its small-stone symbol, bare and in a bezel. */
function GemDefs({ art, gem, mini, bezel }: { art: Art; gem: GemstoneId; mini: boolean; bezel: boolean }) {
  const p = gemPalette(gem);
  return (
    <>
      <radialGradient id={`${art.id}-g-${gem}`} cx="0.36" cy="0.3" r="0.85">
        <stop offset="0" stopColor={p.hi} />
        <stop offset="0.45" stopColor={p.body} />
        <stop offset="1" stopColor={p.low} />
      </radialGradient>
      <linearGradient id={`${art.id}-p-${gem}`} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor={p.low} />
        <stop offset="0.45" stopColor={p.hi} />
        <stop offset="1" stopColor={p.deep} />
      </linearGradient>
 {mini ? (
      <g id={`${art.id}-a${gemIndex(gem)}`}>
        <circle r="1" fill={`url(#${art.id}-g-${gem})`} />
        <path d={MINI.kites} fill={p.deep} fillOpacity="0.26" />
        <path d={MINI.table} fill="#fff" fillOpacity="0.5" />
        <path d={MINI.lines} stroke={p.line} strokeOpacity="0.45" strokeWidth="0.06" />
        <circle r="0.96" fill="none" stroke={gem === 'diamond' ? '#8691a3' : p.line} strokeWidth="0.08" />
        <ellipse cx="-0.32" cy="-0.36" rx="0.2" ry="0.12" fill="#fff" fillOpacity="0.85" />
      </g>
      ) : null}
      {mini && bezel ? (
        <g id={`${art.id}-b${gemIndex(gem)}`}>
          <circle r="1.3" fill={`url(#${art.id}-mb)`} stroke={art.metal.dark} strokeWidth="0.08" />
          <use href={`#${art.id}-a${gemIndex(gem)}`} />
        </g>
      ) : null}
    </>
  );
}

/**
 * A picture's shared definitions: background, shadow, metal gradients, a sparkle, each gem's gradients, the
 * small-stone symbols of `gems` (the accents drawn), and the face-up drawing of each of `stones`.
 */
function Defs({ art, gems, stones = [], bezel = false, children }: { art: Art; gems: readonly GemstoneId[]; stones?: readonly StoneLook[]; bezel?: boolean; children?: ReactNode }) {
  const faces = new Map(stones.map((st) => [faceKey(st), st]));
  const allGems = [...new Set([...gems, ...stones.map((st) => st.gem)])];
  const m = art.metal;
  const dim = mix(m.dark, m.base, 0.35);
  return (
    <defs>
      <radialGradient id={`${art.id}-bg`} cx="0.5" cy="0.42" r="0.75">
        <stop offset="0" stopColor="#ffffff" />
        <stop offset="0.7" stopColor="#f7f5f2" />
        <stop offset="1" stopColor="#ebe7e1" />
      </radialGradient>
      <radialGradient id={`${art.id}-sh`}>
        <stop offset="0" stopColor="#3a3026" stopOpacity="0.34" />
        <stop offset="0.55" stopColor="#3a3026" stopOpacity="0.12" />
        <stop offset="1" stopColor="#3a3026" stopOpacity="0" />
      </radialGradient>
      {/* Polished metal reflects the studio: bright windows and dark bands across the surface, not one flat hue. */}
      <linearGradient id={`${art.id}-mh`}>
        <stop offset="0" stopColor={m.dark} />
        <stop offset="0.14" stopColor={m.base} />
        <stop offset="0.3" stopColor={m.light} />
        <stop offset="0.4" stopColor={m.base} />
        <stop offset="0.56" stopColor={dim} />
        <stop offset="0.7" stopColor={m.base} />
        <stop offset="0.84" stopColor={m.light} />
        <stop offset="1" stopColor={m.dark} />
      </linearGradient>
      {/* The front edge of a band: the same studio, a little darker. */}
      <linearGradient id={`${art.id}-mf`}>
        <stop offset="0" stopColor={dim} />
        <stop offset="0.18" stopColor={m.base} />
        <stop offset="0.34" stopColor={m.light} />
        <stop offset="0.5" stopColor={m.base} />
        <stop offset="0.68" stopColor={dim} />
        <stop offset="0.86" stopColor={m.light} />
        <stop offset="1" stopColor={dim} />
      </linearGradient>
      {/* The inside of a band, in its own shadow. */}
      <linearGradient id={`${art.id}-mi`}>
        <stop offset="0" stopColor={m.dark} />
        <stop offset="0.3" stopColor={dim} />
        <stop offset="0.5" stopColor={m.base} />
        <stop offset="0.62" stopColor={m.light} />
        <stop offset="0.75" stopColor={dim} />
        <stop offset="1" stopColor={m.dark} />
      </linearGradient>
      <radialGradient id={`${art.id}-mb`} cx="0.35" cy="0.3" r="0.75">
        <stop offset="0" stopColor={m.light} />
        <stop offset="0.55" stopColor={m.base} />
        <stop offset="1" stopColor={m.dark} />
      </radialGradient>
      <path id={`${art.id}-sp`} d={SPARKLE} fill="#fff" />
      {allGems.map((g) => (
        <GemDefs key={g} art={art} gem={g} mini={gems.includes(g)} bezel={bezel} />
      ))}
      {[...faces].map(([key, st]) => (
        <FaceDef key={key} art={art} stone={st} />
      ))}
      {children}
    </defs>
  );
}

function Background({ art }: { art: Art }) {
  return <rect width="100" height="100" fill={url(art, 'bg')} />;
}

function Shadow({ art, x, y, rx, ry }: { art: Art; x: number; y: number; rx: number; ry: number }) {
  return <ellipse cx={f(x)} cy={f(y)} rx={f(rx)} ry={f(ry)} fill={url(art, 'sh')} />;
}

/** A four-pointed glint of light, `r` units long. */
function Sparkle({ art, x, y, r, opacity = 0.95 }: { art: Art; x: number; y: number; r: number; opacity?: number }) {
  return <use href={ref(art, 'sp')} transform={`translate(${f(x)} ${f(y)}) scale(${f4(r)})`} opacity={opacity} />;
}

/** An accent stone placed by an affine map of the unit stone: `ax`, `ay` are where its x and y unit axes go. */
function Mini({ art, gem, at, ax, ay, bezel = false }: { art: Art; gem: GemstoneId; at: Point; ax: Point; ay: Point; bezel?: boolean }) {
  return <use href={ref(art, `${bezel ? 'b' : 'a'}${gemIndex(gem)}`)} transform={`matrix(${f(ax[0])} ${f(ax[1])} ${f(ay[0])} ${f(ay[1])} ${f(at[0])} ${f(at[1])})`} />;
}

interface StrokeLayer {
  color: string;
  width: number;
  /** A shift, for a highlight that sits off the centre line. */
  dx?: number;
  dy?: number;
}

/** One path stroked in layers (a dark edge, the body, a highlight), its data written once and reused. */
function Strokes({ art, name, d, layers, dash }: { art: Art; name: string; d: string; layers: StrokeLayer[]; dash?: string }) {
  if (!d) return null;
  return (
    <g fill="none" strokeLinecap="round" strokeLinejoin="round" strokeDasharray={dash}>
      <defs>
        <path id={`${art.id}-${name}`} d={d} />
      </defs>
      {layers.map((l, i) => (
        <use key={i} href={ref(art, name)} stroke={l.color} strokeWidth={f(l.width)} transform={l.dx || l.dy ? `translate(${f(l.dx ?? 0)} ${f(l.dy ?? 0)})` : undefined} />
      ))}
    </g>
  );
}

/* ------------------------------------------------------------------------------------------------
 * A stone seen face up (squashed by `squash` when tilted away)
 * --------------------------------------------------------------------------------------------- */

interface StoneLook {
  gem: GemstoneId;
  shape: ShapeName;
  /** Millimetres across and along. */
  width: number;
  length: number;
}

function stoneLook(c: CenterStoneLook): StoneLook {
  const width = clamp(c.widthMm, 1, 25);
  const length = clamp(c.lengthMm, 1, 30);
  return { gem: c.gem, shape: c.shape, width, length };
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}

/** The key of a stone's face-up drawing among a picture's definitions: one per shape, ratio and gem. */
function faceKey(stone: StoneLook): string {
  return `f-${stone.shape}-${Math.round((stone.length / stone.width) * 100)}-${stone.gem}`.toLowerCase();
}

/** A stone's face-up drawing (100 units wide), defined once per picture and placed by every stone like it. */
function FaceDef({ art, stone }: { art: Art; stone: StoneLook }) {
  const face = stoneFace(stone.shape, stone.length / stone.width);
  const p = gemPalette(stone.gem);
  return (
    <g id={`${art.id}-${faceKey(stone)}`}>
      <path d={face.outline} fill={`url(#${art.id}-g-${stone.gem})`} />
      <path d={face.deep} fill={p.deep} fillOpacity="0.36" />
      <path d={face.dark} fill={p.deep} fillOpacity="0.16" />
      <path d={face.light} fill={p.sheen} fillOpacity={p.light} />
      <path d={face.bright} fill={p.sheen} fillOpacity={p.bright} />
      <path d={face.lines} fill="none" stroke={p.line} strokeOpacity="0.5" strokeWidth="0.6" strokeLinejoin="round" />
      <path d={face.outline} fill="none" stroke={p.line} strokeOpacity="0.85" strokeWidth="0.9" strokeLinejoin="round" />
    </g>
  );
}

/** The crown of a stone placed from its definition; `k` is units per drawing unit (the drawing is 100 wide). */
function Crown({ art, stone, at, k, squash, glints = true }: { art: Art; stone: StoneLook; at: Point; k: number; squash: number; glints?: boolean }) {
  const table = stoneFace(stone.shape, stone.length / stone.width).table;
  const glintAt = (i: number): Point => [at[0] + table[i % table.length]![0] * k, at[1] + table[i % table.length]![1] * k * squash];
  return (
    <>
      <use href={ref(art, faceKey(stone))} transform={`translate(${f(at[0])} ${f(at[1])}) scale(${f4(k)} ${f4(k * squash)})`} />
      {glints && k * 100 > 8 ? (
        <>
          <Sparkle art={art} x={glintAt(7)[0]} y={glintAt(7)[1]} r={k * 100 * 0.16} />
          <Sparkle art={art} x={glintAt(3)[0]} y={glintAt(3)[1]} r={k * 100 * 0.09} opacity={0.8} />
        </>
      ) : null}
    </>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Rings
 * --------------------------------------------------------------------------------------------- */

/** Front-and-above projection: x across, y up the ring, z toward the camera (all mm) to picture units. */
interface View {
  cx: number;
  cy: number;
  s: number;
  sa: number;
  ca: number;
}
const project = (v: View, x: number, y: number, z: number): Point => [v.cx + v.s * x, v.cy - v.s * (y * v.ca - z * v.sa)];

interface Band {
  ri: number;
  ro: number;
  /** Width at the base; a tapered band narrows toward the top (`taper` = width there ÷ at the base). */
  width: number;
  taper: number;
  profile: RingDesign['profile'];
  milgrain: boolean;
  filigree: boolean;
  inlay: 'black' | 'white' | null;
}

const bandWidthAt = (b: Band, theta: number) => b.width * (b.taper + (1 - b.taper) * Math.sin(theta / 2) ** 2);

/** The upper half of the outer surface between two fractions of its width (-1 the back edge, 1 the front). */
function upperStrip(v: View, b: Band, u0: number, u1: number): string {
  if (b.taper === 1) {
    const rx = v.s * b.ro;
    const ry = v.s * b.ro * v.ca;
    const y0 = v.cy + v.s * ((u0 * b.width) / 2) * v.sa;
    const y1 = v.cy + v.s * ((u1 * b.width) / 2) * v.sa;
    return `M${f(v.cx - rx)},${f(y0)}A${f(rx)},${f(ry)} 0 0 1 ${f(v.cx + rx)},${f(y0)}L${f(v.cx + rx)},${f(y1)}A${f(rx)},${f(ry)} 0 0 0 ${f(v.cx - rx)},${f(y1)}Z`;
  }
  const edge = (u: number) =>
    Array.from({ length: 25 }, (_, i): Point => {
      const theta = -Math.PI / 2 + (i / 24) * Math.PI;
      return project(v, b.ro * Math.sin(theta), b.ro * Math.cos(theta), (u * bandWidthAt(b, theta)) / 2);
    });
  return pathOf([...edge(u0), ...edge(u1).reverse()]);
}

/** One edge of the band all the way round (radius r, at fraction u of the width), as a closed path. */
function ringEdge(v: View, b: Band, r: number, u: number): string {
  if (b.taper === 1) {
    const rx = v.s * r;
    const ry = v.s * r * v.ca;
    const y = v.cy + v.s * ((u * b.width) / 2) * v.sa;
    return `M${f(v.cx - rx)},${f(y)}A${f(rx)},${f(ry)} 0 1 1 ${f(v.cx + rx)},${f(y)}A${f(rx)},${f(ry)} 0 1 1 ${f(v.cx - rx)},${f(y)}Z`;
  }
  return pathOf(
    Array.from({ length: 40 }, (_, i) => {
      const theta = (i / 40) * Math.PI * 2;
      return project(v, r * Math.sin(theta), r * Math.cos(theta), (u * bandWidthAt(b, theta)) / 2);
    }),
  );
}

/** The inside of the lower half, seen through the opening: between the inner edge's front and back. */
function innerCrescent(v: View, b: Band, u0: number, u1: number): string {
  if (b.taper === 1) {
    const rx = v.s * b.ri;
    const ry = v.s * b.ri * v.ca;
    const yf = v.cy + v.s * ((u1 * b.width) / 2) * v.sa;
    const yb = v.cy + v.s * ((u0 * b.width) / 2) * v.sa;
    return `M${f(v.cx - rx)},${f(yf)}A${f(rx)},${f(ry)} 0 0 0 ${f(v.cx + rx)},${f(yf)}L${f(v.cx + rx)},${f(yb)}A${f(rx)},${f(ry)} 0 0 1 ${f(v.cx - rx)},${f(yb)}Z`;
  }
  const edge = (u: number) =>
    Array.from({ length: 25 }, (_, i): Point => {
      const theta = Math.PI / 2 + (i / 24) * Math.PI;
      return project(v, b.ri * Math.sin(theta), b.ri * Math.cos(theta), (u * bandWidthAt(b, theta)) / 2);
    });
  return pathOf([...edge(u1), ...edge(u0).reverse()]);
}

/** Light and shade across the outer surface, by profile: [from, to, colour, opacity] in fractions of the width. */
const PROFILE_SHADING: Record<RingDesign['profile'], [number, number, string, number][]> = {
  comfort: [
    [-1, -0.62, '#000', 0.1],
    [-0.5, 0.05, '#fff', 0.42],
    [0.42, 1, '#000', 0.16],
  ],
  domed: [
    [-1, -0.55, '#000', 0.16],
    [-0.4, 0.12, '#fff', 0.6],
    [0.45, 1, '#000', 0.26],
  ],
  flat: [],
  'knife-edge': [
    [-1, 0, '#fff', 0.34],
    [0, 1, '#000', 0.24],
  ],
  tapered: [
    [-1, -0.6, '#000', 0.1],
    [-0.45, 0.1, '#fff', 0.42],
    [0.45, 1, '#000', 0.16],
  ],
};

/** The band behind the head: the inside through the opening, the front edge, and the outer surface. */
function BandBody({ art, v, b }: { art: Art; v: View; b: Band }) {
  const m = art.metal;
  const rounded = b.profile !== 'flat' && b.profile !== 'knife-edge';
  const rimShade = rounded ? 0.16 : 0;
  return (
    <>
      <path d={innerCrescent(v, b, -1, 1)} fill={url(art, 'mi')} />
      {b.profile === 'comfort' || b.profile === 'domed' ? <path d={innerCrescent(v, b, -0.3, 0.35)} fill="#fff" fillOpacity="0.22" /> : null}
      <path d={`${ringEdge(v, b, b.ro, 1)}${ringEdge(v, b, b.ri, 1)}`} fill={url(art, 'mf')} fillRule="evenodd" />
      {rimShade ? <path d={`${ringEdge(v, b, b.ro, 1)}${ringEdge(v, b, b.ri, 1)}`} fill="#000" fillOpacity={rimShade} fillRule="evenodd" /> : null}
      <path d={upperStrip(v, b, -1, 1)} fill={url(art, 'mh')} />
      {PROFILE_SHADING[b.profile].map(([u0, u1, color, opacity]) => (
        <path key={u0} d={upperStrip(v, b, u0, u1)} fill={color} fillOpacity={opacity} />
      ))}
      {b.profile === 'flat' ? (
        <>
          {/* Crisp edges: a bevel catching the light at the back, a dark line where the top meets the side. */}
          <path d={upperStrip(v, b, -1, -0.86)} fill={m.light} fillOpacity="0.9" />
          <path d={upperStrip(v, b, 0.9, 1)} fill={m.dark} fillOpacity="0.55" />
        </>
      ) : null}
      {b.profile === 'knife-edge' ? <path d={upperStrip(v, b, -0.06, 0.04)} fill={m.light} /> : null}
      {b.inlay ? <Inlay art={art} v={v} b={b} /> : null}
      {b.milgrain ? <Milgrain art={art} v={v} b={b} /> : null}
      {b.filigree ? <Filigree art={art} v={v} b={b} /> : null}
    </>
  );
}

/** Ceramic set into the middle of the outer surface: glossy black or satin white. */
function Inlay({ art, v, b }: { art: Art; v: View; b: Band }) {
  const black = b.inlay === 'black';
  return (
    <>
      <path d={upperStrip(v, b, -0.46, 0.46)} fill={art.metal.dark} />
      <path d={upperStrip(v, b, -0.4, 0.4)} fill={black ? '#121317' : '#f2f0eb'} />
      <path d={upperStrip(v, b, -0.34, -0.1)} fill="#fff" fillOpacity={black ? 0.2 : 0.7} />
      <path d={upperStrip(v, b, 0.2, 0.4)} fill="#000" fillOpacity={black ? 0.3 : 0.08} />
    </>
  );
}

/** Rows of tiny beads along the edges of the band: the vintage milgrain. */
function Milgrain({ art, v, b }: { art: Art; v: View; b: Band }) {
  const gap = f(v.s * 0.42);
  const back = upperEdge(v, b, -0.93);
  const front = upperEdge(v, b, 0.93);
  const edges = `${back}${front}${ringEdge(v, b, b.ro - 0.12, 1)}`;
  return (
    <Strokes
      art={art}
      name="mg"
      d={edges}
      dash={`0 ${gap}`}
      layers={[
        { color: art.metal.dark, width: v.s * 0.36 },
        { color: art.metal.light, width: v.s * 0.22 },
      ]}
    />
  );
}

function upperEdge(v: View, b: Band, u: number): string {
  return pathOf(
    Array.from({ length: 25 }, (_, i) => {
      const theta = -Math.PI / 2 + (i / 24) * Math.PI;
      return project(v, b.ro * Math.sin(theta), b.ro * Math.cos(theta), (u * bandWidthAt(b, theta)) / 2);
    }),
    false,
  );
}

/** Scrolls engraved round the front edge of a vintage band: a running wave with a bead in every bay. */
function Filigree({ art, v, b }: { art: Art; v: View; b: Band }) {
  const r = (b.ri + b.ro) / 2;
  const at = (theta: number, dr = 0) => project(v, (r + dr) * Math.sin(theta), (r + dr) * Math.cos(theta), bandWidthAt(b, theta) / 2);
  const steps = 26;
  const span = Math.PI * 0.66;
  const theta = (i: number) => ((i / steps) * 2 - 1) * span;
  const amp = (b.ro - b.ri) * 0.34;
  // A smooth quadratic chain: each T mirrors the last control point, so the curve swings in and out of the edge.
  const first = at(theta(0));
  const control = at((theta(0) + theta(1)) / 2, amp);
  let wave = `M${xy(first)}Q${xy(control)} ${xy(at(theta(1)))}`;
  for (let i = 2; i <= steps; i++) wave += `T${xy(at(theta(i)))}`;
  const beads = Array.from({ length: steps }, (_, i) => `M${xy(at((theta(i) + theta(i + 1)) / 2, i % 2 ? amp * 0.55 : -amp * 0.55))}h0`).join('');
  return (
    <g fill="none" strokeLinecap="round" stroke={art.metal.dark} strokeOpacity="0.85">
      <path d={wave} strokeWidth={f(v.s * 0.2)} />
      <path d={beads} strokeWidth={f(v.s * 0.36)} />
    </g>
  );
}

interface AccentRow {
  gem: GemstoneId;
  setting: RingAccents['setting'];
  d: number;
  /** Angles round the band (0 at the top), and the fraction of the width each row sits at. */
  thetas: number[];
  rows: number[];
}

/** Where a ring's accent stones sit: on the shoulders beside a head, or evenly over the band's coverage. */
function accentLayout(acc: RingAccents, b: Band, headHalfWidth: number | null): AccentRow {
  const count = Math.max(0, Math.min(200, Math.round(acc.count)));
  const each = count > 0 ? acc.caratTotal / count : 0;
  const width = b.width * b.taper;
  let d = clamp(roundDiameterMm(each), 0.7, Math.max(0.8, width * 0.92));
  const twoRows = acc.setting === 'pave' && b.width >= 2.2 * d && count >= 12;
  if (twoRows) d = Math.min(d, b.width * 0.46);
  const perRow = twoRows ? Math.ceil(count / 2) : count;
  const coverage = clamp(acc.coverage, 0.05, 1);
  const step = (d * 1.06) / b.ro;
  const thetas: number[] = [];
  if (headHalfWidth !== null) {
    // Beside a head: half the stones down each shoulder, starting just clear of it.
    const start = headHalfWidth / b.ro + step / 2;
    const end = Math.max(start, coverage * Math.PI);
    const side = Math.floor(perRow / 2);
    const gap = side > 1 ? Math.min(step, (end - start) / (side - 1)) : step;
    for (let k = 0; k < side; k++) thetas.push(start + k * gap, -(start + k * gap));
  } else if (coverage >= 0.99) {
    for (let k = 0; k < perRow; k++) thetas.push((k / perRow) * Math.PI * 2);
  } else {
    const span = Math.min(coverage * Math.PI * 2, perRow * step);
    for (let k = 0; k < perRow; k++) thetas.push(-span / 2 + ((k + 0.5) * span) / perRow);
  }
  return { gem: acc.gem, setting: acc.setting, d, thetas, rows: twoRows ? [-0.48, 0.48] : [0] };
}

/** Accent stones on the band: in a channel, on shared prongs, in bezels or pavé; all round for an eternity band. */
function BandAccents({ art, v, b, layout }: { art: Art; v: View; b: Band; layout: AccentRow }) {
  const { d, gem, setting } = layout;
  const r = d / 2;
  const s = v.s;
  const front: ReactNode[] = [];
  const rim: ReactNode[] = [];
  const beads: string[] = [];
  const channel = setting === 'channel';
  layout.thetas.forEach((theta, i) => {
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    layout.rows.forEach((u, j) => {
      const stagger = layout.rows.length > 1 && j === 1 ? (d * 0.53) / b.ro : 0;
      const t = theta + stagger;
      const at = project(v, b.ro * Math.sin(t), b.ro * Math.cos(t), (u * bandWidthAt(b, t)) / 2);
      if (Math.cos(t) > 0.02) {
        const ax: Point = [s * r * Math.cos(t), s * r * Math.sin(t) * v.ca];
        const ay: Point = [0, s * r * v.sa];
        front.push(<Mini key={`${i}-${j}`} art={art} gem={gem} at={at} ax={ax} ay={ay} bezel={setting === 'bezel'} />);
        if (setting === 'shared-prong' || setting === 'eternity' || setting === 'pave') {
          // Prong beads between neighbours, at both edges of the stone (pavé: a single bead between stones).
          const tb = t + (d * 0.53) / b.ro;
          const zs = setting === 'pave' ? [0.8] : [-0.8, 0.8];
          for (const z of zs) {
            if (Math.cos(tb) <= 0.02) continue;
            const p = project(v, b.ro * Math.sin(tb), b.ro * Math.cos(tb), z * r);
            beads.push(`M${f(p[0])},${f(p[1])}h0`);
          }
        }
      } else if (setting === 'eternity' || layout.thetas.length * d > Math.PI * b.ro * 1.6) {
        // Round the back of the band the stones show edge on, along the front rim.
        const rr = b.ro - r * 0.35;
        const p = project(v, rr * sin, rr * cos, bandWidthAt(b, theta) / 2);
        const ax: Point = [s * r * cos, s * r * sin * v.ca];
        const ay: Point = [s * r * 0.42 * sin, -s * r * 0.42 * cos * v.ca];
        rim.push(<Mini key={`r${i}-${j}`} art={art} gem={gem} at={p} ax={ax} ay={ay} />);
      }
    });
  });
  return (
    <>
      {channel ? (
        <>
          <path d={upperStrip(v, b, -Math.min(0.86, (d * 1.04) / b.width), Math.min(0.86, (d * 1.04) / b.width))} fill={url(art, 'mi')} />
        </>
      ) : null}
      {rim}
      {front}
      {beads.length ? (
        <path d={beads.join('')} stroke={url(art, 'mb')} strokeLinecap="round" strokeWidth={f(s * Math.max(0.26, r * 0.42))} />
      ) : null}
      {beads.length ? <path d={beads.join('')} stroke={art.metal.light} strokeLinecap="round" strokeWidth={f(s * Math.max(0.12, r * 0.2))} /> : null}
    </>
  );
}

interface HeadSpec {
  stone: StoneLook;
  prongs: 0 | 4 | 6;
  halo: 'none' | 'halo' | 'hidden';
  vintage: boolean;
  /** Where the girdle sits: across (mm) and height above the ring's centre (mm). */
  x: number;
  yg: number;
  /** The top of the band, where the prongs meet it. */
  base: number;
  haloGem: GemstoneId;
  /** The head's place among the ring's heads, for ids. */
  index: number;
}

/** The girdle's height above the ring's centre for a stone of this width: its pavilion plus a little air. */
const girdleHeight = (ro: number, width: number, bezel: boolean) => ro + width * 0.43 + (bezel ? 0.35 : 0.6);

/** How far a head reaches above and round its stone, for framing the picture (mm). */
function headReach(h: HeadSpec): number {
  if (h.halo !== 'halo') return h.stone.length / 2 + 0.4;
  return h.stone.length / 2 + haloStoneMm(h.stone.width) + 0.7;
}

const haloStoneMm = (width: number) => clamp(width * 0.13, 0.9, 1.5);

/** A head: prongs or a bezel, a gallery rail, a halo or a hidden halo, the stone's pavilion and crown. */
function Head({ art, v, h }: { art: Art; v: View; h: HeadSpec }) {
  const { stone } = h;
  const m = art.metal;
  const face = stoneFace(stone.shape, stone.length / stone.width);
  const mmPer = stone.width / 100;
  const k = v.s * mmPer;
  const g = project(v, h.x, h.yg, 0);
  const hv: View = { cx: g[0] - v.s * h.x, cy: g[1] + v.s * h.yg * Math.cos(HEAD_TILT), s: v.s, sa: Math.sin(HEAD_TILT), ca: Math.cos(HEAD_TILT) };
  /** A point of the face-up drawing (drawing units) at height y, scaled about the stone's axis. */
  const at = (p: Point, y: number, scale = 1): Point => project(hv, h.x + p[0] * mmPer * scale, y, p[1] * mmPer * scale);
  const outline = face.outlinePoints;
  const girdle = outline.map((p) => at(p, h.yg));
  const culet = project(hv, h.x, h.yg - stone.width * 0.43, 0);
  const pal = gemPalette(stone.gem);

  // Pavilion: the stone's lower half, seen below the girdle between the prongs.
  const pavilion = pathOf(convexHull([...girdle.filter((q) => q[1] >= g[1] - 0.5), culet]));
  const front = girdle.filter((_, i) => i % Math.max(1, Math.round(girdle.length / 16)) === 0).filter((p) => p[1] >= g[1] - 0.01);
  const pavilionLines = front.map((p) => `M${f(culet[0])},${f(culet[1])}L${f(p[0])},${f(p[1])}`).join('');

  // Prongs: from the band up the stone's side to a claw over the crown's edge.
  const pw = v.s * clamp(stone.width * 0.115, 0.6, 1.25);
  const prongPts = h.prongs === 0 ? [] : prongPointsFor(face, h.prongs);
  const prongPath = (p: Point) => {
    const b = project(v, h.x + p[0] * mmPer * 0.8, h.base + 0.15, p[1] * mmPer * 0.3);
    const c = at(p, h.yg - stone.width * 0.3, 0.98);
    const gp = at(p, h.yg, 1.06);
    const tip = at(p, h.yg + stone.width * 0.07, 0.9);
    return `M${f(b[0])},${f(b[1])}Q${f(c[0])},${f(c[1])} ${f(gp[0])},${f(gp[1])}L${f(tip[0])},${f(tip[1])}`;
  };
  const backProngs = prongPts.filter((p) => p[1] < 0).map(prongPath).join('');
  const frontProngs = prongPts.filter((p) => p[1] >= 0).map(prongPath).join('');
  const tips = prongPts.map((p) => at(p, h.yg + stone.width * 0.07, 0.9));
  const prongStrokes = (d: string, name: string) => (
    <Strokes
      art={art}
      name={`${name}${h.index}`}
      d={d}
      layers={[
        { color: m.dark, width: pw },
        { color: m.base, width: pw * 0.72, dx: -pw * 0.1 },
        { color: m.light, width: pw * 0.28, dx: -pw * 0.2 },
      ]}
    />
  );

  // Gallery rail round the pavilion, halfway down.
  const railY = h.yg - stone.width * 0.3;
  const rc = project(hv, h.x, railY, 0);
  const rrx = v.s * stone.width * 0.36;
  const rry = v.s * stone.length * 0.36 * hv.sa;
  const railBack = `M${f(rc[0] - rrx)},${f(rc[1])}A${f(rrx)},${f(rry)} 0 0 1 ${f(rc[0] + rrx)},${f(rc[1])}`;
  const railStrokes = (d: string) => (
    <g fill="none" strokeLinecap="round">
      <path d={d} stroke={m.dark} strokeWidth={f(v.s * 0.5)} />
      <path d={d} stroke={m.light} strokeWidth={f(v.s * 0.2)} transform="translate(0 -.2)" />
    </g>
  );

  // Bezel: a collar of metal round the girdle, its wall running down to the band.
  let bezel: ReactNode = null;
  if (h.prongs === 0) {
    const lip = offsetPolygon(outline, 0.55 / mmPer);
    const top = lip.map((p) => at(p, h.yg + 0.15));
    const bottom = lip.map((p) => project(v, h.x + p[0] * mmPer * 0.75, h.base + 0.1, p[1] * mmPer * 0.3));
    bezel = (
      <>
        <path d={pathOf(convexHull([...top, ...bottom].filter((_, i) => i % 2 === 0)))} fill={url(art, 'mf')} />
        <path d={pathOf(top)} fill={url(art, 'mh')} stroke={m.dark} strokeWidth={f(v.s * 0.08)} />
      </>
    );
  }

  // Halo: small stones snug round the centre on a frame, just below its girdle.
  let halo: ReactNode = null;
  let hidden: { back: ReactNode; front: ReactNode } | null = null;
  if (h.halo === 'halo') {
    const dh = haloStoneMm(stone.width);
    const yh = h.yg - 0.25;
    const line = offsetPolygon(outline, (0.18 + dh / 2) / mmPer);
    const count = Math.max(10, Math.round((perimeter(line) * mmPer) / (dh * 1.1)));
    const frame = offsetPolygon(outline, (0.18 + dh + 0.22) / mmPer);
    const frameTop = frame.map((p) => at(p, yh));
    const frameWall = frame.map((p) => at(p, yh - 1.1, 0.97));
    const r = dh / 2;
    halo = (
      <>
        <path d={pathOf(convexHull([...frameTop, ...frameWall].filter((_, i) => i % 2 === 0)))} fill={url(art, 'mf')} />
        {h.vintage ? <path d={pathOf(frameWall)} fill="none" stroke={m.dark} strokeWidth={f(v.s * 0.12)} strokeDasharray={`${f(v.s * 0.5)} ${f(v.s * 0.3)}`} /> : null}
        <defs>
          <path id={`${art.id}-hf`} d={pathOf(frameTop)} />
        </defs>
        <use href={ref(art, 'hf')} fill={url(art, 'mh')} stroke={m.dark} strokeWidth={f(v.s * 0.06)} />
        {spacedAround(line, count).map((p, i) => (
          <Mini key={i} art={art} gem={h.haloGem} at={at(p, yh + 0.1)} ax={[v.s * r, 0]} ay={[0, v.s * r * hv.sa]} />
        ))}
        {h.vintage ? (
          <use href={ref(art, 'hf')} fill="none" stroke={m.light} strokeWidth={f(v.s * 0.2)} strokeLinecap="round" strokeDasharray={`0 ${f(v.s * 0.38)}`} />
        ) : null}
      </>
    );
  } else if (h.halo === 'hidden') {
    const dh = clamp(stone.width * 0.12, 0.9, 1.3);
    const yh = h.yg - 0.3 - dh / 2;
    const line = outline.map((p): Point => [p[0] * 0.94, p[1] * 0.94]);
    const count = Math.max(10, Math.round((perimeter(line) * mmPer) / (dh * 1.08)));
    const r = dh / 2;
    const stones = spacedAround(line, count);
    const place = (p: Point, i: number) => <Mini key={i} art={art} gem={h.haloGem} at={at(p, yh)} ax={[v.s * r, 0]} ay={[0, v.s * r * 0.75]} />;
    const collar = line.map((p) => at(p, yh - r * 0.9, 0.98));
    hidden = {
      back: stones.map((p, i) => (p[1] < 0 ? place(p, i) : null)),
      front: (
        <>
          <path d={pathOf(collar)} fill="none" stroke={m.base} strokeWidth={f(v.s * 0.35)} />
          {stones.map((p, i) => (p[1] >= 0 ? place(p, i) : null))}
        </>
      ),
    };
  }

  return (
    <>
      {prongStrokes(backProngs, 'pb')}
      {h.prongs !== 0 && h.halo === 'none' ? railStrokes(railBack) : null}
      {hidden?.back}
      {bezel}
      {h.prongs !== 0 ? (
        <>
          <path d={pavilion} fill={`url(#${art.id}-p-${stone.gem})`} />
          <path d={pavilionLines} stroke={pal.line} strokeOpacity="0.45" strokeWidth={f(v.s * 0.06)} />
        </>
      ) : null}
      
      {hidden?.front}
      {halo}
      <Crown art={art} stone={stone} at={g} k={k} squash={hv.sa} />
      {prongStrokes(frontProngs, 'pf')}
      {tips.map((p, i) => (
        <circle key={i} cx={f(p[0])} cy={f(p[1])} r={f(pw * 0.58)} fill={url(art, 'mb')} />
      ))}
    </>
  );
}

/** The stone a ring is drawn with: its own, or the head's display stone (a diamond of its first shape). */
function centerOf(design: RingDesign): StoneLook | null {
  if (design.center) return stoneLook(design.center);
  if (!design.head) return null;
  const shape = design.head.shapes[0] ?? 'Round';
  const width = clamp(design.head.shownWidthMm, 3, 16);
  return { gem: 'diamond', shape, width, length: width * typicalRatio(shape) };
}

function RingArt({ art, design }: { art: Art; design: RingDesign }) {
  const ri = RING_FINGER_MM / 2;
  const thickness = clamp(design.bandThicknessMm, 1, 3.5);
  const band: Band = {
    ri,
    ro: ri + thickness,
    width: clamp(design.bandWidthMm, 1, 12),
    taper: design.profile === 'tapered' ? 0.55 : 1,
    profile: design.profile,
    milgrain: design.milgrain,
    filigree: Boolean(design.head?.vintage),
    inlay: design.inlay,
  };
  const stone = centerOf(design);
  const sa = Math.sin(RING_TILT);
  const ca = Math.cos(RING_TILT);
  const s = SCALE.ring;
  const head = design.head;
  const bezel = head?.prongs === 0;

  const heads: HeadSpec[] = [];
  if (stone && head) {
    const yg = girdleHeight(band.ro, stone.width, bezel);
    const haloGem = design.accents?.gem ?? 'diamond';
    if (head.sideCenters === 2) {
      // Three stones: two matching side stones, a little lower, close beside the centre.
      const side: StoneLook = { ...stone, width: stone.width * 0.64, length: stone.length * 0.64 };
      const x = stone.width / 2 + side.width / 2 + 0.25;
      const ys = girdleHeight(band.ro, side.width, bezel) + 0.2;
      for (const sign of [-1, 1]) heads.push({ stone: side, prongs: head.prongs, halo: 'none', vintage: head.vintage, x: sign * x, yg: ys, base: band.ro, haloGem, index: heads.length });
    }
    heads.push({ stone, prongs: head.prongs, halo: head.halo, vintage: head.vintage, x: 0, yg, base: band.ro, haloGem, index: heads.length });
  }
  const main = heads.at(-1);

  // Frame the picture: the band's bottom to the highest point of the head, centred, at the fixed scale.
  const bandTop = band.ro * ca + (band.width * band.taper * sa) / 2;
  const bottom = -(band.ro * ca + (band.width * sa) / 2);
  const top = main ? Math.max(bandTop, (main.yg + main.stone.width * 0.1) * ca + headReach(main) * sa) : bandTop;
  const cy = 47 + (s * (top + bottom)) / 2;
  const v: View = { cx: 50, cy, s, sa, ca };

  const accents = design.accents && design.accents.count > 0 ? accentLayout(design.accents, band, main ? (main.stone.width * 0.42 + (main.halo === 'halo' ? 0.6 : 0)) : null) : null;
  const gems = new Set<GemstoneId>();
  if (accents) gems.add(accents.gem);
  if (main && main.halo !== 'none') gems.add(main.haloGem);

  const floor = project(v, 0, -band.ro, 0);
  return (
    <>
      <Defs art={art} gems={[...gems]} stones={heads.map((h) => h.stone)} bezel={accents?.setting === 'bezel'} />
      <Background art={art} />
      <Shadow art={art} x={floor[0]} y={floor[1] + s * (band.width * sa * 0.5 + 0.6)} rx={s * band.ro * 0.95} ry={s * (band.width * sa * 0.35 + 1.6)} />
      <BandBody art={art} v={v} b={band} />
      {accents ? <BandAccents art={art} v={v} b={band} layout={accents} /> : null}
      {heads.map((h, i) => (
        <Head key={i} art={art} v={v} h={h} />
      ))}
    </>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Stones seen face on: studs, drops, pendants
 * --------------------------------------------------------------------------------------------- */

/** A stone face on in its setting: claws at the prong points, or a bezel rim; `s` is units per mm. */
function SetStone({ art, stone, at, s, prongs, squash = 1 }: { art: Art; stone: StoneLook; at: Point; s: number; prongs: 0 | 4 | 6; squash?: number }) {
  const face = stoneFace(stone.shape, stone.length / stone.width);
  const mmPer = stone.width / 100;
  const k = s * mmPer;
  const m = art.metal;
  const map = (p: Point, scale = 1): Point => [at[0] + p[0] * k * scale, at[1] + p[1] * k * scale * squash];
  if (prongs === 0) {
    const rim = offsetPolygon(face.outlinePoints, 0.6 / mmPer).map((p) => map(p));
    const inner = offsetPolygon(face.outlinePoints, 0.12 / mmPer).map((p) => map(p));
    return (
      <>
        <path d={pathOf(rim)} fill={url(art, 'mh')} stroke={m.dark} strokeWidth={f(s * 0.06)} />
        <path d={pathOf(inner)} fill={m.dark} fillOpacity="0.45" />
        <Crown art={art} stone={stone} at={at} k={k} squash={squash} />
      </>
    );
  }
  const pw = s * clamp(stone.width * 0.12, 0.55, 1.2);
  // Seen from above, a claw is a round bead of metal over the girdle's edge.
  return (
    <>
      <Crown art={art} stone={stone} at={at} k={k} squash={squash} />
      {prongPointsFor(face, prongs).map((p, i) => {
        const c = map(p, 0.99);
        return <circle key={i} cx={f(c[0])} cy={f(c[1])} r={f(pw * 0.5)} fill={url(art, 'mb')} stroke={m.dark} strokeWidth={f(pw * 0.08)} />;
      })}
    </>
  );
}

function EarringArt({ art, design }: { art: Art; design: EarringDesign }) {
  const given = design.stone ? stoneLook(design.stone) : null;
  let body: ReactNode;
  let stones: StoneLook[] = [];
  if (design.style === 'hoops') body = <Hoops art={art} design={design} stone={given} />;
  else if (design.style === 'drops') {
    const drop = given ?? { ...DEFAULT_STONE, shape: 'Pear', width: 6, length: 9 };
    const top = dropTop(drop);
    stones = [drop, top];
    body = <Drops art={art} design={design} stone={drop} top={top} />;
  } else {
    const stud = given ?? DEFAULT_STONE;
    stones = [stud];
    body = <Studs art={art} design={design} stone={stud} />;
  }
  return (
    <>
      <Defs art={art} gems={design.style === 'hoops' ? [given?.gem ?? 'diamond'] : []} stones={stones} />
      <Background art={art} />
      {body}
    </>
  );
}

const DEFAULT_STONE: StoneLook = { gem: 'diamond', shape: 'Round', width: 5, length: 5 };

/** The small round diamond a drop hangs from. */
function dropTop(drop: StoneLook): StoneLook {
  const width = clamp(drop.width * 0.5, 2.4, 4);
  return { gem: 'diamond', shape: 'Round', width, length: width };
}

function Studs({ art, design, stone: st }: { art: Art; design: EarringDesign; stone: StoneLook }) {
  const s = SCALE.stud;
  const half = Math.max(st.width, st.length * 0.8) * s;
  const dx = Math.max(half / 2 + 5, 21);
  return (
    <>
      {[-1, 1].map((side) => {
        const at: Point = [50 + side * dx, 50];
        return (
          <g key={side}>
            <Shadow art={art} x={at[0] + 1.5} y={at[1] + (st.length * s) / 2 + 2} rx={(st.width * s) / 2 + 2} ry={2.6} />
            <SetStone art={art} stone={st} at={at} s={s} prongs={design.prongs} squash={0.96} />
          </g>
        );
      })}
    </>
  );
}

function Hoops({ art, design, stone }: { art: Art; design: EarringDesign; stone: StoneLook | null }) {
  const s = SCALE.hoop;
  const diameter = clamp(design.hoopDiameterMm ?? 20, 8, 40);
  const stoneMm = stone ? clamp(stone.width, 1, 4) : 1.6;
  const count = Math.max(0, Math.min(60, Math.round(design.hoopStones)));
  const tube = count > 0 ? stoneMm + 0.7 : 2;
  const depth = 2.2;
  const r = diameter / 2;
  const gem = stone?.gem ?? 'diamond';
  const m = art.metal;
  // Each hoop turned about its post so it reads as a circle seen at an angle.
  const turn = 0.62;
  return (
    <>
      {[-1, 1].map((side) => {
        const cx = 50 + side * Math.max(16, r * s * turn + 6);
        const cy = 50 + (r * s) / 2 - 8;
        const ring = (rad: number, dx: number) => {
          const rx = rad * s * turn;
          const ry = rad * s;
          return `M${f(cx + dx - rx)},${f(cy)}A${f(rx)},${f(ry)} 0 1 1 ${f(cx + dx + rx)},${f(cy)}A${f(rx)},${f(ry)} 0 1 1 ${f(cx + dx - rx)},${f(cy)}Z`;
        };
        const wall = -side * depth * s * 0.6;
        const mid = r - tube / 2;
        const stones = Array.from({ length: count }, (_, i) => {
          const a = (0.12 + (0.76 * (i + 0.5)) / count) * Math.PI * 2;
          return [cx + Math.sin(a) * mid * s * turn * side, cy - Math.cos(a) * mid * s] as Point;
        });
        const postTop: Point = [cx, cy - r * s];
        return (
          <g key={side}>
            <Shadow art={art} x={cx} y={cy + r * s + 3} rx={r * s * turn + 3} ry={2.2} />
            <path d={`M${f(postTop[0])},${f(postTop[1] + 1)}v-${f(s * 2.4)}`} stroke={m.dark} strokeWidth={f(s * 0.7)} strokeLinecap="round" />
            <path d={`${ring(r, wall)}${ring(r - tube, wall)}`} fill={url(art, 'mf')} fillRule="evenodd" />
            <path d={`${ring(r, 0)}${ring(r - tube, 0)}`} fill={url(art, 'mh')} fillRule="evenodd" stroke={m.dark} strokeWidth={f(s * 0.05)} />
            {count === 0 ? <path d={ring(r - tube * 0.45, 0)} fill="none" stroke="#fff" strokeOpacity="0.55" strokeWidth={f(s * 0.35)} /> : null}
            {stones.map((p, i) => (
              <Mini key={i} art={art} gem={gem} at={p} ax={[s * (stoneMm / 2) * turn, 0]} ay={[0, s * (stoneMm / 2)]} />
            ))}
            {stones
              .filter((_, i) => i % 4 === 1)
              .map((p, i) => (
                <Sparkle key={i} art={art} x={p[0]} y={p[1]} r={s * stoneMm * 0.7} opacity={0.85} />
              ))}
          </g>
        );
      })}
    </>
  );
}

function Drops({ art, design, stone: st, top }: { art: Art; design: EarringDesign; stone: StoneLook; top: StoneLook }) {
  const s = SCALE.drop;
  const m = art.metal;
  const topMm = top.width;
  const dx = Math.max(20, (st.width * s) / 2 + 6);
  const topY = 50 - ((topMm + 3 + st.length) * s) / 2 + (topMm * s) / 2;
  return (
    <>
      {[-1, 1].map((side) => {
        const x = 50 + side * dx;
        const linkTop = topY + (topMm * s) / 2 + s * 0.2;
        const linkBottom = linkTop + s * 2.6;
        const dropY = linkBottom + (st.length * s) / 2 + s * 0.2;
        return (
          <g key={side}>
            <Shadow art={art} x={x + 1.5} y={dropY + (st.length * s) / 2 + 3} rx={(st.width * s) / 2 + 2} ry={2.4} />
            <path d={`M${f(x)},${f(linkTop)}V${f(linkBottom)}`} stroke={m.dark} strokeWidth={f(s * 0.55)} strokeLinecap="round" />
            <path d={`M${f(x)},${f(linkTop)}V${f(linkBottom)}`} stroke={m.light} strokeWidth={f(s * 0.2)} strokeLinecap="round" transform="translate(-.2 0)" />
            <ellipse cx={f(x)} cy={f(linkBottom)} rx={f(s * 0.55)} ry={f(s * 0.8)} fill="none" stroke={url(art, 'mb')} strokeWidth={f(s * 0.35)} />
            <SetStone art={art} stone={top} at={[x, topY]} s={s} prongs={design.prongs === 0 ? 0 : 4} />
            <SetStone art={art} stone={st} at={[x, dropY]} s={s} prongs={design.prongs} />
          </g>
        );
      })}
    </>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Necklaces and bracelets
 * --------------------------------------------------------------------------------------------- */

/** A tennis link: a stone in a four-prong basket, `r` units in radius, defined once and placed many times. */
function TennisLinkDef({ art, r, gem }: { art: Art; r: number; gem: GemstoneId }) {
  const m = art.metal;
  const c = r * 1.08;
  return (
    <g id={`${art.id}-tn`}>
      <rect x={f(-c)} y={f(-c)} width={f(2 * c)} height={f(2 * c)} rx={f(c * 0.35)} fill={url(art, 'mh')} stroke={m.dark} strokeWidth={f(r * 0.06)} />
      <use href={ref(art, `a${gemIndex(gem)}`)} transform={`scale(${f4(r * 0.9)})`} />
      {[-1, 1].flatMap((sx) =>
        [-1, 1].map((sy) => <circle key={`${sx}${sy}`} cx={f(sx * r * 0.68)} cy={f(sy * r * 0.68)} r={f(r * 0.2)} fill={url(art, 'mb')} />),
      )}
    </g>
  );
}

function NecklaceArt({ art, design }: { art: Art; design: NecklaceDesign }) {
  if (design.style === 'tennis-necklace') return <TennisNecklace art={art} design={design} />;
  return <Pendant art={art} design={design} />;
}

function TennisNecklace({ art, design }: { art: Art; design: NecklaceDesign }) {
  const s = SCALE.necklace;
  const stoneMm = clamp(design.stoneMm, 1, 8);
  const r = (stoneMm / 2) * s;
  // The front of the necklace draped in a U; a longer necklace hangs deeper.
  const depth = clamp(56 + (design.lengthIn - 16) * 3, 48, 72);
  const curve = (t: number): Point => [50 + 47 * Math.sin(t), 4 + depth * Math.cos(t)];
  const dense = Array.from({ length: 121 }, (_, i) => curve(-1.75 + (i / 120) * 3.5));
  const total = dense.reduce((sum, p, i) => (i ? sum + Math.hypot(p[0] - dense[i - 1]![0], p[1] - dense[i - 1]![1]) : 0), 0);
  const count = Math.max(3, Math.min(Math.round(design.stones), Math.floor(total / (2 * r * 1.12))));
  const spots = spacedAlong(dense, count, total);
  return (
    <>
      <Defs art={art} gems={['diamond']}>
        <TennisLinkDef art={art} r={r} gem="diamond" />
      </Defs>
      <Background art={art} />
      <path d={pathOf(dense.map(([x, y]) => [x + 0.6, y + 1.6] as Point), false)} fill="none" stroke="#3a3026" strokeOpacity="0.06" strokeWidth={f(r * 1.6)} strokeLinecap="round" />
      {spots.map(({ p, angle }, i) => (
        <use key={i} href={ref(art, 'tn')} transform={`translate(${f(p[0])} ${f(p[1])}) rotate(${f((angle * 180) / Math.PI)})`} />
      ))}
      {spots
        .filter((_, i) => i % 5 === 2)
        .map(({ p }, i) => (
          <Sparkle key={i} art={art} x={p[0] - r * 0.25} y={p[1] - r * 0.3} r={r * 1.5} opacity={0.9} />
        ))}
    </>
  );
}

/** Evenly spaced points along a polyline, with the direction of travel there. */
function spacedAlong(points: readonly Point[], count: number, total: number): { p: Point; angle: number }[] {
  const out: { p: Point; angle: number }[] = [];
  let i = 1;
  let walked = 0;
  for (let k = 0; k < count; k++) {
    const target = ((k + 0.5) / count) * total;
    while (i < points.length - 1) {
      const seg = Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
      if (walked + seg >= target) break;
      walked += seg;
      i++;
    }
    const a = points[i - 1]!;
    const b = points[i]!;
    const seg = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const t = Math.min(1, Math.max(0, (target - walked) / seg));
    out.push({ p: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], angle: Math.atan2(b[1] - a[1], b[0] - a[0]) });
  }
  return out;
}

/** A fine cable chain: a thin dark line under a row of bright links. */
function Chain({ art, d }: { art: Art; d: string }) {
  return (
    <g fill="none" strokeLinecap="round">
      <path d={d} stroke={art.metal.dark} strokeWidth="0.75" />
      <path d={d} stroke={art.metal.light} strokeWidth="0.42" strokeDasharray="0.9 0.5" />
    </g>
  );
}

function Pendant({ art, design }: { art: Art; design: NecklaceDesign }) {
  const s = SCALE.pendant;
  const m = art.metal;
  const motif = design.motif ?? 'solitaire';
  const center = design.pendant ? stoneLook(design.pendant) : { ...DEFAULT_STONE, width: 6, length: 6 };
  const accentMm = clamp(design.stoneMm, 0.8, 4);
  let piece: ReactNode;
  let hang: Point[];
  let pendantStone: StoneLook | null = null;
  if (motif === 'bar') {
    const count = Math.max(1, Math.min(12, Math.round(design.stones)));
    const length = Math.max(16, count * (accentMm + 0.5) + 2.5);
    const half = (length / 2) * s;
    const h = (accentMm + 1.2) * s;
    const y = 56;
    hang = [
      [50 - half, y],
      [50 + half, y],
    ];
    piece = (
      <>
        <Shadow art={art} x={51.5} y={y + h / 2 + 3} rx={half + 3} ry={2.4} />
        <defs>
          <linearGradient id={`${art.id}-mv`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor={m.light} />
            <stop offset="0.35" stopColor={m.base} />
            <stop offset="0.7" stopColor={m.dark} />
            <stop offset="1" stopColor={m.base} />
          </linearGradient>
        </defs>
        <rect x={f(50 - half)} y={f(y - h / 2)} width={f(2 * half)} height={f(h)} rx={f(h / 2)} fill={url(art, 'mv')} stroke={m.dark} strokeWidth="0.2" />
        <rect x={f(50 - half + h * 0.35)} y={f(y - h * 0.32)} width={f(2 * half - h * 0.7)} height={f(h * 0.64)} rx={f(h * 0.3)} fill={url(art, 'mi')} />
        {Array.from({ length: count }, (_, i) => {
          const x = 50 + (i - (count - 1) / 2) * (accentMm + 0.5) * s;
          return <Mini key={i} art={art} gem="diamond" at={[x, y]} ax={[(accentMm / 2) * s, 0]} ay={[0, (accentMm / 2) * s]} />;
        })}
        <Sparkle art={art} x={50 - half * 0.3} y={y - h * 0.15} r={h * 0.7} />
      </>
    );
  } else {
    const cluster = motif === 'cluster';
    const stone = cluster ? { ...center, width: Math.min(center.width, 4.5), length: Math.min(center.length, 4.5) } : center;
    const face = stoneFace(stone.shape, stone.length / stone.width);
    pendantStone = stone;
    const bailY = 40;
    const ring = cluster || motif === 'halo';
    const petal = cluster ? clamp(design.stoneMm, 1.5, 4) : haloStoneMm(stone.width);
    const spread = ring ? petal + 0.5 : 0;
    const cy = bailY + s * (stone.length / 2 + spread + 2.2);
    const at: Point = [50, cy];
    const mmPer = stone.width / 100;
    const halo = ring ? offsetPolygon(face.outlinePoints, (0.2 + petal / 2) / mmPer) : [];
    const n = ring ? (cluster ? Math.max(5, Math.min(12, Math.round(design.stones))) : Math.max(10, Math.round((perimeter(halo) * mmPer) / (petal * 1.1)))) : 0;
    const frame = ring ? offsetPolygon(face.outlinePoints, (0.3 + petal) / mmPer) : [];
    const toPic = (p: Point): Point => [50 + p[0] * mmPer * s, cy + p[1] * mmPer * s];
    const topY = cy - s * (stone.length / 2 + spread) - 0.6;
    hang = [[50, bailY]];
    piece = (
      <>
        <Shadow art={art} x={51.5} y={cy + s * (stone.length / 2 + spread) + 3} rx={s * (stone.width / 2 + spread) + 2} ry={2.6} />
        <ellipse cx="50" cy={f(bailY + s * 0.9)} rx={f(s * 0.65)} ry={f(s * 1.2)} fill="none" stroke={m.dark} strokeWidth={f(s * 0.46)} />
        <ellipse cx="50" cy={f(bailY + s * 0.9)} rx={f(s * 0.65)} ry={f(s * 1.2)} fill="none" stroke={url(art, 'mb')} strokeWidth={f(s * 0.3)} />
        <path d={`M50,${f(bailY + s * 1.9)}V${f(topY + 0.6)}`} stroke={m.dark} strokeWidth={f(s * 0.5)} strokeLinecap="round" />
        {ring ? <path d={pathOf(frame.map(toPic))} fill={url(art, 'mh')} stroke={m.dark} strokeWidth="0.2" /> : null}
        {ring
          ? spacedAround(halo, n).map((p, i) => (
              <Mini key={i} art={art} gem="diamond" at={toPic(p)} ax={[(petal / 2) * s, 0]} ay={[0, (petal / 2) * s]} />
            ))
          : null}
        <SetStone art={art} stone={stone} at={at} s={s} prongs={ring ? 4 : face.cut === 'step' ? 4 : 6} />
      </>
    );
  }
  const chain = hang.length === 1 ? `M4,-1C20,14 40,${f(hang[0]![1] - 6)} 50,${f(hang[0]![1])}C60,${f(hang[0]![1] - 6)} 80,14 96,-1` : `M4,-1C12,24 ${f(hang[0]![0] - 4)},${f(hang[0]![1] - 10)} ${f(hang[0]![0])},${f(hang[0]![1])}M96,-1C88,24 ${f(hang[1]![0] + 4)},${f(hang[1]![1] - 10)} ${f(hang[1]![0])},${f(hang[1]![1])}`;
  return (
    <>
      <Defs art={art} gems={motif === 'solitaire' ? [] : ['diamond']} stones={pendantStone ? [pendantStone] : []} />
      <Background art={art} />
      <Chain art={art} d={chain} />
      {piece}
    </>
  );
}

function BraceletArt({ art, design }: { art: Art; design: BraceletDesign }) {
  if (design.style === 'bangle') return <Bangle art={art} design={design} />;
  return <TennisBracelet art={art} design={design} />;
}

function TennisBracelet({ art, design }: { art: Art; design: BraceletDesign }) {
  const s = SCALE.tennisBracelet;
  const stoneMm = clamp(design.stoneMm, 1, 6);
  const radius = (clamp(design.lengthIn, 5, 9) * 25.4) / (2 * Math.PI);
  const sa = Math.sin((42 * Math.PI) / 180);
  const count = Math.max(12, Math.min(120, Math.round(design.stones)));
  const r = stoneMm / 2;
  const cx = 50;
  const cy = 50;
  const link = (phi: number, i: number) => {
    const x = cx + s * radius * Math.cos(phi);
    const y = cy + s * radius * Math.sin(phi) * sa;
    // The link's own axes: along the bracelet and across it, squashed by the tilt.
    const a = -Math.sin(phi);
    const b = Math.cos(phi) * sa;
    const c = Math.cos(phi);
    const d = Math.sin(phi) * sa;
    return <use key={i} href={ref(art, 'tn')} transform={`matrix(${f4(a)} ${f4(b)} ${f4(c)} ${f4(d)} ${f(x)} ${f(y)})`} />;
  };
  const phis = Array.from({ length: count }, (_, i) => (i / count) * Math.PI * 2 + Math.PI / 2);
  const back = phis.filter((p) => Math.sin(p) < 0);
  const front = phis.filter((p) => Math.sin(p) >= 0);
  const wall = `M${f(cx - s * radius)},${f(cy + 1)}A${f(s * radius)},${f(s * radius * sa)} 0 0 0 ${f(cx + s * radius)},${f(cy + 1)}`;
  return (
    <>
      <Defs art={art} gems={['diamond']}>
        <TennisLinkDef art={art} r={r * s} gem="diamond" />
      </Defs>
      <Background art={art} />
      <Shadow art={art} x={cx + 1} y={cy + s * radius * sa + 2} rx={s * radius * 1.05} ry={7} />
      {back.map(link)}
      <path d={wall} fill="none" stroke={art.metal.dark} strokeWidth={f(s * stoneMm * 0.9)} transform={`translate(0 ${f(s * 0.9)})`} strokeOpacity="0.6" />
      {front.map((p, i) => link(p, i + count))}
      {front
        .filter((_, i) => i % 4 === 1)
        .map((phi, i) => (
          <Sparkle key={i} art={art} x={cx + s * radius * Math.cos(phi)} y={cy + s * radius * Math.sin(phi) * sa} r={s * stoneMm * 1.1} opacity={0.9} />
        ))}
    </>
  );
}

function Bangle({ art, design }: { art: Art; design: BraceletDesign }) {
  const s = SCALE.bangle;
  const ri = (clamp(design.lengthIn, 5, 9) * 25.4 * 0.93) / (2 * Math.PI);
  const band: Band = { ri, ro: ri + 1.8, width: clamp(design.widthMm, 1.5, 20), taper: 1, profile: 'comfort', milgrain: false, filigree: false, inlay: design.inlay };
  const sa = Math.sin(RING_TILT);
  const ca = Math.cos(RING_TILT);
  const height = band.ro * ca + (band.width * sa) / 2;
  const v: View = { cx: 50, cy: 48, s, sa, ca };
  const accents =
    design.stones > 0
      ? accentLayout({ setting: 'shared-prong', count: design.stones, caratTotal: design.stones * 0.0061 * 0.615 * clamp(design.stoneMm, 1, 5) ** 3, coverage: 0.3, gem: 'diamond' }, band, null)
      : null;
  return (
    <>
      <Defs art={art} gems={['diamond']} />
      <Background art={art} />
      <Shadow art={art} x={50} y={48 + s * height + 1} rx={s * band.ro * 0.9} ry={5} />
      <BandBody art={art} v={v} b={band} />
      {accents ? <BandAccents art={art} v={v} b={band} layout={accents} /> : null}
    </>
  );
}

/* ------------------------------------------------------------------------------------------------
 * The picture
 * --------------------------------------------------------------------------------------------- */

/**
 * A piece of jewelry drawn from its design, in the chosen metal: one square SVG image with the title as its text
 * alternative (an empty title makes it decorative, for a picture whose link or caption already names the piece). Deterministic for its props (ids come from useId, so server and browser agree and pictures on one page
 * never share a gradient).
 */
export function PieceArt({ design, metal, title, className }: { design: PieceDesign; metal: MetalId; title: string; className?: string }) {
  const art: Art = { id: `pa${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`, metal: METAL_COLORS[metalOf(metal).hue] };
  let body: ReactNode;
  switch (design.form) {
    case 'ring':
      body = <RingArt art={art} design={design} />;
      break;
    case 'earrings':
      body = <EarringArt art={art} design={design} />;
      break;
    case 'necklace':
      body = <NecklaceArt art={art} design={design} />;
      break;
    case 'bracelet':
      body = <BraceletArt art={art} design={design} />;
      break;
  }
  return (
    <svg
      className={className}
      viewBox="0 0 100 100"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      xmlns="http://www.w3.org/2000/svg"
    >
      {body}
    </svg>
  );
}
