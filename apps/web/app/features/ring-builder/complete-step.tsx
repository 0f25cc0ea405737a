import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  METAL_LABELS,
  RING_SIZE_MESSAGES,
  buildToParams,
  builderPath,
  diamondTitle,
  engravingProblem,
  financingText,
  formatCents,
  formatTagPrice,
  meetsDate,
  metalOf,
  readBuild,
  shipsByText,
  storeToday,
  type BuilderRingResponse,
  type RingBuild,
  type RingDesign,
} from '@everstone/contract/core';
import { EngravingField, RingSizeField } from '../../components/jewelry/ring-choices';
import { PieceViewer } from '../../components/jewelry/viewer-toggle';
import { addRingToCart } from '../../domain/cart';
import { handOver } from '../../domain/diamond-handoff';
import { ringPriceRows, ringTitle, ringViewOfLine } from '../../domain/ring-lines';
import { BuilderNav } from './builder-nav';
import type { BuildParts } from './build-parts';
import { HoldPanel } from './hold-panel';
import { addProblem, fingerOf, ringLineOf, shipsByDate } from './rules';
import { settingPagePath, settingSummary, stoneSummary, stonePagePath } from './steps';
import { useStoneHold } from './use-stone-hold';

/** §9: the add-to-cart button's short "Processing..." moment before the cart, as on the other pages. */
const ADD_DELAY_MS = 500;
/** How long typing in the engraving waits before the address follows it. */
const ENGRAVING_URL_DELAY_MS = 400;

/** Step 3 as its loader found it. */
export type CompleteStepData =
  | { kind: 'ring'; build: RingBuild; ring: BuilderRingResponse; parts: BuildParts }
  /** Something the ring needs is not chosen yet. */
  | { kind: 'incomplete'; build: RingBuild; parts: BuildParts }
  /** The build names a stone or a setting the store no longer has (or cannot make as asked). */
  | { kind: 'missing'; build: RingBuild; parts: BuildParts; message: string | null };

/** Each step's way back when a build cannot be completed as it stands. */
function MissingParts({ build, parts, message }: { build: RingBuild; parts: BuildParts; message?: string | null }) {
  const noStone = build.diamond === null || parts.stone === null;
  const noSetting = build.setting === null || parts.setting === null;
  return (
    <div className="rb-notice rb-missing">
      {/* The server's own words only when the parts below do not already say what is wrong (a metal it cannot make). */}
      {message && !noStone && !noSetting && <p>{message}</p>}
      <ul className="rb-missing__list">
        {build.diamond === null ? (
          <li>
            <strong>A diamond comes first.</strong>{' '}
            {build.setting ? 'We will show only the diamonds your setting can hold.' : 'Choose the center stone, then its setting.'}{' '}
            <Link to={builderPath(1, build)}>Choose a diamond</Link>
          </li>
        ) : noStone ? (
          <li>
            <strong>The diamond in this build is no longer in our inventory.</strong>{' '}
            <Link to={builderPath(1, { ...build, diamond: null })}>Choose another diamond{build.setting ? ' that fits your setting' : ''}</Link>
          </li>
        ) : (
          <li>
            Your diamond: <Link to={stonePagePath(parts.stone!.diamondid, build)}>{stoneSummary(parts.stone!)}</Link>
          </li>
        )}
        {build.setting === null ? (
          <li>
            <strong>Then a setting.</strong> <Link to={builderPath(2, build)}>{build.diamond ? 'See the settings that hold your diamond' : 'Choose a setting'}</Link>
          </li>
        ) : noSetting ? (
          <li>
            <strong>The setting in this build is no longer offered.</strong> <Link to={builderPath(2, { ...build, setting: null })}>Choose another setting</Link>
          </li>
        ) : (
          <li>
            Your setting: <Link to={settingPagePath(parts.setting!.slug, build)}>{settingSummary(parts.setting!.name, build.metal)}</Link>
          </li>
        )}
      </ul>
    </div>
  );
}

/** The nearest stones that fit this setting, each as the same ring with that stone instead. */
function Alternatives({ ring, build }: { ring: BuilderRingResponse; build: RingBuild }) {
  if (ring.alternatives.length === 0) {
    return (
      <p>
        <Link to={builderPath(1, { ...build, diamond: null })}>See the diamonds that fit this setting</Link>, or{' '}
        <Link to={builderPath(2, { ...build, setting: null })}>the settings that hold this diamond</Link>.
      </p>
    );
  }
  return (
    <section className="rb-alternatives" aria-labelledby="rb-alternatives-title">
      <h2 id="rb-alternatives-title">The nearest diamonds that fit this setting</h2>
      <ul className="rb-alternatives__list">
        {ring.alternatives.map((d) => (
          <li key={d.diamondid}>
            <Link className="rb-alternative" to={builderPath(3, { ...build, diamond: d.diamondid })}>
              <img src={`/art/rings/${ring.variant.id}-${d.diamondid}.svg`} alt="" width={160} height={160} loading="lazy" decoding="async" />
              <span className="rb-alternative__text">
                <span className="rb-alternative__name">{stoneSummary(d)}</span>
                <span className="rb-alternative__cta">See this ring</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={builderPath(1, { ...build, diamond: null })}>Or see every diamond that fits this setting</Link>
      </p>
    </section>
  );
}

function MetalChoice({ ring, build }: { ring: BuilderRingResponse; build: RingBuild }) {
  if (ring.setting.metals.length < 2) return <p className="rb-fact">Metal: {METAL_LABELS[ring.variant.metal]}</p>;
  return (
    <fieldset className="jw-option">
      <legend className="jw-option-title">
        Metal: <span className="jw-option-value">{METAL_LABELS[ring.variant.metal]}</span>
      </legend>
      <ul className="jw-option-list">
        {ring.setting.metals.map((m) => (
          <li key={m}>
            <Link
              className={`jw-option-item jw-option-item--metal jw-swatch-chip--${metalOf(m).hue}${m === ring.variant.metal ? ' is-chosen' : ''}`}
              to={builderPath(3, { ...build, metal: m })}
              replace
              preventScrollReset
              aria-current={m === ring.variant.metal ? 'true' : undefined}
            >
              {METAL_LABELS[m]}
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function AccentsChoice({ ring, build }: { ring: BuilderRingResponse; build: RingBuild }) {
  if (ring.setting.origins.length < 2 || ring.variant.origin === null) return null;
  const label = (o: 'lab' | 'natural') => (o === 'lab' ? 'Lab-grown' : 'Natural');
  return (
    <fieldset className="jw-option">
      <legend className="jw-option-title">
        Side stones: <span className="jw-option-value">{label(ring.variant.origin)}</span>
      </legend>
      <ul className="jw-option-list">
        {ring.setting.origins.map((o) => (
          <li key={o}>
            <Link
              className={`jw-option-item${o === ring.variant.origin ? ' is-chosen' : ''}`}
              to={builderPath(3, { ...build, accents: o })}
              replace
              preventScrollReset
              aria-current={o === ring.variant.origin ? 'true' : undefined}
            >
              {label(o)}
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

// The hand is drawn only when asked for, so its drawing is not in the page's first load.
const RingOnHand = lazy(() => import('./ring-on-hand').then((m) => ({ default: m.RingOnHand })));

/** The ring's picture (its 3D view on demand) or the ring on a hand at the chosen size. */
function RingViews({ ring, title, size }: { ring: BuilderRingResponse; title: string; size: string | null }) {
  const [view, setView] = useState<'ring' | 'hand'>('ring');
  const design = ring.variant.design as RingDesign;
  return (
    <div className="rb-views">
      <div className="rb-views__switch" role="group" aria-label="How to see the ring">
        <button type="button" aria-pressed={view === 'ring'} onClick={() => setView('ring')}>
          The ring
        </button>
        <button type="button" aria-pressed={view === 'hand'} onClick={() => setView('hand')}>
          On a hand
        </button>
      </div>
      {view === 'ring' ? (
        <PieceViewer design={ring.variant.design} metal={ring.variant.metal} title={title} />
      ) : (
        <Suspense fallback={<div className="rb-hand rb-hand--loading" role="status">Drawing the ring on a hand…</div>}>
          <RingOnHand design={design} metal={ring.variant.metal} title={title} finger={fingerOf(size)} />
        </Suspense>
      )}
    </div>
  );
}

/** The ring's price, item by item as the cart will show it, with the total (announced as it changes). */
function PriceItems({ ring, engraving }: { ring: BuilderRingResponse; engraving: string }) {
  const line = ringLineOf(ring, { size: '', engraving });
  const price = line.price;
  const items = ringPriceRows(ringViewOfLine(line));
  return (
    <div className="rb-price">
      <p className="rb-price__total" aria-live="polite">
        <span className="rb-price__label">Ring total</span> <span className="rb-price__amount">{formatTagPrice(price.totalCents)}</span>
      </p>
      <table className="rb-price__items">
        <caption className="visually-hidden">The ring’s price, item by item</caption>
        <tbody>
          {items.map((item) => (
            <tr key={item.label}>
              <th scope="row">{item.label}</th>
              <td>{formatCents(item.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatCents(price.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="rb-finance">{financingText(price.totalCents)}</p>
    </div>
  );
}

/** "I need it by": a date, and whether the ring's ships-by date makes it. */
function NeedBy({ id, by, shipsBy, onChange }: { id: string; by: string | null; shipsBy: Date; onChange: (by: string | null) => void }) {
  const verdict = by ? meetsDate(shipsBy, by) : null;
  const today = storeToday(new Date());
  const min = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return (
    <div className="jw-field rb-need-by">
      <label htmlFor={`${id}-by`}>
        I need it by <span className="jw-optional">(optional)</span>
      </label>
      <input
        id={`${id}-by`}
        type="date"
        value={by ?? ''}
        min={min}
        onChange={(e) => onChange(e.target.value || null)}
        aria-describedby={`${id}-by-note`}
        // 'Today' is the store's day on both sides; only a render straddling midnight could differ.
        suppressHydrationWarning
      />
      <p id={`${id}-by-note`} className={verdict && !verdict.meets ? 'jw-note rb-need-by__late' : 'jw-note'} role="status" suppressHydrationWarning>
        {verdict ? verdict.message : 'For a proposal or a date that matters: we will tell you whether the ring arrives in time, before you pay.'}
      </p>
    </div>
  );
}

/** What stands in the way of ordering this ring as built, said first. */
function RingProblem({ ring }: { ring: BuilderRingResponse }) {
  const problem = ring.stone_problem ?? (ring.setting.discontinued ? 'This setting is no longer made.' : ring.fit_problem);
  if (!problem) return null;
  return (
    <div className="rb-problem" role="alert">
      <p>
        <strong>{ring.stone_problem ? 'This diamond can no longer be ordered.' : ring.setting.discontinued ? 'This setting can no longer be ordered.' : 'This diamond does not fit this setting.'}</strong>{' '}
        {problem}
      </p>
    </div>
  );
}

function RingBuilt({ ring, build }: { ring: BuilderRingResponse; build: RingBuild }) {
  const ids = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [engraving, setEngraving] = useState(build.engraving);
  const [adding, setAdding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hold = useStoneHold(ring.diamond.diamondid, ring.hold);
  const size = build.size ?? '';
  const title = ringTitle({ settingName: ring.setting.name, metal: ring.variant.metal });
  const problem = addProblem(ring, { size, engraving });
  const shipsBy = useMemo(() => shipsByDate(ring.lead_days), [ring.lead_days]);
  // The build as this page holds it (its address follows each choice).
  const current: RingBuild = { ...build, metal: ring.variant.metal, accents: ring.variant.origin, engraving: engraving.trim() };

  useEffect(() => () => clearTimeout(timer.current), []);
  // The address follows the engraving a moment after typing stops (a share or a reload keeps it).
  useEffect(() => {
    const text = engraving.trim();
    if (text === build.engraving) return;
    const t = setTimeout(() => {
      const params = buildToParams({ ...build, engraving: text });
      void navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { replace: true, preventScrollReset: true });
    }, ENGRAVING_URL_DELAY_MS);
    return () => clearTimeout(t);
  }, [engraving, build, navigate, location.pathname]);

  const choose = (change: Partial<RingBuild>) =>
    void navigate({ pathname: location.pathname, search: `?${buildToParams({ ...current, ...change }).toString()}` }, { replace: true, preventScrollReset: true });

  function add() {
    if (adding || problem) return;
    setAdding(true);
    const line = ringLineOf(ring, { size, engraving });
    timer.current = setTimeout(() => {
      addRingToCart(line);
      void navigate('/cart');
    }, ADD_DELAY_MS);
  }

  const gone = ring.stone_problem !== null || ring.setting.discontinued || ring.fit_problem !== null;
  const heldByOther = hold.hold.status === 'other';
  return (
    <>
      <div className="rb-ring">
        <div className="rb-ring__media">
          <RingViews ring={ring} title={`${title} with a ${diamondTitle(ring.diamond)}`} size={build.size} />
        </div>
        <div className="rb-ring__info">
          <h2 className="rb-ring__name">{title}</h2>
          <p className="rb-ring__with">
            with a{' '}
            <Link to={stonePagePath(ring.diamond.diamondid, current)} onClick={() => handOver(ring.diamond)}>
              {diamondTitle(ring.diamond)}
            </Link>
            , {ring.diamond.color ? `color ${ring.diamond.color.name}, ` : ''}
            {ring.diamond.clarity ? `clarity ${ring.diamond.clarity.name}, ` : ''}
            {ring.diamond.certificate_company.dl_name} certificate {ring.diamond.certificate_number}
          </p>
          <RingProblem ring={ring} />
          {/* An engraving is priced once it can be engraved as typed (the field says what to mend otherwise). */}
          <PriceItems ring={ring} engraving={ring.setting.engravable && !engravingProblem(engraving.trim()) ? engraving : ''} />
          <MetalChoice ring={ring} build={current} />
          <AccentsChoice ring={ring} build={current} />
          <RingSizeField
            id={ids}
            value={size}
            onChange={(s) => choose({ size: s || null })}
            resizable={ring.setting.resizable}
          />
          {ring.setting.engravable ? (
            <EngravingField id={ids} value={engraving} onChange={setEngraving} />
          ) : (
            <p className="jw-note">This ring cannot be engraved.</p>
          )}
          <p className="rb-ships" suppressHydrationWarning>
            {gone ? 'Made to order once its parts are chosen.' : `${shipsByText(ring.lead_days)}: made for you in ${ring.lead_days} business days, shipped free and insured.`}
          </p>
          <NeedBy id={ids} by={build.by} shipsBy={shipsBy} onChange={(by) => choose({ by })} />
          <HoldPanel state={hold} available={ring.stone_problem === null} />
          <button type="button" className="jw-add rb-add" onClick={add} disabled={adding || problem !== null} aria-describedby={`${ids}-add-note`} aria-busy={adding || undefined}>
            {adding ? 'Processing...' : 'Add ring to cart'}
          </button>
          {/* Why the button waits, while it does: the button's description, and announced as it changes. */}
          <p id={`${ids}-add-note`} className="jw-note rb-add-note" role="status">
            {problem
              ? problem === RING_SIZE_MESSAGES.required
                ? 'Choose a ring size (or “I don’t know the size yet”) to add the ring to your cart.'
                : problem
              : heldByOther
                ? 'Another shopper holds this diamond: the ring goes in your cart, but its order is refused until the hold ends.'
                : 'One ring in your cart: the diamond set in this setting, made in your size.'}
          </p>
        </div>
      </div>
      {(gone || heldByOther) && <Alternatives ring={ring} build={current} />}
    </>
  );
}

/**
 * Step 3, Complete Your Ring: the ring drawn from its parts (its picture, 3D on demand, and on a hand at the chosen
 * size), metal and side stones, ring size, engraving, the itemized price, when it ships and whether that makes the
 * shopper's date, the stone's hold, and Add to cart, which puts the whole ring in the cart as one line. A build that
 * cannot be completed says why and leads to the step that mends it.
 */
export function CompleteStep({ data }: { data: CompleteStepData }) {
  // The address is the build: a size, an engraving or a date changes it without asking the loader again (see the
  // route's shouldRevalidate), so the page reads it from the address, never from the loader's copy.
  const location = useLocation();
  const build = useMemo(() => readBuild(new URLSearchParams(location.search)).build, [location.search]);
  const parts =
    data.kind === 'ring'
      ? { stone: data.ring.diamond, setting: { slug: data.ring.setting.slug, name: data.ring.setting.name } }
      : { stone: data.parts.stone, setting: data.parts.setting };
  return (
    <div className="rb-page rb-complete">
      <BuilderNav current={3} build={build} parts={parts} />
      <header className="rb-head">
        <h1 className="rb-title">Complete Your Ring</h1>
      </header>
      {data.kind === 'ring' ? (
        <RingBuilt key={`${data.ring.diamond.diamondid}-${data.ring.setting.slug}`} ring={data.ring} build={build} />
      ) : (
        <MissingParts build={build} parts={data.parts} message={data.kind === 'missing' ? data.message : null} />
      )}
    </div>
  );
}
