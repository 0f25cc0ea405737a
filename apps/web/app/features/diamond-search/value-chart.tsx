import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { bandVerdict, dollarsToCents, formatAxisCents, formatCarat, formatPrice, type ValueChartResponse } from '@everstone/contract/core';
import { api, lazySchema } from '../../lib/api';
import chartHref from '../../styles/value-chart.css?url';

const chartAnswer = lazySchema((c) => c.valueChartResponseSchema);

type Point = ValueChartResponse['points'][number];
type State = { key: string; phase: 'loading' | 'failed' | 'unavailable' } | { key: string; phase: 'done'; chart: ValueChartResponse };

interface Props {
  /** The search's API query (without page), as the results use it. */
  apiKey: string;
  /** The ring build the detail pages carry on with, as a query without '?'. */
  detailQuery: string;
  /** Called as a stone is opened, to put any pending filter change into the page's history entry. */
  onOpenDiamond: () => void;
}

// Drawn at the frame's own width in CSS pixels, so the labels keep their size on a phone.
const PAD = { left: 52, right: 14, top: 12, bottom: 34 };
const heightFor = (width: number) => Math.round(Math.min(360, Math.max(240, width * 0.48)));

/** Round steps for an axis covering `min` … `max` (1, 2 or 5 times a power of ten), about `count` of them. */
function ticks(min: number, max: number, count: number): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const first = Math.floor(min / step) * step;
  const last = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round((last - first) / step) + 1 }, (_, k) => Math.round((first + k * step) * 1e6) / 1e6);
}

const pointText = (p: Point): string =>
  `${formatCarat(p.carat)} ct ${p.shape}, ${[p.color, p.clarity, p.cut].filter(Boolean).join(', ')}: ${formatPrice(p.price)}`;

/**
 * The search's stones as price against carat (decision 017), with the ten best values of the whole search marked and
 * listed: the stones furthest below the median price of diamonds like them. Every point opens its stone with the
 * pointer; the list of best values under the chart holds the same links for the keyboard and screen readers.
 */
export default function ValueChart({ apiKey, detailQuery, onOpenDiamond }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ key: apiKey, phase: 'loading' });
  const [hover, setHover] = useState<Point | null>(null);
  const [W, setWidth] = useState(720);
  const H = heightFor(W);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState({ key: apiKey, phase: 'loading' });
    api.get(`/api/diamond-value-chart?${apiKey}`, chartAnswer, { signal: controller.signal }).then(
      (res) => {
        if (controller.signal.aborted) return;
        if (res.ok) setState({ key: apiKey, phase: 'done', chart: res.data });
        else setState({ key: apiKey, phase: res.status === 503 ? 'unavailable' : 'failed' });
      },
      () => {
        if (!controller.signal.aborted) setState({ key: apiKey, phase: 'failed' });
      },
    );
    return () => controller.abort();
  }, [apiKey]);

  const chart = state.phase === 'done' ? state.chart : null;
  useEffect(() => {
    const node = frame.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      if (width > 0) setWidth(width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [chart]);

  const scale = useMemo(() => {
    if (!chart || chart.points.length === 0) return null;
    const carats = chart.points.map((p) => p.carat);
    const minCarat = Math.min(...carats);
    const maxCarat = Math.max(...carats);
    const maxPrice = Math.max(...chart.points.map((p) => p.price));
    // Carat from just below the lightest stone (a narrow search fills the width); price from zero, so heights compare.
    const xTicks = ticks(minCarat, maxCarat === minCarat ? minCarat + 0.1 : maxCarat, W < 500 ? 4 : 6);
    const yTicks = ticks(0, maxPrice * 1.05, 5);
    const xMin = xTicks[0]!;
    const xMax = xTicks[xTicks.length - 1]!;
    const yMax = yTicks[yTicks.length - 1]! || 1;
    return {
      xTicks,
      yTicks,
      x: (carat: number) => PAD.left + ((carat - xMin) / (xMax - xMin || 1)) * (W - PAD.left - PAD.right),
      y: (price: number) => H - PAD.bottom - (price / yMax) * (H - PAD.top - PAD.bottom),
    };
  }, [chart, W, H]);

  const href = (p: Point) => `/diamond-details/${p.diamondid}${detailQuery ? `?${detailQuery}` : ''}`;
  const open = (p: Point) => {
    onOpenDiamond();
    void navigate(href(p));
  };
  const best = chart ? chart.points.filter((p) => p.best).sort((a, b) => (a.difference_pct ?? 0) - (b.difference_pct ?? 0)) : [];

  return (
    <section className="ds-chart" aria-labelledby={`${id}-title`} aria-busy={state.phase === 'loading'}>
      <link rel="stylesheet" href={chartHref} precedence="default" />
      <h3 id={`${id}-title`} className="ds-chart__title">
        Price against carat
      </h3>
      {state.phase === 'loading' && <div className="ds-chart__frame ds-chart__frame--loading" role="status">Drawing the chart…</div>}
      {state.phase === 'failed' && (
        <p className="ds-chart__note" role="alert">
          The chart could not be drawn. Change a filter or try again later.
        </p>
      )}
      {state.phase === 'unavailable' && <p className="ds-chart__note">The chart is not available right now. Please try again in a minute.</p>}
      {chart && chart.points.length === 0 && <p className="ds-chart__note">No diamonds match your filters.</p>}
      {chart && scale && (
        <>
          <p className="ds-chart__caption">
            {chart.points.length < chart.total
              ? `${chart.points.length.toLocaleString('en-US')} of ${chart.total.toLocaleString('en-US')} diamonds drawn, in proportion.`
              : `All ${chart.total.toLocaleString('en-US')} diamonds drawn.`}{' '}
            {best.length > 0 ? 'The gold marks are the best values: the furthest below the median price of diamonds like them.' : ''}
          </p>
          <div className="ds-chart__frame" ref={frame}>
            {/* For the pointer: the table lists every stone, and the list below the best values, for every reader. */}
            <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} className="ds-chart__svg" aria-hidden="true" focusable="false">
              <g className="ds-chart__grid">
                {scale.yTicks.map((v) => (
                  <g key={`y${v}`}>
                    <line x1={PAD.left} x2={W - PAD.right} y1={scale.y(v)} y2={scale.y(v)} />
                    <text x={PAD.left - 8} y={scale.y(v)} dy="0.32em" textAnchor="end">
                      {formatAxisCents(dollarsToCents(v))}
                    </text>
                  </g>
                ))}
                {scale.xTicks.map((v) => (
                  <text key={`x${v}`} x={scale.x(v)} y={H - PAD.bottom + 18} textAnchor="middle">
                    {Number.isInteger(v) ? v : v.toFixed(v * 10 === Math.round(v * 10) ? 1 : 2)} ct
                  </text>
                ))}
              </g>
              <g className="ds-chart__points">
                {chart.points
                  .filter((p) => !p.best)
                  .map((p) => (
                    <circle
                      key={p.diamondid}
                      cx={scale.x(p.carat)}
                      cy={scale.y(p.price)}
                      r={3}
                      onPointerEnter={() => setHover(p)}
                      onPointerLeave={() => setHover((h) => (h === p ? null : h))}
                      onClick={() => open(p)}
                    />
                  ))}
              </g>
              <g className="ds-chart__best">
                {best.map((p) => {
                  const cx = scale.x(p.carat);
                  const cy = scale.y(p.price);
                  return (
                    <path
                      key={p.diamondid}
                      d={`M${cx} ${cy - 7}L${cx + 7} ${cy}L${cx} ${cy + 7}L${cx - 7} ${cy}Z`}
                      onPointerEnter={() => setHover(p)}
                      onPointerLeave={() => setHover((h) => (h === p ? null : h))}
                      onClick={() => open(p)}
                    />
                  );
                })}
              </g>
            </svg>
            {hover && (
              <p
                className="ds-chart__tip"
                aria-hidden="true"
                style={{ left: `${(scale.x(hover.carat) / W) * 100}%`, top: `${(scale.y(hover.price) / H) * 100}%` }}
                data-side={scale.x(hover.carat) > W * 0.6 ? 'left' : 'right'}
              >
                <strong>{formatPrice(hover.price)}</strong>
                <span>
                  {formatCarat(hover.carat)} ct {hover.shape}
                </span>
                <span>{[hover.color, hover.clarity, hover.cut].filter(Boolean).join(' · ')}</span>
                {hover.difference_pct !== null && <span>{bandVerdict({ difference_pct: hover.difference_pct, similar: 0 })?.short}</span>}
              </p>
            )}
          </div>
          {best.length > 0 && (
            <>
              <h4 className="ds-chart__list-title">Best values</h4>
              <ol className="ds-chart__list">
                {best.map((p) => (
                  <li key={p.diamondid}>
                    <Link to={href(p)} onClick={onOpenDiamond}>
                      {pointText(p)}
                    </Link>{' '}
                    <span className="ds-chart__below">{bandVerdict({ difference_pct: p.difference_pct, similar: 0 })?.short}</span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
