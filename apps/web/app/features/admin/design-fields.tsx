import { useId } from 'react';
import {
  ACCENT_SETTINGS,
  BAND_PROFILES,
  type AccentSetting,
  type BandProfile,
  type BraceletDesign,
  type EarringDesign,
  type NecklaceDesign,
  type PieceDesign,
  type RingDesign,
} from '@everstone/contract';

/**
 * The picture parameters of a variant's design, as fields: the band of a ring (and its head and accent stones when
 * it has them), the hoops of earrings, a necklace's or a bracelet's length and stones. Every other part of the design
 * stays as it is. The number fields are left uncontrolled (remounted by the editor on Reset and after Save), so a
 * field emptied while typing stays empty instead of jumping back; it is reported as blank until it holds a number.
 */

type Change = (next: (design: PieceDesign) => PieceDesign) => void;
/** A field's number is missing (true) or back (false). */
type Blank = (field: string, blank: boolean) => void;

const PROFILE_TEXT: Record<BandProfile, string> = {
  comfort: 'Comfort fit',
  flat: 'Flat',
  'knife-edge': 'Knife edge',
  domed: 'Domed',
  tapered: 'Tapered',
};
const ACCENT_TEXT: Record<AccentSetting, string> = {
  pave: 'Pavé',
  channel: 'Channel',
  'shared-prong': 'Shared prong',
  bezel: 'Bezel',
  eternity: 'Eternity',
};
const INLAY_TEXT = { none: 'None', black: 'Black ceramic', white: 'White ceramic' } as const;
const HALO_TEXT = { none: 'None', halo: 'Halo', hidden: 'Hidden halo' } as const;
const PRONG_TEXT = { 0: 'Bezel', 4: '4 prongs', 6: '6 prongs' } as const;
const MOTIF_TEXT = { none: 'None', solitaire: 'Solitaire', cluster: 'Cluster', bar: 'Bar', halo: 'Halo' } as const;

/**
 * The bounds the fields offer, within those the server checks a design against (the catalog import's
 * `designProblems`, which says what it refuses).
 */
const LIMITS = {
  bandWidthMm: { min: 0.5, max: 12, step: 0.1 },
  bandThicknessMm: { min: 0.5, max: 4, step: 0.1 },
  accentCount: { min: 0, max: 500, step: 1 },
  accentCarat: { min: 0, max: 50, step: 0.01 },
  coverage: { min: 0.05, max: 1, step: 0.05 },
  hoopDiameterMm: { min: 8, max: 60, step: 1 },
  hoopStones: { min: 0, max: 100, step: 1 },
  necklaceLengthIn: { min: 12, max: 40, step: 0.5 },
  braceletLengthIn: { min: 5, max: 12, step: 0.25 },
  stones: { min: 0, max: 500, step: 1 },
  stoneMm: { min: 0.5, max: 20, step: 0.1 },
  widthMm: { min: 1, max: 30, step: 0.1 },
} as const;

function NumberField({
  name,
  label,
  value,
  limits,
  onValue,
  blank,
}: {
  name: string;
  label: string;
  value: number;
  limits: { min: number; max: number; step: number };
  onValue: (n: number) => void;
  blank: Blank;
}) {
  const id = useId();
  const whole = Number.isInteger(limits.step);
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode={whole ? 'numeric' : 'decimal'}
        className="form-control adm-control"
        defaultValue={value}
        min={limits.min}
        max={limits.max}
        step={limits.step}
        required
        onChange={(e) => {
          const n = e.currentTarget.valueAsNumber;
          const ok = Number.isFinite(n);
          blank(name, !ok);
          if (ok) onValue(n);
        }}
      />
    </div>
  );
}

function SelectField<T extends string>({
  name,
  label,
  value,
  options,
  text,
  onValue,
}: {
  name: string;
  label: string;
  value: T;
  options: readonly T[];
  text: Record<T, string>;
  onValue: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="form-control adm-control" defaultValue={value} onChange={(e) => onValue(e.currentTarget.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {text[o]}
          </option>
        ))}
      </select>
    </div>
  );
}

function CheckField({ name, label, value, onValue }: { name: string; label: string; value: boolean; onValue: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="adm-check">
      <input id={id} name={name} type="checkbox" defaultChecked={value} onChange={(e) => onValue(e.currentTarget.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="adm-design__group">
      <legend className="adm-design__legend">{legend}</legend>
      <div className="adm-design__fields">{children}</div>
    </fieldset>
  );
}

const inlayOf = (v: 'black' | 'white' | null) => v ?? 'none';
const inlayFrom = (v: 'none' | 'black' | 'white') => (v === 'none' ? null : v);

function RingFields({ design, change, blank }: { design: RingDesign; change: Change; blank: Blank }) {
  const ring = (fn: (d: RingDesign) => RingDesign) => change((d) => (d.form === 'ring' ? fn(d) : d));
  const head = (patch: Partial<NonNullable<RingDesign['head']>>) => ring((d) => (d.head ? { ...d, head: { ...d.head, ...patch } } : d));
  const accents = (patch: Partial<NonNullable<RingDesign['accents']>>) => ring((d) => (d.accents ? { ...d, accents: { ...d.accents, ...patch } } : d));
  return (
    <>
      <Group legend="Band">
        <NumberField name="bandWidthMm" label="Band width (mm)" value={design.bandWidthMm} limits={LIMITS.bandWidthMm} blank={blank} onValue={(n) => ring((d) => ({ ...d, bandWidthMm: n }))} />
        <NumberField
          name="bandThicknessMm"
          label="Band thickness (mm)"
          value={design.bandThicknessMm}
          limits={LIMITS.bandThicknessMm}
          blank={blank}
          onValue={(n) => ring((d) => ({ ...d, bandThicknessMm: n }))}
        />
        <SelectField name="profile" label="Profile" value={design.profile} options={BAND_PROFILES} text={PROFILE_TEXT} onValue={(profile) => ring((d) => ({ ...d, profile }))} />
        <SelectField
          name="inlay"
          label="Inlay"
          value={inlayOf(design.inlay)}
          options={['none', 'black', 'white'] as const}
          text={INLAY_TEXT}
          onValue={(v) => ring((d) => ({ ...d, inlay: inlayFrom(v) }))}
        />
        <CheckField name="milgrain" label="Milgrain edges" value={design.milgrain} onValue={(milgrain) => ring((d) => ({ ...d, milgrain }))} />
      </Group>
      {design.head && (
        <Group legend="Head">
          <SelectField
            name="prongs"
            label="Holds the stone with"
            value={String(design.head.prongs) as '0' | '4' | '6'}
            options={['4', '6', '0'] as const}
            text={PRONG_TEXT}
            onValue={(v) => head({ prongs: Number(v) as 0 | 4 | 6 })}
          />
          <SelectField name="halo" label="Halo" value={design.head.halo} options={['none', 'halo', 'hidden'] as const} text={HALO_TEXT} onValue={(halo) => head({ halo })} />
          <CheckField name="vintage" label="Vintage details" value={design.head.vintage} onValue={(vintage) => head({ vintage })} />
        </Group>
      )}
      {design.accents && (
        <Group legend="Accent stones">
          <SelectField name="accentSetting" label="Setting" value={design.accents.setting} options={ACCENT_SETTINGS} text={ACCENT_TEXT} onValue={(setting) => accents({ setting })} />
          <NumberField name="accentCount" label="Stones" value={design.accents.count} limits={LIMITS.accentCount} blank={blank} onValue={(count) => accents({ count })} />
          <NumberField
            name="accentCarat"
            label="Carats in all (ct)"
            value={design.accents.caratTotal}
            limits={LIMITS.accentCarat}
            blank={blank}
            onValue={(caratTotal) => accents({ caratTotal })}
          />
          <NumberField
            name="coverage"
            label="Coverage (1 = all round)"
            value={design.accents.coverage}
            limits={LIMITS.coverage}
            blank={blank}
            onValue={(coverage) => accents({ coverage })}
          />
        </Group>
      )}
    </>
  );
}

function EarringFields({ design, change, blank }: { design: EarringDesign; change: Change; blank: Blank }) {
  const earrings = (fn: (d: EarringDesign) => EarringDesign) => change((d) => (d.form === 'earrings' ? fn(d) : d));
  return (
    <Group legend="Earrings">
      {design.style === 'hoops' && (
        <NumberField
          name="hoopDiameterMm"
          label="Hoop diameter (mm)"
          value={design.hoopDiameterMm ?? 20}
          limits={LIMITS.hoopDiameterMm}
          blank={blank}
          onValue={(n) => earrings((d) => ({ ...d, hoopDiameterMm: n }))}
        />
      )}
      {design.style === 'hoops' && (
        <NumberField name="hoopStones" label="Stones on each hoop" value={design.hoopStones} limits={LIMITS.hoopStones} blank={blank} onValue={(n) => earrings((d) => ({ ...d, hoopStones: n }))} />
      )}
      <SelectField
        name="prongs"
        label="Holds the stones with"
        value={String(design.prongs) as '0' | '4' | '6'}
        options={['4', '6', '0'] as const}
        text={PRONG_TEXT}
        onValue={(v) => earrings((d) => ({ ...d, prongs: Number(v) as 0 | 4 | 6 }))}
      />
    </Group>
  );
}

/** What a necklace and a bracelet share: their length and the stones along them. */
function StrandFields<D extends NecklaceDesign | BraceletDesign>({
  design,
  lengthLimits,
  blank,
  edit,
}: {
  design: D;
  lengthLimits: { min: number; max: number; step: number };
  blank: Blank;
  edit: (fn: (d: D) => D) => void;
}) {
  return (
    <>
      <NumberField name="lengthIn" label="Length (inches)" value={design.lengthIn} limits={lengthLimits} blank={blank} onValue={(n) => edit((d) => ({ ...d, lengthIn: n }))} />
      <NumberField name="stones" label="Stones" value={design.stones} limits={LIMITS.stones} blank={blank} onValue={(n) => edit((d) => ({ ...d, stones: n }))} />
      <NumberField name="stoneMm" label="Stone size (mm)" value={design.stoneMm} limits={LIMITS.stoneMm} blank={blank} onValue={(n) => edit((d) => ({ ...d, stoneMm: n }))} />
    </>
  );
}

function NecklaceFields({ design, change, blank }: { design: NecklaceDesign; change: Change; blank: Blank }) {
  const necklace = (fn: (d: NecklaceDesign) => NecklaceDesign) => change((d) => (d.form === 'necklace' ? fn(d) : d));
  return (
    <Group legend="Necklace">
      <StrandFields design={design} lengthLimits={LIMITS.necklaceLengthIn} blank={blank} edit={necklace} />
      <SelectField
        name="motif"
        label="Motif"
        value={design.motif ?? 'none'}
        options={['none', 'solitaire', 'cluster', 'bar', 'halo'] as const}
        text={MOTIF_TEXT}
        onValue={(v) => necklace((d) => ({ ...d, motif: v === 'none' ? null : v }))}
      />
    </Group>
  );
}

function BraceletFields({ design, change, blank }: { design: BraceletDesign; change: Change; blank: Blank }) {
  const bracelet = (fn: (d: BraceletDesign) => BraceletDesign) => change((d) => (d.form === 'bracelet' ? fn(d) : d));
  return (
    <Group legend="Bracelet">
      <StrandFields design={design} lengthLimits={LIMITS.braceletLengthIn} blank={blank} edit={bracelet} />
      {design.style === 'bangle' && (
        <NumberField name="widthMm" label="Bangle width (mm)" value={design.widthMm} limits={LIMITS.widthMm} blank={blank} onValue={(n) => bracelet((d) => ({ ...d, widthMm: n }))} />
      )}
      <SelectField
        name="inlay"
        label="Inlay"
        value={inlayOf(design.inlay)}
        options={['none', 'black', 'white'] as const}
        text={INLAY_TEXT}
        onValue={(v) => bracelet((d) => ({ ...d, inlay: inlayFrom(v) }))}
      />
    </Group>
  );
}

/** The fields of a design's form. */
export function DesignFields({ design, change, blank }: { design: PieceDesign; change: Change; blank: Blank }) {
  switch (design.form) {
    case 'ring':
      return <RingFields design={design} change={change} blank={blank} />;
    case 'earrings':
      return <EarringFields design={design} change={change} blank={blank} />;
    case 'necklace':
      return <NecklaceFields design={design} change={change} blank={blank} />;
    case 'bracelet':
      return <BraceletFields design={design} change={change} blank={blank} />;
  }
}
