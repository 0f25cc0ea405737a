import { useId } from 'react';
import type { Diamond } from '@everstone/contract/core';
import { RING_FINGER_MM, RING_FINGER_SIZE_US, faceUpSize, fingerCoverage } from '../../components/jewelry/stone-geometry';
import { StoneFacets, drawingFor, stoneTint } from './stone-art';

/*
 * A stylised left hand seen from the back, drawn in millimetres (1 unit = 1 mm) so the stone placed on
 * its ring finger is to scale. The ring finger is exactly RING_FINGER_MM wide; the others are sized
 * around it as an average hand's are.
 */
const RING = { x: 24, width: RING_FINGER_MM, top: 18 };
const FINGERS = [
  { x: 7, width: 14.5, top: 40 },
  RING,
  { x: 43.6, width: 18, top: 9 },
  { x: 63.9, width: 17, top: 21 },
];
const KNUCKLES_Y = 84;
const BAND_Y = 72;
const SKIN = '#ecc7a8';
const SKIN_EDGE = '#c99576';

function fingerPath(f: { x: number; width: number; top: number }) {
  const r = f.width / 2;
  return `M${f.x},${KNUCKLES_Y + 6}V${f.top + r}A${r},${r} 0 0 1 ${f.x + f.width},${f.top + r}V${KNUCKLES_Y + 6}Z`;
}

function HandShapes() {
  return (
    <>
      {FINGERS.map((f) => (
        <path key={f.x} d={fingerPath(f)} />
      ))}
      <rect x="6" y="78" width="77" height="60" rx="12" />
      <rect x="78" y="80" width="17" height="52" rx="8.5" transform="rotate(-28 86 128)" />
    </>
  );
}

export function HandView({ diamond, title }: { diamond: Diamond; title: string }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const size = faceUpSize(diamond);
  const drawing = drawingFor(diamond);
  const scale = size.width / 100;
  const cx = RING.x + RING.width / 2;
  const length = size.width * drawing.ratio;
  const coverage = Math.round(fingerCoverage(size) * 100);
  const dims = `${size.length.toFixed(2)} × ${size.width.toFixed(2)} mm`;
  const prongs = drawing.prongs.map(([x, y]) => [cx + x * scale, BAND_Y + y * scale] as const);

  return (
    <figure className="dd-hand">
      <svg viewBox="0 0 100 120" role="img" aria-labelledby={`${id}-title`} className="dd-hand-art">
        <title id={`${id}-title`}>{`${title}, ${dims}, drawn to scale on a ring finger ${RING_FINGER_MM} mm wide`}</title>
        <defs>
          <linearGradient id={`${id}-band`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f0d28f" />
            <stop offset="0.5" stopColor="#c99a45" />
            <stop offset="1" stopColor="#8f6a2a" />
          </linearGradient>
        </defs>
        {/* The outline is the same shapes drawn thicker underneath, so only the hand's outer edge shows. */}
        <g fill={SKIN_EDGE} stroke={SKIN_EDGE} strokeWidth="1.6">
          <HandShapes />
        </g>
        <g fill={SKIN}>
          <HandShapes />
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
        <path
          d={`M${RING.x - 0.4},${BAND_Y - 1.4}Q${cx},${BAND_Y + 0.6} ${RING.x + RING.width + 0.4},${BAND_Y - 1.4}v2.8Q${cx},${BAND_Y + 3.4} ${RING.x - 0.4},${BAND_Y + 1.4}Z`}
          fill={`url(#${id}-band)`}
        />
        <ellipse cx={cx + 0.3} cy={BAND_Y + 0.5} rx={size.width * 0.5} ry={length * 0.5} fill="#3b2a1d" opacity="0.12" />
        <g transform={`translate(${cx} ${BAND_Y}) scale(${scale.toFixed(4)})`}>
          <StoneFacets drawing={drawing} tint={stoneTint(diamond)} idPrefix={id} />
        </g>
        {prongs.map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r={Math.max(0.45, size.width * 0.045)} fill="#d9b46a" stroke="#8f6a2a" strokeWidth="0.2" />
        ))}
        <g className="dd-scale-bar" aria-hidden="true">
          <path d="M84,8h10M84,6.5v3M94,6.5v3" stroke="#14213d" strokeWidth="0.5" fill="none" />
          <text x="89" y="14" fontSize="3.6" textAnchor="middle" fill="#14213d">
            10 mm
          </text>
        </g>
      </svg>
      <figcaption>
        <strong>Face-up size {dims}</strong>
        {size.source === 'estimated' ? ' (estimated from the carat weight; the certificate gives no measurements)' : ''}.
        {' '}
        Drawn to scale on a ring finger about {RING_FINGER_MM} mm wide (US ring size {RING_FINGER_SIZE_US}): the stone
        spans {coverage}% of the finger&rsquo;s width. Sizes on screens vary; the scale bar shows 10 mm.
      </figcaption>
    </figure>
  );
}
