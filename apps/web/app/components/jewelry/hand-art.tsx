import type { ReactNode } from 'react';
import { RING_FINGER_MM } from './stone-geometry';

/*
 * A stylised left hand seen from the back, drawn in millimetres (1 unit = 1 mm) so whatever is worn on its ring
 * finger is to scale. At the reference finger (RING_FINGER_MM, a US size 7) the ring finger is exactly that wide and
 * the others are sized around it as an average hand's are; a narrower or wider ring finger scales the whole hand, so
 * a stone looks as big on a size 4 finger as it will.
 */
const RING = { x: 24, width: RING_FINGER_MM, top: 18 };
const FINGERS = [
  { x: 7, width: 14.5, top: 40 },
  RING,
  { x: 43.6, width: 18, top: 9 },
  { x: 63.9, width: 17, top: 21 },
];
const KNUCKLES_Y = 84;
/** Where a ring sits on the ring finger, mm from the top of the reference drawing. */
const BAND_Y = 72;
const WIDTH = 100;
const HEIGHT = 120;
const SKIN = '#ecc7a8';
const SKIN_EDGE = '#c99576';

function fingerPath(f: { x: number; width: number; top: number }) {
  const r = f.width / 2;
  return `M${f.x},${KNUCKLES_Y + 6}V${f.top + r}A${r},${r} 0 0 1 ${f.x + f.width},${f.top + r}V${KNUCKLES_Y + 6}Z`;
}

function FingerShapes() {
  return (
    <>
      {FINGERS.map((f) => (
        <path key={f.x} d={fingerPath(f)} />
      ))}
    </>
  );
}

function PalmShapes() {
  return (
    <>
      <rect x="6" y="78" width="77" height="60" rx="12" />
      <rect x="78" y="80" width="17" height="52" rx="8.5" transform="rotate(-28 86 128)" />
    </>
  );
}

/** How much the reference hand is scaled for a ring finger `fingerMm` wide. */
export function handScale(fingerMm: number): number {
  return Number.isFinite(fingerMm) && fingerMm > 0 ? fingerMm / RING_FINGER_MM : 1;
}

/** What the picture frames: the whole hand, or the ring finger and its neighbours (a ring seen closer, still to scale). */
const FRAMES = {
  hand: { x: 0, y: 0, width: WIDTH, height: HEIGHT },
  ring: { x: 2, y: 28, width: 64, height: 70 },
} as const;

/**
 * The hand, with `children` drawn on its ring finger: in millimetres, the origin at the middle of the finger where a
 * ring sits, x across the finger (the finger spans -fingerMm/2 to fingerMm/2), y along it toward the knuckles.
 * `defs` are placed in the picture's <defs>. A 10 mm scale bar in the corner keeps the real size readable.
 */
export function HandArt({
  fingerMm = RING_FINGER_MM,
  frame = 'hand',
  titleId,
  title,
  className,
  defs,
  children,
}: {
  fingerMm?: number;
  frame?: keyof typeof FRAMES;
  titleId: string;
  title: string;
  className?: string;
  defs?: ReactNode;
  children: ReactNode;
}) {
  const k = handScale(fingerMm);
  const cx = (RING.x + RING.width / 2) * k;
  const cy = BAND_Y * k;
  const box = FRAMES[frame];
  const [bx, by, bw, bh] = [box.x * k, box.y * k, box.width * k, box.height * k];
  return (
    <svg viewBox={`${bx.toFixed(2)} ${by.toFixed(2)} ${bw.toFixed(2)} ${bh.toFixed(2)}`} role="img" aria-labelledby={titleId} className={className}>
      <title id={titleId}>{title}</title>
      <defs>
        <linearGradient id={`${titleId}-skin`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f2d3ba" />
          <stop offset="0.6" stopColor={SKIN} />
          <stop offset="1" stopColor="#e4b897" />
        </linearGradient>
        {/* Each finger is round: darker toward its sides, so it reads as a finger rather than a flat shape. */}
        <linearGradient id={`${titleId}-round`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#a8694a" stopOpacity="0.28" />
          <stop offset="0.22" stopColor="#a8694a" stopOpacity="0.06" />
          <stop offset="0.5" stopColor="#ffffff" stopOpacity="0.1" />
          <stop offset="0.78" stopColor="#a8694a" stopOpacity="0.06" />
          <stop offset="1" stopColor="#a8694a" stopOpacity="0.3" />
        </linearGradient>
        {defs}
      </defs>
      <g transform={k === 1 ? undefined : `scale(${k.toFixed(4)})`}>
        {/* The outline is the same shapes drawn thicker underneath, so only the hand's outer edge shows. */}
        <g fill={SKIN_EDGE} stroke={SKIN_EDGE} strokeWidth="1.2">
          <FingerShapes />
          <PalmShapes />
        </g>
        <g fill={`url(#${titleId}-skin)`}>
          <FingerShapes />
        </g>
        {/* The fingers' roundness goes under the palm, which ends them at the knuckles. */}
        <g fill={`url(#${titleId}-round)`}>
          <FingerShapes />
        </g>
        <g fill={`url(#${titleId}-skin)`}>
          <PalmShapes />
        </g>
        {FINGERS.map((f) => (
          <g key={f.x}>
            <ellipse
              cx={f.x + f.width / 2}
              cy={f.top + f.width * 0.55}
              rx={f.width * 0.31}
              ry={f.width * 0.42}
              fill="#f6ddcf"
              stroke="#d8a88d"
              strokeWidth="0.5"
            />
            <path
              d={`M${f.x + f.width * 0.3},${(f.top + KNUCKLES_Y) / 2 + 4}q${f.width * 0.2},1.6 ${f.width * 0.4},0`}
              fill="none"
              stroke={SKIN_EDGE}
              strokeWidth="0.5"
              strokeLinecap="round"
            />
          </g>
        ))}
      </g>
      <g transform={`translate(${cx.toFixed(3)} ${cy.toFixed(3)})`}>{children}</g>
      {/* The scale bar is drawn in real millimetres, whatever the hand's scale. */}
      <g aria-hidden="true" transform={`translate(${(bx + bw - 16).toFixed(2)} ${(by + 8 * k).toFixed(2)})`}>
        <rect x="-2.5" y="-3.5" width="15" height="11.5" rx="2" fill="#ffffff" fillOpacity="0.8" />
        <path d="M0,0h10M0,-1.5v3M10,-1.5v3" stroke="#14213d" strokeWidth="0.5" fill="none" />
        <text x="5" y="6" fontSize="3.6" textAnchor="middle" fill="#14213d">
          10 mm
        </text>
      </g>
    </svg>
  );
}
