import {
  ACCENT_SETTINGS,
  BAND_PROFILES,
  DESIGN_BOUNDS,
  HALO_KINDS,
  INLAYS,
  PENDANT_MOTIFS,
  PRONG_COUNTS,
  boundText,
  type AccentSetting,
  type BandProfile,
  type BraceletDesign,
  type DesignBound,
  type EarringDesign,
  type NecklaceDesign,
  type PieceDesign,
  type RingDesign,
} from '@everstone/contract';
import { Field, type BoundForm } from '../../../components/ui/form';

/**
 * The picture parameters of a variant's design, as fields of the editor's form: the band of a ring (and its head and
 * accent stones when it has them), the hoops of earrings, a necklace's or a bracelet's length and stones. Every other
 * part of the design stays as it is. Each number field offers the bounds the server checks a design against (the
 * contract's DESIGN_BOUNDS) and says them beside it. The number fields are left uncontrolled (remounted by the editor
 * on Reset and after Save), so a field emptied while typing stays empty instead of jumping back; it is reported as
 * blank until it holds a number.
 */

/** The names of the design's fields, each a message key of the editor's form (a change drops what it covers). */
export const DESIGN_FIELDS = [
  'bandWidthMm',
  'bandThicknessMm',
  'profile',
  'inlay',
  'milgrain',
  'prongs',
  'halo',
  'vintage',
  'accentSetting',
  'accentCount',
  'accentCarat',
  'coverage',
  'hoopDiameterMm',
  'hoopStones',
  'lengthIn',
  'stones',
  'stoneMm',
  'motif',
  'widthMm',
] as const;
export type DesignField = (typeof DESIGN_FIELDS)[number];
type DesignForm = BoundForm<DesignField>;

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
type Inlay = (typeof INLAYS)[number];
type Motif = (typeof PENDANT_MOTIFS)[number];
type Prongs = (typeof PRONG_COUNTS)[number];
const INLAY_TEXT: Record<'none' | Inlay, string> = { none: 'None', black: 'Black ceramic', white: 'White ceramic' };
const INLAY_OPTIONS = ['none', ...INLAYS] as const;
const HALO_TEXT: Record<(typeof HALO_KINDS)[number], string> = { none: 'None', halo: 'Halo', hidden: 'Hidden halo' };
const PRONG_TEXT: Record<`${Prongs}`, string> = { 0: 'Bezel', 4: '4 prongs', 6: '6 prongs' };
const PRONG_OPTIONS = PRONG_COUNTS.map((n) => `${n}` as const);
const MOTIF_TEXT: Record<'none' | Motif, string> = { none: 'None', solitaire: 'Solitaire', cluster: 'Cluster', bar: 'Bar', halo: 'Halo' };
const MOTIF_OPTIONS = ['none', ...PENDANT_MOTIFS] as const;

const b = DESIGN_BOUNDS;

function NumberField({
  form,
  name,
  label,
  value,
  bound,
  onValue,
  blank,
}: {
  form: DesignForm;
  name: DesignField;
  label: string;
  value: number;
  bound: DesignBound;
  onValue: (n: number) => void;
  blank: Blank;
}) {
  const words = boundText(bound);
  return (
    <Field
      form={form}
      name={name}
      label={label}
      hint={`${words.charAt(0).toUpperCase() + words.slice(1)}.`}
      type="number"
      inputMode={bound.whole ? 'numeric' : 'decimal'}
      controlClassName="adm-control"
      defaultValue={value}
      min={bound.min}
      max={bound.max}
      step={bound.step}
      required
      onChange={(e) => {
        const n = e.currentTarget.valueAsNumber;
        const ok = Number.isFinite(n);
        blank(name, !ok);
        if (ok) onValue(n);
      }}
    />
  );
}

function SelectField<T extends string>({
  form,
  name,
  label,
  value,
  options,
  text,
  onValue,
}: {
  form: DesignForm;
  name: DesignField;
  label: string;
  value: T;
  options: readonly T[];
  text: Record<T, string>;
  onValue: (value: T) => void;
}) {
  return (
    <Field form={form} as="select" name={name} label={label} controlClassName="adm-control" defaultValue={value} onChange={(e) => onValue(e.currentTarget.value as T)}>
      {options.map((o) => (
        <option key={o} value={o}>
          {text[o]}
        </option>
      ))}
    </Field>
  );
}

/** A box the kit does not draw: it drops its messages as it changes, as the kit's fields do. */
function CheckField({ form, name, label, value, onValue }: { form: DesignForm; name: DesignField; label: string; value: boolean; onValue: (on: boolean) => void }) {
  const id = `${form.id}-${name}`;
  return (
    <div className="adm-check">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={value}
        onChange={(e) => {
          form.clear(name);
          onValue(e.currentTarget.checked);
        }}
      />
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

/** A ring's or a bracelet's inlay; none is null in the design. */
function InlayField({ form, value, onValue }: { form: DesignForm; value: Inlay | null; onValue: (inlay: Inlay | null) => void }) {
  return <SelectField form={form} name="inlay" label="Inlay" value={value ?? 'none'} options={INLAY_OPTIONS} text={INLAY_TEXT} onValue={(v) => onValue(v === 'none' ? null : v)} />;
}

/** How a ring's head or earrings hold their stones: a bezel (0) or prongs. */
function ProngsField({ form, label, value, onValue }: { form: DesignForm; label: string; value: Prongs; onValue: (prongs: Prongs) => void }) {
  return <SelectField form={form} name="prongs" label={label} value={`${value}`} options={PRONG_OPTIONS} text={PRONG_TEXT} onValue={(v) => onValue(Number(v) as Prongs)} />;
}

function RingFields({ form, design, change, blank }: { form: DesignForm; design: RingDesign; change: Change; blank: Blank }) {
  const ring = (fn: (d: RingDesign) => RingDesign) => change((d) => (d.form === 'ring' ? fn(d) : d));
  const head = (patch: Partial<NonNullable<RingDesign['head']>>) => ring((d) => (d.head ? { ...d, head: { ...d.head, ...patch } } : d));
  const accents = (patch: Partial<NonNullable<RingDesign['accents']>>) => ring((d) => (d.accents ? { ...d, accents: { ...d.accents, ...patch } } : d));
  return (
    <>
      <Group legend="Band">
        <NumberField form={form} name="bandWidthMm" label="Band width (mm)" value={design.bandWidthMm} bound={b.ring.bandWidthMm} blank={blank} onValue={(n) => ring((d) => ({ ...d, bandWidthMm: n }))} />
        <NumberField
          form={form}
          name="bandThicknessMm"
          label="Band thickness (mm)"
          value={design.bandThicknessMm}
          bound={b.ring.bandThicknessMm}
          blank={blank}
          onValue={(n) => ring((d) => ({ ...d, bandThicknessMm: n }))}
        />
        <SelectField form={form} name="profile" label="Profile" value={design.profile} options={BAND_PROFILES} text={PROFILE_TEXT} onValue={(profile) => ring((d) => ({ ...d, profile }))} />
        <InlayField form={form} value={design.inlay} onValue={(inlay) => ring((d) => ({ ...d, inlay }))} />
        <CheckField form={form} name="milgrain" label="Milgrain edges" value={design.milgrain} onValue={(milgrain) => ring((d) => ({ ...d, milgrain }))} />
      </Group>
      {design.head && (
        <Group legend="Head">
          <ProngsField form={form} label="Holds the stone with" value={design.head.prongs} onValue={(prongs) => head({ prongs })} />
          <SelectField form={form} name="halo" label="Halo" value={design.head.halo} options={HALO_KINDS} text={HALO_TEXT} onValue={(halo) => head({ halo })} />
          <CheckField form={form} name="vintage" label="Vintage details" value={design.head.vintage} onValue={(vintage) => head({ vintage })} />
        </Group>
      )}
      {design.accents && (
        <Group legend="Accent stones">
          <SelectField form={form} name="accentSetting" label="Setting" value={design.accents.setting} options={ACCENT_SETTINGS} text={ACCENT_TEXT} onValue={(setting) => accents({ setting })} />
          <NumberField form={form} name="accentCount" label="Stones" value={design.accents.count} bound={b.accents.count} blank={blank} onValue={(count) => accents({ count })} />
          <NumberField
            form={form}
            name="accentCarat"
            label="Carats in all (ct)"
            value={design.accents.caratTotal}
            bound={b.accents.caratTotal}
            blank={blank}
            onValue={(caratTotal) => accents({ caratTotal })}
          />
          <NumberField
            form={form}
            name="coverage"
            label="Coverage (1 = all round)"
            value={design.accents.coverage}
            bound={b.accents.coverage}
            blank={blank}
            onValue={(coverage) => accents({ coverage })}
          />
        </Group>
      )}
    </>
  );
}

function EarringFields({ form, design, change, blank }: { form: DesignForm; design: EarringDesign; change: Change; blank: Blank }) {
  const earrings = (fn: (d: EarringDesign) => EarringDesign) => change((d) => (d.form === 'earrings' ? fn(d) : d));
  return (
    <Group legend="Earrings">
      {design.style === 'hoops' && (
        <NumberField
          form={form}
          name="hoopDiameterMm"
          label="Hoop diameter (mm)"
          value={design.hoopDiameterMm ?? b.earrings.hoopDiameterMm.min}
          bound={b.earrings.hoopDiameterMm}
          blank={blank}
          onValue={(n) => earrings((d) => ({ ...d, hoopDiameterMm: n }))}
        />
      )}
      {design.style === 'hoops' && (
        <NumberField form={form} name="hoopStones" label="Stones on each hoop" value={design.hoopStones} bound={b.earrings.hoopStones} blank={blank} onValue={(n) => earrings((d) => ({ ...d, hoopStones: n }))} />
      )}
      <ProngsField form={form} label="Holds the stones with" value={design.prongs} onValue={(prongs) => earrings((d) => ({ ...d, prongs }))} />
    </Group>
  );
}

/** What a necklace and a bracelet share: their length and the stones along them. */
function StrandFields<D extends NecklaceDesign | BraceletDesign>({
  form,
  design,
  bounds,
  blank,
  edit,
}: {
  form: DesignForm;
  design: D;
  bounds: { lengthIn: DesignBound; stones: DesignBound; stoneMm: DesignBound };
  blank: Blank;
  edit: (fn: (d: D) => D) => void;
}) {
  return (
    <>
      <NumberField form={form} name="lengthIn" label="Length (inches)" value={design.lengthIn} bound={bounds.lengthIn} blank={blank} onValue={(n) => edit((d) => ({ ...d, lengthIn: n }))} />
      <NumberField form={form} name="stones" label="Stones" value={design.stones} bound={bounds.stones} blank={blank} onValue={(n) => edit((d) => ({ ...d, stones: n }))} />
      <NumberField form={form} name="stoneMm" label="Stone size (mm)" value={design.stoneMm} bound={bounds.stoneMm} blank={blank} onValue={(n) => edit((d) => ({ ...d, stoneMm: n }))} />
    </>
  );
}

function NecklaceFields({ form, design, change, blank }: { form: DesignForm; design: NecklaceDesign; change: Change; blank: Blank }) {
  const necklace = (fn: (d: NecklaceDesign) => NecklaceDesign) => change((d) => (d.form === 'necklace' ? fn(d) : d));
  return (
    <Group legend="Necklace">
      <StrandFields form={form} design={design} bounds={b.necklace} blank={blank} edit={necklace} />
      <SelectField
        form={form}
        name="motif"
        label="Motif"
        value={design.motif ?? 'none'}
        options={MOTIF_OPTIONS}
        text={MOTIF_TEXT}
        onValue={(v) => necklace((d) => ({ ...d, motif: v === 'none' ? null : v }))}
      />
    </Group>
  );
}

function BraceletFields({ form, design, change, blank }: { form: DesignForm; design: BraceletDesign; change: Change; blank: Blank }) {
  const bracelet = (fn: (d: BraceletDesign) => BraceletDesign) => change((d) => (d.form === 'bracelet' ? fn(d) : d));
  return (
    <Group legend="Bracelet">
      <StrandFields form={form} design={design} bounds={b.bracelet} blank={blank} edit={bracelet} />
      {design.style === 'bangle' && (
        <NumberField form={form} name="widthMm" label="Bangle width (mm)" value={design.widthMm} bound={b.bracelet.widthMm} blank={blank} onValue={(n) => bracelet((d) => ({ ...d, widthMm: n }))} />
      )}
      <InlayField form={form} value={design.inlay} onValue={(inlay) => bracelet((d) => ({ ...d, inlay }))} />
    </Group>
  );
}

/** The fields of a design's form, bound to the editor's form for their messages. */
export function DesignFields({ form, design, change, blank }: { form: DesignForm; design: PieceDesign; change: Change; blank: Blank }) {
  switch (design.form) {
    case 'ring':
      return <RingFields form={form} design={design} change={change} blank={blank} />;
    case 'earrings':
      return <EarringFields form={form} design={design} change={change} blank={blank} />;
    case 'necklace':
      return <NecklaceFields form={form} design={design} change={change} blank={blank} />;
    case 'bracelet':
      return <BraceletFields form={form} design={design} change={change} blank={blank} />;
  }
}
