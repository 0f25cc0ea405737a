import { useId, type ReactNode } from 'react';
import { METAL_COLORS, metalOf, type MetalId, type RingDesign, type ShapeName } from '@everstone/contract/core';
import { f, f4, mix, offsetPolygon, pathOf, perimeter, prongPointsFor, roundDiameterMm, spacedAround, stoneFace, typicalRatio, type Point } from '../../components/jewelry/geometry';
import { HandArt } from '../../components/jewelry/hand-art';

const clamp = (n: number, lo: number, hi: number) => (Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo);

/** The center stone as drawn on the hand: its certificate's size when the design carries it, else the head's own. */
export function handStone(design: RingDesign): { shape: ShapeName; widthMm: number; lengthMm: number; measured: boolean } | null {
  if (design.center) return { shape: design.center.shape, widthMm: design.center.widthMm, lengthMm: design.center.lengthMm, measured: true };
  if (!design.head) return null;
  const shape = design.head.shapes[0] ?? 'Round';
  return { shape, widthMm: design.head.shownWidthMm, lengthMm: design.head.shownWidthMm * typicalRatio(shape), measured: false };
}

/** Small round stones: a white diamond's gradient and facets in miniature. */
function Accent({ x, y, r, sx, id }: { x: number; y: number; r: number; sx: number; id: string }) {
  return (
    <g transform={`translate(${f(x)} ${f(y)}) scale(${f4(r * sx)} ${f4(r)})`}>
      <circle r="1" fill={`url(#${id}-acc)`} stroke="#8a94a6" strokeWidth="0.12" />
      <circle r="0.5" fill="#ffffff" fillOpacity="0.55" />
    </g>
  );
}

/**
 * The ring seen from above on the wearer's finger, in millimetres: the band wrapping the finger (`fingerMm` across),
 * its accent stones foreshortened as they turn away, a halo or side stones, the prongs or bezel, and the center stone
 * face up at its certificate's length and width.
 */
function RingFromAbove({ design, metal, fingerMm, id }: { design: RingDesign; metal: MetalId; fingerMm: number; id: string }) {
  const m = METAL_COLORS[metalOf(metal).hue];
  const r = fingerMm / 2 + clamp(design.bandThicknessMm, 1, 3.5) * 0.2;
  const bw = clamp(design.bandWidthMm, 1, 12);
  const stone = handStone(design);
  const head = design.head;
  const parts: ReactNode[] = [];

  // The band wraps the finger: seen from above its edges curve a little, the middle nearest the knuckles, and at each
  // side of the finger it turns away round a rounded end as thick as the metal.
  const bow = Math.min(1.2, bw * 0.3);
  const t = clamp(design.bandThicknessMm, 1, 3.5);
  const top = -bw / 2 - bow;
  const bottom = bw / 2 - bow;
  parts.push(
    <path
      key="band"
      d={`M${f(-r)},${f(top)}Q0,${f(-bw / 2 + bow)} ${f(r)},${f(top)}A${f(t * 0.55)},${f(bw / 2)} 0 0 1 ${f(r)},${f(bottom)}Q0,${f(bw / 2 + bow)} ${f(-r)},${f(bottom)}A${f(t * 0.55)},${f(bw / 2)} 0 0 1 ${f(-r)},${f(top)}Z`}
      fill={`url(#${id}-band)`}
      stroke={m.dark}
      strokeWidth="0.12"
    />,
  );

  // Accent stones down the shoulders (or all round): those on the visible half, narrower as they turn away.
  const acc = design.accents;
  if (acc && acc.count > 0) {
    const count = Math.min(200, Math.round(acc.count));
    const d = clamp(roundDiameterMm(acc.caratTotal / count), 0.7, Math.max(0.8, bw * 0.9));
    const step = (d * 1.08) / r;
    const clear = stone ? (stone.widthMm / 2 + (head?.halo === 'halo' ? 1.6 : 0.4) + (head?.sideCenters === 2 ? stone.widthMm * 0.7 : 0)) / r : 0;
    const reach = clamp(acc.coverage, 0.05, 1) * Math.PI;
    for (let theta = clear + step / 2; theta < Math.min(Math.PI / 2, reach) - step / 4; theta += step) {
      for (const sign of [-1, 1]) {
        const t = sign * theta;
        const y = -bow * Math.sin(t) ** 2;
        parts.push(<Accent key={`a${t.toFixed(3)}`} x={r * Math.sin(t)} y={y} r={d / 2} sx={Math.cos(t)} id={id} />);
      }
    }
  }

  if (stone && head) {
    const w = clamp(stone.widthMm, 1, 25);
    const face = stoneFace(stone.shape, stone.lengthMm / w);
    const k = w / 100;
    const scaled = (p: Point): Point => [p[0] * k, p[1] * k];
    const outline = face.outlinePoints;

    parts.push(<ellipse key="shadow" cx="0.5" cy="0.9" rx={f(w * 0.56)} ry={f((w * face.ratio) / 2 + 0.3)} fill={`url(#${id}-shadow)`} />);

    if (head.sideCenters === 2) {
      const sw = w * 0.64;
      const sideFace = stoneFace(stone.shape, face.ratio);
      for (const sign of [-1, 1]) {
        const x = sign * (w / 2 + sw / 2 + 0.25);
        parts.push(
          <g key={`side${sign}`} transform={`translate(${f(x)} 0) scale(${f4(sw / 100)})`}>
            <use href={`#${id}-face`} />
            {prongPointsFor(sideFace, 4).map(([px, py], i) => (
              <circle key={i} cx={f(px)} cy={f(py)} r={f(Math.max(0.35, sw * 0.05) / (sw / 100))} fill={`url(#${id}-prong)`} />
            ))}
          </g>,
        );
      }
    }

    if (head.halo === 'halo') {
      const dh = clamp(w * 0.13, 0.9, 1.5);
      const frame = offsetPolygon(outline, (0.18 + dh + 0.22) / k).map(scaled);
      const line = offsetPolygon(outline, (0.18 + dh / 2) / k).map(scaled);
      const count = Math.max(10, Math.round(perimeter(line) / (dh * 1.1)));
      parts.push(<path key="frame" d={pathOf(frame)} fill={`url(#${id}-prong)`} stroke={m.dark} strokeWidth="0.1" />);
      spacedAround(line, count).forEach(([x, y], i) => parts.push(<Accent key={`h${i}`} x={x} y={y} r={dh / 2} sx={1} id={id} />));
    } else if (head.prongs === 0) {
      parts.push(<path key="bezel" d={pathOf(offsetPolygon(outline, 0.55 / k).map(scaled))} fill={`url(#${id}-prong)`} stroke={m.dark} strokeWidth="0.1" />);
    }

    parts.push(
      <g key="stone" transform={`scale(${f4(k)})`}>
        <use href={`#${id}-face`} />
      </g>,
    );
    if (head.prongs !== 0) {
      const pr = Math.max(0.42, w * 0.05);
      prongPointsFor(face, head.prongs).forEach((p, i) => {
        const [x, y] = scaled(p);
        parts.push(<circle key={`p${i}`} cx={f(x)} cy={f(y)} r={f(pr)} fill={`url(#${id}-prong)`} stroke={m.dark} strokeWidth="0.08" />);
      });
    }
    // The stone's face, defined once: the side stones place it too.
    parts.unshift(
      <defs key="defs">
        <g id={`${id}-face`}>
          <path d={face.outline} fill={`url(#${id}-gem)`} />
          <path d={face.deep} fill="#263756" fillOpacity="0.34" />
          <path d={face.dark} fill="#263756" fillOpacity="0.15" />
          <path d={face.light} fill="#ffffff" fillOpacity="0.4" />
          <path d={face.bright} fill="#ffffff" fillOpacity="0.7" />
          <path d={face.lines} fill="none" stroke="#55627a" strokeOpacity="0.5" strokeWidth="0.6" strokeLinejoin="round" />
          <path d={face.outline} fill="none" stroke="#55627a" strokeOpacity="0.85" strokeWidth="0.9" strokeLinejoin="round" />
        </g>
      </defs>,
    );
  }
  return <>{parts}</>;
}

/** The gradients of the ring on the hand: the band's polished metal across its width, the prongs, the stones. */
function RingDefs({ metal, id }: { metal: MetalId; id: string }) {
  const m = METAL_COLORS[metalOf(metal).hue];
  const dim = mix(m.dark, m.base, 0.35);
  return (
    <>
      <linearGradient id={`${id}-band`} x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stopColor={m.dark} />
        <stop offset="0.18" stopColor={dim} />
        <stop offset="0.36" stopColor={m.light} />
        <stop offset="0.5" stopColor={m.base} />
        <stop offset="0.64" stopColor={m.light} />
        <stop offset="0.82" stopColor={dim} />
        <stop offset="1" stopColor={m.dark} />
      </linearGradient>
      <radialGradient id={`${id}-prong`} cx="0.35" cy="0.3" r="0.8">
        <stop offset="0" stopColor={m.light} />
        <stop offset="0.6" stopColor={m.base} />
        <stop offset="1" stopColor={m.dark} />
      </radialGradient>
      <radialGradient id={`${id}-gem`} cx="0.36" cy="0.3" r="0.85">
        <stop offset="0" stopColor="#ffffff" />
        <stop offset="0.45" stopColor="#f1f4f8" />
        <stop offset="1" stopColor="#a7b2c4" />
      </radialGradient>
      <radialGradient id={`${id}-shadow`}>
        <stop offset="0.55" stopColor="#5b3b24" stopOpacity="0.28" />
        <stop offset="1" stopColor="#5b3b24" stopOpacity="0" />
      </radialGradient>
      <radialGradient id={`${id}-acc`} cx="0.35" cy="0.3" r="0.8">
        <stop offset="0" stopColor="#ffffff" />
        <stop offset="0.6" stopColor="#e9eef5" />
        <stop offset="1" stopColor="#9aa6b8" />
      </radialGradient>
    </>
  );
}

/**
 * "On a hand": the ring on a ring finger as wide as the chosen size's inner diameter (size 6 when none is chosen, and
 * said so), the stone at its certificate's millimetres, so the shopper sees how big it will look on that hand.
 */
export function RingOnHand({ design, metal, title, finger }: { design: RingDesign; metal: MetalId; title: string; finger: { size: string; mm: number; assumed: boolean } }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const stone = handStone(design);
  const dims = stone ? `${stone.lengthMm.toFixed(2)} × ${stone.widthMm.toFixed(2)} mm` : null;
  const share = stone ? Math.round((stone.widthMm / finger.mm) * 100) : null;
  return (
    <figure className="rb-hand">
      <HandArt
        className="rb-hand__art"
        fingerMm={finger.mm}
        frame="ring"
        titleId={`${id}-title`}
        title={`${title}, drawn to scale on a size ${finger.size} ring finger ${finger.mm.toFixed(1)} mm across${dims ? `; the center stone is ${dims}` : ''}`}
        defs={<RingDefs metal={metal} id={id} />}
      >
        <RingFromAbove design={design} metal={metal} fingerMm={finger.mm} id={id} />
      </HandArt>
      <figcaption>
        <strong>
          On a size {finger.size} finger ({finger.mm.toFixed(1)} mm across)
        </strong>
        {finger.assumed ? ', as no ring size is chosen yet: choose one to see it on that finger' : ''}.{' '}
        {stone && share !== null
          ? `The center stone, ${dims}${stone.measured ? ' from its certificate' : ''}, spans ${share}% of the finger’s width. `
          : ''}
        Drawn to scale; screens vary, and the bar shows 10 mm.
      </figcaption>
    </figure>
  );
}
