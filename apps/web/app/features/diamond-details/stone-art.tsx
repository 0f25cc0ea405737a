import { useId } from 'react';
import type { Diamond } from '@everstone/contract/core';
import { drawingRatio, profileDrawing, shapeKey, stoneDrawing, type StoneDrawing } from '../../components/jewelry/stone-geometry';

/** Body colours of the fancy colours, light enough for the facet pattern to read on top. */
const FANCY_TINTS: Record<string, string> = {
  Yellow: '#f6d94c',
  Pink: '#f3a5c3',
  Blue: '#8db6ea',
  Green: '#98d6a0',
  Orange: '#f5a556',
  Purple: '#b79ade',
  Champagne: '#dcbc8e',
  Gray: '#b5bcc6',
};

/** White stones warm very slightly down the D–H scale, as they do in life. */
const WHITE_TINTS: Record<string, string> = { D: '#f4f8fd', E: '#f3f7fc', F: '#f3f6f9', G: '#f6f4ec', H: '#f8f1e0' };

export function stoneTint(d: Pick<Diamond, 'fancy_color' | 'color'>): string {
  if (d.fancy_color) return FANCY_TINTS[d.fancy_color.name] ?? '#dfe5ee';
  return WHITE_TINTS[d.color?.name ?? ''] ?? '#f1f5fa';
}

export function drawingFor(d: Diamond): StoneDrawing {
  return stoneDrawing(shapeKey(d.shape?.name), drawingRatio(d), d.table_diamond);
}

/**
 * The stone's facets as an SVG group in drawing units (100 wide). Used alone in the face-up views and
 * placed, scaled to millimetres, on the hand.
 */
export function StoneFacets({ drawing, tint, idPrefix }: { drawing: StoneDrawing; tint: string; idPrefix: string }) {
  const bodyId = `${idPrefix}-body`;
  const clipId = `${idPrefix}-clip`;
  const sheenId = `${idPrefix}-sheen`;
  return (
    <g className="stone-art">
      <defs>
        <radialGradient id={bodyId} cx="38%" cy="30%" r="80%">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.55" stopColor={tint} />
          <stop offset="1" stopColor="#8c97a8" />
        </radialGradient>
        <linearGradient id={sheenId} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#fff" stopOpacity="0" />
          <stop offset="0.5" stopColor="#fff" stopOpacity="0.85" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
        <clipPath id={clipId}>
          <path d={drawing.outline} />
        </clipPath>
      </defs>
      <path d={drawing.outline} fill={`url(#${bodyId})`} />
      <g clipPath={`url(#${clipId})`}>
        {drawing.facets.map((f, i) => (
          <polygon
            key={i}
            className={`facet facet--${f.ring}`}
            points={f.points}
            fill={f.tone >= 0.5 ? '#ffffff' : '#1d2b48'}
            fillOpacity={f.tone >= 0.5 ? (f.tone - 0.4) * 0.9 : (0.5 - f.tone) * 0.5}
            style={{ '--turn': f.turn.toFixed(3) } as React.CSSProperties}
          />
        ))}
        {/* The sweep of light of the video view; invisible when still. */}
        <rect className="stone-sheen" x="-90" y="-160" width="60" height="320" fill={`url(#${sheenId})`} />
      </g>
      <path d={drawing.lines} fill="none" stroke="#5b6a84" strokeOpacity="0.55" strokeWidth="0.45" strokeLinejoin="round" />
      <path d={drawing.outline} fill="none" stroke="#44536e" strokeWidth="0.9" strokeLinejoin="round" />
      <g className="stone-glints" aria-hidden="true">
        {drawing.glints.filter((_, i) => i % 2 === 0).map(([x, y], i) => (
          <path
            key={i}
            className="stone-glint"
            d={`M${x.toFixed(1)},${(y - 5).toFixed(1)}L${(x + 1).toFixed(1)},${(y - 1).toFixed(1)}L${(x + 5).toFixed(1)},${y.toFixed(1)}L${(x + 1).toFixed(1)},${(y + 1).toFixed(1)}L${x.toFixed(1)},${(y + 5).toFixed(1)}L${(x - 1).toFixed(1)},${(y + 1).toFixed(1)}L${(x - 5).toFixed(1)},${y.toFixed(1)}L${(x - 1).toFixed(1)},${(y - 1).toFixed(1)}Z`}
            fill="#fff"
            style={{ '--i': i } as React.CSSProperties}
          />
        ))}
      </g>
    </g>
  );
}

/** The face-up drawing as a standalone SVG image, with a text alternative. */
export function FaceUpStone({ diamond, label, className }: { diamond: Diamond; label: string; className?: string }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const drawing = drawingFor(diamond);
  return (
    <svg className={className} viewBox={drawing.viewBox} role="img" aria-labelledby={`${id}-title`}>
      <title id={`${id}-title`}>{label}</title>
      <StoneFacets drawing={drawing} tint={stoneTint(diamond)} idPrefix={id} />
    </svg>
  );
}

/** The stone from the side: table, crown, girdle and pavilion at its own depth, with the two figures. */
export function ProfileStone({ diamond, className }: { diamond: Diamond; className?: string }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const shape = shapeKey(diamond.shape?.name);
  const p = profileDrawing(shape, diamond.table_diamond, diamond.depth);
  const tablePct = Math.round(p.table * 1000) / 10;
  const depthPct = Math.round(p.depth * 1000) / 10;
  const measuredTable = diamond.table_diamond != null;
  const measuredDepth = diamond.depth != null;
  const total = p.depth * 100;
  const label = `Side profile: table ${tablePct}%${measuredTable ? '' : ' (typical)'}, depth ${depthPct}%${measuredDepth ? '' : ' (typical)'} of the width`;
  return (
    <svg className={className} viewBox={`-58 -21 158 ${(total + 31).toFixed(1)}`} role="img" aria-labelledby={`${id}-title`}>
      <title id={`${id}-title`}>{label}</title>
      <defs>
        <linearGradient id={`${id}-fill`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor={stoneTint(diamond)} />
        </linearGradient>
      </defs>
      <path d={p.outline} fill={`url(#${id}-fill)`} stroke="#44536e" strokeWidth="0.9" strokeLinejoin="round" />
      <path d={p.lines} fill="none" stroke="#5b6a84" strokeOpacity="0.6" strokeWidth="0.5" />
      {/* Dimension marks: the table across the top, the depth down the right. */}
      <g className="profile-dims" stroke="#b8893b" strokeWidth="0.6" fill="none">
        <path d={`M${(-p.table * 50).toFixed(1)},-7H${(p.table * 50).toFixed(1)}M${(-p.table * 50).toFixed(1)},-9.5V-4.5M${(p.table * 50).toFixed(1)},-9.5V-4.5`} />
        <path d={`M58,0V${total.toFixed(1)}M55.5,0H60.5M55.5,${total.toFixed(1)}H60.5`} />
      </g>
      <g className="profile-labels" fontSize="9" fill="#3d4a63" aria-hidden="true">
        <text x="0" y="-10.5" textAnchor="middle">
          Table {tablePct}%
        </text>
        <text x="62" y={(total / 2 + 2).toFixed(1)}>
          {depthPct}%
        </text>
      </g>
    </svg>
  );
}
