/**
 * A piece's design as a schema: a union by form (ring, earrings, necklace, bracelet), from which its types are
 * inferred. One definition, read three ways:
 * - `pieceDesignSchema`, the design as the API sends it: its shape (forms, choices, numbers), not its bounds.
 * - `storedDesignSchema`, a design as a column keeps it: the same, completing what older designs left out.
 * - `designSchemaFor(family)`, a design being written (the catalog import, the back office): every measure within
 *   DESIGN_BOUNDS (design.ts) and the family's rules, each problem in words naming its field (`design.bandWidthMm
 *   must be from 0.5 to 12`), the words the import's problem rows and the back office's 422 give.
 * docs/decisions/014-jewelry-catalog.md.
 */
import { z } from 'zod';
import { SHAPES } from '../constants.ts';
import {
  ACCENT_SETTINGS,
  BAND_PROFILES,
  BRACELET_STYLES,
  DESIGN_BOUNDS,
  EARRING_STYLES,
  HALO_KINDS,
  INLAYS,
  NECKLACE_STYLES,
  PENDANT_MOTIFS,
  PRONG_COUNTS,
  SIDE_CENTER_COUNTS,
  boundText,
  designFormOf,
  type DesignBound,
  type DesignForm,
} from './design.ts';
import { GEMSTONES, LUXE_MIN_CENTER_CARAT, type GemstoneId, type ProductFamily } from './products.ts';
import { listWords } from '../words.ts';

const gemIds = GEMSTONES.map((g) => g.id) as [GemstoneId, ...GemstoneId[]];

/**
 * How strictly a design is read: `wire` is the shape alone; `stored` also gives what older designs left out
 * (absent parts are null, a head without a window holds the stone it is shown with), which only a parse can do, so
 * it never serializes an answer; `checked` adds the bounds and the messages.
 */
type Strictness = 'wire' | 'stored' | 'checked';

function designForms(strictness: Strictness) {
  const checked = strictness === 'checked';
  const completes = strictness !== 'wire';
  /** The field's message where a design is checked; zod's own words elsewhere (a wire answer is not a person's input). */
  const says = (message: string) => (checked ? { error: message } : undefined);
  const measure = (bound: DesignBound, field: string, message = `${field} must be ${boundText(bound)}`) => {
    if (!checked) return z.number();
    const n = z.number(says(message)).min(bound.min, says(message)).max(bound.max, says(message));
    return bound.whole ? n.int(says(message)) : n;
  };
  const flag = (field: string) => z.boolean(says(`${field} must be true or false`));
  /** A part a design may leave out: null, and (read or checked) absent is read as null, as the import always allowed. */
  const orNull = <T extends z.ZodType>(schema: T) => (completes ? schema.nullable().default(null) : schema.nullable());
  const prongs = (field: string) => z.literal(PRONG_COUNTS, says(`${field} must be 0 (a bezel), 4 or 6`));
  const inlay = () => orNull(z.enum(INLAYS, says(`design.inlay must be null, ${listWords(INLAYS)}`)));

  const stoneLook = (where: string) => {
    const size = DESIGN_BOUNDS.stoneLook;
    return z.object(
      {
        gem: z.enum(gemIds, says(`${where}.gem must be a gem of the gem list`)),
        shape: z.enum(SHAPES, says(`${where}.shape must be a shape of the shape list`)),
        lengthMm: measure(size.lengthMm, `${where}.lengthMm`),
        widthMm: measure(size.widthMm, `${where}.widthMm`),
        depthMm: measure(size.depthMm, `${where}.depthMm`),
      },
      says(`${where} must be null or a stone: a gem, a shape and lengthMm, widthMm and depthMm`),
    );
  };

  const h = DESIGN_BOUNDS.head;
  const headObject = z.object(
    {
      /** 0 for a bezel. */
      prongs: prongs('design.head.prongs'),
      /** A halo of small stones round the center: none, a visible halo, or hidden under the stone. */
      halo: z.enum(HALO_KINDS, says(`design.head.halo must be ${listWords(HALO_KINDS)}`)),
      /** Side stones beside the center: none, or two (three-stone). */
      sideCenters: z.literal(SIDE_CENTER_COUNTS, says('design.head.sideCenters must be 0 or 2')),
      /** Shapes of center stone the head is made for. */
      shapes: z.array(z.enum(SHAPES, says('design.head.shapes must be shapes from the shape list')), says('design.head.shapes must be shapes from the shape list')),
      /** The window of center-stone sizes it holds, by the stone's width in mm (the builder matches certificates to it). */
      minWidthMm: measure(h.minWidthMm, 'design.head.minWidthMm'),
      maxWidthMm: measure(h.maxWidthMm, 'design.head.maxWidthMm'),
      /** Where the head is drawn on a picture with no stone chosen: the width of the stone it is shown with, mm. */
      shownWidthMm: measure(h.shownWidthMm, 'design.head.shownWidthMm'),
      /** §9: a Luxe head takes a center stone of LUXE_MIN_CENTER_CARAT or more (absent or 0 on every other head). */
      minCenterCarat: measure(
        h.minCenterCarat,
        'design.head.minCenterCarat',
        `design.head.minCenterCarat, when given, must be the smallest center stone in carats the head takes, ${boundText(h.minCenterCarat)} (${LUXE_MIN_CENTER_CARAT} for a Luxe head)`,
      ).optional(),
      /** Vintage details (filigree, milgrain on the head). */
      vintage: flag('design.head.vintage'),
    },
    says('design.head must be null or a head: prongs, halo, sideCenters, shapes, minWidthMm, maxWidthMm, shownWidthMm and vintage'),
  );
  // Before the import asked every head for its window, a head that is not a setting's could leave it out: it holds
  // the stone it is drawn with. A setting's own rule (designSchemaFor) still asks for a real window.
  const head = completes
    ? z.preprocess((v) => (isRecord(v) && v.minWidthMm === undefined && v.maxWidthMm === undefined ? { ...v, minWidthMm: v.shownWidthMm, maxWidthMm: v.shownWidthMm } : v), headObject)
    : headObject;

  const a = DESIGN_BOUNDS.accents;
  const accents = z.object(
    {
      setting: z.enum(ACCENT_SETTINGS, says(`design.accents.setting must be one of ${ACCENT_SETTINGS.join(', ')}`)),
      count: measure(a.count, 'design.accents.count'),
      /** Total carat weight of the accent stones. */
      caratTotal: measure(a.caratTotal, 'design.accents.caratTotal'),
      /** How far round the band they go: 0.5 for half, 1 for all the way (eternity). */
      coverage: measure(a.coverage, 'design.accents.coverage', `design.accents.coverage must be ${boundText(a.coverage)} (1 is all the way round)`),
      gem: z.enum(gemIds, says('design.accents.gem must be a gem of the gem list')),
    },
    says('design.accents must be null or accent stones: a setting, a count, a caratTotal, a coverage and a gem'),
  );

  const r = DESIGN_BOUNDS.ring;
  const ring = z.object({
    form: z.literal('ring'),
    /** Width of the band at its base, mm. */
    bandWidthMm: measure(r.bandWidthMm, 'design.bandWidthMm'),
    /** Thickness of the band, mm. */
    bandThicknessMm: measure(r.bandThicknessMm, 'design.bandThicknessMm'),
    profile: z.enum(BAND_PROFILES, says(`design.profile must be one of ${BAND_PROFILES.join(', ')}`)),
    milgrain: flag('design.milgrain'),
    /** The head that holds a center stone; absent on a band. */
    head: orNull(head),
    /** Small stones along the band or around the head. */
    accents: orNull(accents),
    /** A coloured stone or a stocked center (presets draw their own stone). */
    center: orNull(stoneLook('design.center')),
    /** A ceramic inlay (The Ceramic Series). */
    inlay: inlay(),
  });

  const e = DESIGN_BOUNDS.earrings;
  const earringObject = z.object({
    form: z.literal('earrings'),
    style: z.enum(EARRING_STYLES, says(`design.style must be ${listWords(EARRING_STYLES)}`)),
    /** Each earring's stone (studs, drops), or the stones along a hoop. */
    stone: orNull(stoneLook('design.stone')),
    hoopDiameterMm: orNull(measure(e.hoopDiameterMm, 'design.hoopDiameterMm', `design.hoopDiameterMm must be null or ${boundText(e.hoopDiameterMm)}`)),
    /** Stones along each hoop. */
    hoopStones: measure(e.hoopStones, 'design.hoopStones'),
    prongs: prongs('design.prongs'),
  });
  const earrings = checked
    ? earringObject.superRefine((d, ctx) => {
        if (!isRecord(d)) return;
        if (d.style === 'hoops' && d.hoopDiameterMm === null) ctx.addIssue({ code: 'custom', path: ['hoopDiameterMm'], message: `design.hoopDiameterMm of a hoop must be ${boundText(e.hoopDiameterMm)}` });
        if (d.style !== 'hoops' && d.stone === null) ctx.addIssue({ code: 'custom', path: ['stone'], message: 'studs and drops need design.stone' });
      }, EVERY_TIME)
    : earringObject;

  /** What a necklace and a bracelet share: a style, a length, and the stones along them. */
  const strand = <S extends readonly [string, ...string[]]>(styles: S, bounds: { lengthIn: DesignBound; stones: DesignBound; stoneMm: DesignBound }) => ({
    style: z.enum(styles, says(`design.style must be ${listWords(styles)}`)),
    lengthIn: measure(bounds.lengthIn, 'design.lengthIn'),
    /** A tennis piece's stones, or a pendant's or a bangle's accents. */
    stones: measure(bounds.stones, 'design.stones'),
    stoneMm: measure(bounds.stoneMm, 'design.stoneMm'),
  });
  const necklace = z.object({
    form: z.literal('necklace'),
    ...strand(NECKLACE_STYLES, DESIGN_BOUNDS.necklace),
    pendant: orNull(stoneLook('design.pendant')),
    /** Pendant motif (Elements, The Bouquet): a single stone, a cluster, a bar. */
    motif: orNull(z.enum(PENDANT_MOTIFS, says(`design.motif must be null, ${listWords(PENDANT_MOTIFS)}`))),
  });
  const bracelet = z.object({
    form: z.literal('bracelet'),
    ...strand(BRACELET_STYLES, DESIGN_BOUNDS.bracelet),
    /** Width of a bangle, mm. */
    widthMm: measure(DESIGN_BOUNDS.bracelet.widthMm, 'design.widthMm'),
    inlay: inlay(),
  });

  return { ring, earrings, necklace, bracelet, head: headObject, accents, stoneLook: stoneLook('design.center') };
}

/** A rule that looks at the whole design runs even when a field is wrong, so the import lists every problem of a row at once. */
const EVERY_TIME = { when: () => true };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const wire = designForms('wire');

/**
 * What a piece looks like and is made of, from which its picture, its 3D view, its specifications and its price are
 * drawn. Millimetres and carats are real: the picture is to scale. Every answer that carries a design (a product, a
 * built ring, an order's line) uses this one, which checks its shape and never its bounds: an order keeps its design
 * as it was ordered and a piece as it was saved, so tightening a bound later must not make them unreadable.
 */
export const pieceDesignSchema = z.discriminatedUnion('form', [wire.ring, wire.earrings, wire.necklace, wire.bracelet]);

export type PieceDesign = z.infer<typeof pieceDesignSchema>;
export type RingDesign = z.infer<typeof wire.ring>;
export type RingHead = z.infer<typeof wire.head>;
export type RingAccents = z.infer<typeof wire.accents>;
export type CenterStoneLook = z.infer<typeof wire.stoneLook>;
export type EarringDesign = z.infer<typeof wire.earrings>;
export type NecklaceDesign = z.infer<typeof wire.necklace>;
export type BraceletDesign = z.infer<typeof wire.bracelet>;

const stored = designForms('stored');

/**
 * A design as its owner reads it back from a column (the jewelry's variants, an order's lines): the shape, with what
 * designs saved before their parts were all required left out (read as null; a head's window as the stone it shows).
 */
export const storedDesignSchema: z.ZodType<PieceDesign> = z.discriminatedUnion('form', [stored.ring, stored.earrings, stored.necklace, stored.bracelet]);

/**
 * A stored design, completed; one the schema cannot read is given back as it was kept, so one odd row never takes a
 * whole catalog down with it (its own answer then fails its check and says so).
 */
export function readStoredDesign(value: unknown): PieceDesign {
  const read = storedDesignSchema.safeParse(value);
  return read.success ? read.data : (value as PieceDesign);
}

const checked = designForms('checked');
const checkedForms: Record<DesignForm, z.ZodType<PieceDesign>> = {
  ring: checked.ring,
  earrings: checked.earrings,
  necklace: checked.necklace,
  bracelet: checked.bracelet,
};

/** The family's rules, beyond its form's: what a setting or a preset must have for the ring builder and the pictures. */
function familyRules(family: ProductFamily) {
  return (d: PieceDesign, ctx: z.RefinementCtx) => {
    // Runs on a design with wrong fields too (EVERY_TIME), or on no design at all when its form was wrong.
    if (!isRecord(d) || d.form !== 'ring') return;
    const head = isRecord(d.head) ? d.head : null;
    if ((family === 'setting' || family === 'preset') && (d.head === null || d.head === undefined)) ctx.addIssue({ code: 'custom', path: ['head'], message: 'a setting or preset needs a head' });
    // The ring builder matches certificates to a setting's window of stone widths (decision 015).
    if (family === 'setting' && head && !(typeof head.minWidthMm === 'number' && typeof head.maxWidthMm === 'number' && head.minWidthMm < head.maxWidthMm)) {
      ctx.addIssue({
        code: 'custom',
        path: ['head', 'minWidthMm'],
        message: `a setting's design.head needs minWidthMm and maxWidthMm, the window of center-stone widths it holds in mm (${boundText(DESIGN_BOUNDS.head.minWidthMm)}, min below max)`,
      });
    }
  };
}

const forFamily = new Map<ProductFamily, z.ZodType<PieceDesign>>();

/**
 * A design for a product of `family`, as the import and the back office write one: drawn as the family's form, every
 * measure within its bounds, and the family's rules. Its output is the design to store (absent parts as null).
 */
export function designSchemaFor(family: ProductFamily): z.ZodType<PieceDesign> {
  const known = forFamily.get(family);
  if (known) return known;
  const form = designFormOf(family);
  // The form is checked first and alone: a necklace's design offered for a ring says that, not forty ring fields.
  const gate = z.looseObject(
    { form: z.literal(form, { error: (issue) => (issue.input === undefined ? 'design must be an object with a form' : `a ${family} is drawn as form "${form}", not "${String(issue.input)}"`) }) },
    { error: 'design must be an object with a form' },
  );
  const schema = gate.pipe(checkedForms[form] as z.ZodType<PieceDesign, z.output<typeof gate>>).superRefine(familyRules(family), EVERY_TIME);
  forFamily.set(family, schema);
  return schema;
}

/** A design checked for `family`: the design to store, or what is wrong with it in words (each once). */
export function checkDesign(value: unknown, family: ProductFamily): { design: PieceDesign; problems: null } | { design: null; problems: string[] } {
  const result = designSchemaFor(family).safeParse(value);
  if (result.success) return { design: result.data, problems: null };
  return { design: null, problems: [...new Set(result.error.issues.map((i) => i.message))] };
}

/** What is wrong with a design for a product of `family`, in words; empty when it can be drawn and priced. */
export function designProblems(value: unknown, family: ProductFamily): string[] {
  return checkDesign(value, family).problems ?? [];
}

/** The words a refused design is answered with: the back office's 422, and its editor's own check before it asks. */
export function designRefusal(problems: readonly string[]): string {
  return `The design cannot be drawn and priced: ${problems.join('; ')}.`;
}
