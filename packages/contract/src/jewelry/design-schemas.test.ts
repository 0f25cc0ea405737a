import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DESIGN_BOUNDS, designFormOf, type DesignBound } from './design.ts';
import { checkDesign, designProblems, designSchemaFor, pieceDesignSchema, readStoredDesign, storedDesignSchema, type PieceDesign } from './design-schemas.ts';
import { orderProductSchema } from '../orders/orders.ts';
import { PRODUCT_FAMILIES, type ProductFamily } from './products.ts';

const stone = { gem: 'diamond', shape: 'Round', lengthMm: 6.4, widthMm: 6.4, depthMm: 3.9 } as const;
const setting = {
  form: 'ring',
  bandWidthMm: 2,
  bandThicknessMm: 1.7,
  profile: 'comfort',
  milgrain: false,
  head: { prongs: 4, halo: 'none', sideCenters: 0, shapes: ['Round'], minWidthMm: 5, maxWidthMm: 9, shownWidthMm: 6.4, minCenterCarat: 0, vintage: false },
  accents: { setting: 'pave', count: 20, caratTotal: 0.3, coverage: 0.5, gem: 'diamond' },
  center: stone,
  inlay: null,
} satisfies PieceDesign;
const hoops = { form: 'earrings', style: 'hoops', stone: null, hoopDiameterMm: 20, hoopStones: 12, prongs: 0 } satisfies PieceDesign;
const studs = { form: 'earrings', style: 'studs', stone, hoopDiameterMm: null, hoopStones: 0, prongs: 4 } satisfies PieceDesign;
const pendant = { form: 'necklace', style: 'pendant', lengthIn: 18, stones: 0, stoneMm: 1.2, pendant: stone, motif: 'solitaire' } satisfies PieceDesign;
const bangle = { form: 'bracelet', style: 'bangle', lengthIn: 7, stones: 10, stoneMm: 1.5, widthMm: 4, inlay: 'black' } satisfies PieceDesign;

type Json = Record<string, unknown>;

/** `design` with the value at `path` (e.g. ['head', 'minWidthMm']) replaced. */
function withValue(design: PieceDesign, path: readonly string[], value: unknown): Json {
  const copy = structuredClone(design) as Json;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Json;
  at[path.at(-1)!] = value;
  return copy;
}

/** Where each group of DESIGN_BOUNDS sits in a design, and a design of a family it applies to. */
const PLACES: Record<keyof typeof DESIGN_BOUNDS, { family: ProductFamily; design: PieceDesign; prefix: string[] }[]> = {
  ring: [{ family: 'band', design: { ...setting, head: null, center: null }, prefix: [] }],
  // A ring family's head (not a setting's, whose window must also be in order) carries each bound on its own.
  head: [{ family: 'ring', design: setting, prefix: ['head'] }],
  accents: [{ family: 'band', design: setting, prefix: ['accents'] }],
  stoneLook: [
    { family: 'ring', design: setting, prefix: ['center'] },
    { family: 'earrings', design: studs, prefix: ['stone'] },
    { family: 'necklace', design: pendant, prefix: ['pendant'] },
  ],
  earrings: [{ family: 'earrings', design: hoops, prefix: [] }],
  necklace: [{ family: 'necklace', design: pendant, prefix: [] }],
  bracelet: [{ family: 'bracelet', design: bangle, prefix: [] }],
};

const cases = Object.entries(DESIGN_BOUNDS).flatMap(([group, fields]) =>
  PLACES[group as keyof typeof DESIGN_BOUNDS].flatMap((place) =>
    Object.entries(fields as Record<string, DesignBound>).map(([field, bound]) => ({ ...place, path: [...place.prefix, field], bound })),
  ),
);

describe('the design schema a design is written through (designSchemaFor)', () => {
  it('takes every example piece as it is, and gives back the same design to store', () => {
    for (const [family, design] of [['setting', setting], ['preset', setting], ['earrings', hoops], ['earrings', studs], ['necklace', pendant], ['bracelet', bangle]] as const) {
      expect(checkDesign(design, family), family).toEqual({ design, problems: null });
    }
  });

  it.each(cases.map((c) => [`${c.family} design.${c.path.join('.')}`, c] as const))('holds %s at both ends of its bound and refuses it just outside, naming it', (_, c) => {
    const { bound, family, design, path } = c;
    const name = `design.${path.join('.')}`;
    for (const inside of [bound.min, bound.max]) expect(designProblems(withValue(design, path, inside), family), `${name} = ${inside}`).toEqual([]);
    const nudge = bound.whole ? 1 : 0.001;
    for (const outside of [bound.min - nudge, bound.max + nudge, 'x', null, Number.NaN, Number.POSITIVE_INFINITY]) {
      const problems = designProblems(withValue(design, path, outside), family);
      expect(problems.length, `${name} = ${String(outside)}`).toBeGreaterThan(0);
      expect(problems.join(' '), `${name} = ${String(outside)}`).toContain(name);
    }
    if (bound.whole) expect(designProblems(withValue(design, path, bound.min + 0.5), family).join(' ')).toContain(`${name} must be a whole number`);
  });

  it('says a bound in the words the import and the back office have always given', () => {
    expect(designProblems({ ...setting, bandWidthMm: 40 }, 'setting')).toEqual([`design.bandWidthMm must be from ${DESIGN_BOUNDS.ring.bandWidthMm.min} to ${DESIGN_BOUNDS.ring.bandWidthMm.max}`]);
    expect(designProblems({ ...hoops, hoopStones: 2.5 }, 'earrings')).toEqual(['design.hoopStones must be a whole number from 0 to 100']);
    expect(designProblems({ ...setting, head: { ...setting.head, prongs: 5 } }, 'setting')).toEqual(['design.head.prongs must be 0 (a bezel), 4 or 6']);
    expect(designProblems({ ...setting, profile: 'round' }, 'setting')).toEqual(['design.profile must be one of comfort, flat, knife-edge, domed, tapered']);
    expect(designProblems({ ...bangle, inlay: 'red' }, 'bracelet')).toEqual(['design.inlay must be null, black or white']);
  });

  it('draws each family in its own form, and says so once instead of listing the other form’s fields', () => {
    for (const family of PRODUCT_FAMILIES) {
      const form = designFormOf(family);
      expect(form).toBe(['setting', 'preset', 'band', 'ring'].includes(family) ? 'ring' : family);
      const other = form === 'ring' ? pendant : setting;
      expect(designProblems(other, family)).toEqual([`a ${family} is drawn as form "${form}", not "${other.form}"`]);
    }
    for (const notADesign of ['a ring', null, 42, [], {}]) expect(designProblems(notADesign, 'band')).toEqual(['design must be an object with a form']);
  });

  it('asks a setting and a preset for a head, and a setting for a window of stone widths in order', () => {
    expect(designProblems({ ...setting, head: null }, 'setting')).toEqual(['a setting or preset needs a head']);
    expect(designProblems({ ...setting, head: null }, 'preset')).toEqual(['a setting or preset needs a head']);
    expect(designProblems({ ...setting, head: null, center: null }, 'band')).toEqual([]);
    for (const window of [{ minWidthMm: 9, maxWidthMm: 5 }, { minWidthMm: 6, maxWidthMm: 6 }]) {
      const design = { ...setting, head: { ...setting.head, ...window } };
      expect(designProblems(design, 'setting').join(' ')).toContain("a setting's design.head needs minWidthMm and maxWidthMm");
      // Only a setting is matched to certificates by its window (decision 015).
      expect(designProblems(design, 'preset')).toEqual([]);
    }
    const { minWidthMm: _min, maxWidthMm: _max, ...noWindow } = setting.head;
    expect(designProblems({ ...setting, head: noWindow }, 'setting').join(' ')).toContain('minWidthMm and maxWidthMm');
    expect(checkDesign({ ...setting, head: noWindow }, 'preset').design).toMatchObject({ head: { minWidthMm: 6.4, maxWidthMm: 6.4 } });
  });

  it('asks hoops for a diameter, and studs and drops for their stone', () => {
    expect(designProblems({ ...hoops, hoopDiameterMm: null }, 'earrings')).toEqual(['design.hoopDiameterMm of a hoop must be from 8 to 60']);
    expect(designProblems({ ...studs, stone: null }, 'earrings')).toEqual(['studs and drops need design.stone']);
    expect(designProblems({ ...studs, style: 'drops', stone: null }, 'earrings')).toEqual(['studs and drops need design.stone']);
  });

  it('lists every problem of a design at once: a field’s and the family’s', () => {
    expect(designProblems({ ...setting, bandWidthMm: 0, milgrain: 'yes', head: null }, 'setting')).toEqual([
      'design.bandWidthMm must be from 0.5 to 12',
      'design.milgrain must be true or false',
      'a setting or preset needs a head',
    ]);
  });

  it('reads a part a design leaves out as none, and keeps nothing it does not know', () => {
    const { inlay: _inlay, accents: _accents, ...bare } = setting;
    expect(checkDesign({ ...bare, sparkle: 11 }, 'setting').design).toEqual({ ...setting, accents: null, inlay: null });
  });

  it('is the same schema for every product of one family', () => {
    expect(designSchemaFor('band')).toBe(designSchemaFor('band'));
  });
});

describe('the design an answer carries (pieceDesignSchema) and a column keeps (storedDesignSchema)', () => {
  const outOfBounds = { ...setting, bandWidthMm: 40, accents: { ...setting.accents, count: 900 } };

  it('reads a design saved or ordered under other bounds: an order keeps its piece as it was ordered', () => {
    expect(pieceDesignSchema.parse(outOfBounds)).toEqual(outOfBounds);
    expect(z.encode(pieceDesignSchema, outOfBounds)).toEqual(outOfBounds);
    const line = orderProductSchema.shape.design;
    expect(line.parse(outOfBounds)).toEqual(outOfBounds);
  });

  it('still refuses what is no design at all', () => {
    for (const bad of [{ ...setting, form: 'brooch' }, { ...setting, profile: 'round' }, { ...hoops, hoopStones: 'many' }, 'a ring']) expect(pieceDesignSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('completes a stored design that left parts out, and gives back one it cannot read as it was kept', () => {
    const { inlay: _inlay, ...noInlay } = setting;
    const { minWidthMm: _min, maxWidthMm: _max, ...head } = setting.head;
    expect(storedDesignSchema.parse({ ...noInlay, head })).toEqual({ ...setting, head: { ...setting.head, minWidthMm: 6.4, maxWidthMm: 6.4 } });
    expect(readStoredDesign(noInlay)).toEqual(setting);
    const odd = { form: 'brooch', pins: 2 };
    expect(readStoredDesign(odd)).toBe(odd);
  });
});
