import { useId } from 'react';
import type { Diamond } from '@everstone/contract/core';
import { HandArt } from '../../components/jewelry/hand-art';
import { RING_FINGER_MM, RING_FINGER_SIZE_US, faceUpSize, fingerCoverage } from '../../components/jewelry/stone-geometry';
import { StoneFacets, drawingFor, stoneTint } from './stone-art';

/** The loose stone on a plain gold band, on a ring finger RING_FINGER_MM wide, to scale. */
export function HandView({ diamond, title }: { diamond: Diamond; title: string }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const size = faceUpSize(diamond);
  const drawing = drawingFor(diamond);
  const scale = size.width / 100;
  const half = RING_FINGER_MM / 2;
  const length = size.width * drawing.ratio;
  const coverage = Math.round(fingerCoverage(size) * 100);
  const dims = `${size.length.toFixed(2)} × ${size.width.toFixed(2)} mm`;
  const prongs = drawing.prongs.map(([x, y]) => [x * scale, y * scale] as const);

  return (
    <figure className="dd-hand">
      <HandArt
        className="dd-hand-art"
        titleId={`${id}-title`}
        title={`${title}, ${dims}, drawn to scale on a ring finger ${RING_FINGER_MM} mm wide`}
        defs={
          <linearGradient id={`${id}-band`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f0d28f" />
            <stop offset="0.5" stopColor="#c99a45" />
            <stop offset="1" stopColor="#8f6a2a" />
          </linearGradient>
        }
      >
        <path d={`M${-half - 0.4},-1.4Q0,0.6 ${half + 0.4},-1.4v2.8Q0,3.4 ${-half - 0.4},1.4Z`} fill={`url(#${id}-band)`} />
        <ellipse cx={0.3} cy={0.5} rx={size.width * 0.5} ry={length * 0.5} fill="#3b2a1d" opacity="0.12" />
        <g transform={`scale(${scale.toFixed(4)})`}>
          <StoneFacets drawing={drawing} tint={stoneTint(diamond)} idPrefix={id} />
        </g>
        {prongs.map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r={Math.max(0.45, size.width * 0.045)} fill="#d9b46a" stroke="#8f6a2a" strokeWidth="0.2" />
        ))}
      </HandArt>
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
