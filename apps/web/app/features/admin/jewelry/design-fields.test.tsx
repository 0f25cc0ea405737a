import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { DESIGN_BOUNDS, boundText, type DesignBound, type DesignForm, type PieceDesign } from '@everstone/contract/core';
import { SAMPLE_DESIGNS } from '../../../components/jewelry/samples';
import { useForm } from '../../../components/ui/form';
import { DESIGN_FIELDS, DesignFields } from './design-fields';

/** Which bound each number field of a form's editor is held to. */
const FIELDS: Record<DesignForm, Record<string, DesignBound>> = {
  ring: {
    bandWidthMm: DESIGN_BOUNDS.ring.bandWidthMm,
    bandThicknessMm: DESIGN_BOUNDS.ring.bandThicknessMm,
    accentCount: DESIGN_BOUNDS.accents.count,
    accentCarat: DESIGN_BOUNDS.accents.caratTotal,
    coverage: DESIGN_BOUNDS.accents.coverage,
  },
  earrings: DESIGN_BOUNDS.earrings,
  necklace: { lengthIn: DESIGN_BOUNDS.necklace.lengthIn, stones: DESIGN_BOUNDS.necklace.stones, stoneMm: DESIGN_BOUNDS.necklace.stoneMm },
  bracelet: DESIGN_BOUNDS.bracelet,
};

/** The fields as the editor draws them: bound to a form (which needs a router, as a page has). */
function draw(design: PieceDesign): string {
  function Editor() {
    const form = useForm({ fields: DESIGN_FIELDS, send: async () => null });
    return <DesignFields form={form} design={design} change={() => {}} blank={() => {}} />;
  }
  const Page = createRoutesStub([{ path: '/', Component: Editor }]);
  return renderToStaticMarkup(<Page />);
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

describe('the back office’s design fields', () => {
  it('offer the bounds the server checks a design against, and say them beside each field', () => {
    const seen = new Set<string>();
    for (const { title, design } of SAMPLE_DESIGNS) {
      const html = draw(design);
      for (const tag of html.match(/<input[^>]*type="number"[^>]*>/g) ?? []) {
        const name = attr(tag, 'name')!;
        const bound = FIELDS[design.form][name];
        expect(bound, `${title}: ${name}`).toBeDefined();
        expect([attr(tag, 'min'), attr(tag, 'max'), attr(tag, 'step')].map(Number), `${title}: ${name}`).toEqual([bound!.min, bound!.max, bound!.step]);
        const hint = html.match(new RegExp(`<p id="${attr(tag, 'aria-describedby')}"[^>]*>([^<]*)</p>`))?.[1];
        expect(hint?.toLowerCase(), `${title}: ${name}`).toBe(`${boundText(bound!)}.`);
        seen.add(`${design.form}.${name}`);
      }
    }
    // Every field of every form was drawn by some sample, so none escaped the check.
    expect([...seen].sort()).toEqual(Object.entries(FIELDS).flatMap(([form, fields]) => Object.keys(fields).map((f) => `${form}.${f}`)).sort());
  });
});
