import { formatCents, type OrderAddress } from '@everstone/contract';
import { STORE_IDENTITY } from './identity.ts';
import { CONTENT_WIDTH, FONT, GOLD, INK, MUTED, PAGE, footers, formatDocumentDay, put, renderPdf, rule, sectionTitle, type RenderOptions } from './pdf.ts';

/** What a return's label shows: its authorization, whence and whither, and what the parcel is insured for. */
export interface ReturnLabelInput {
  /** The return's authorization, e.g. 'RMA-7K2M9QXT'. */
  rma: string;
  orderNumber: string;
  /** The shopper sending it back: their name and the address it leaves from. */
  from: { name: string; address: OrderAddress };
  /** Where it goes: the store's returns desk (STORE_IDENTITY's address when left out). */
  to?: { name: string; street: string; city: string; region: string; zip: string; country: string };
  /** What the parcel is to be insured for, in cents: what the return refunds. */
  insuredCents: number;
  /** When the label stops being accepted (the return's window). */
  expiresAt: string;
}

const fromLines = (f: ReturnLabelInput['from']) => {
  const a = f.address;
  return [f.name, a.street, ...(a.apartment ? [a.apartment] : []), [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '), a.country];
};

/**
 * A return's label: a box to tape on the parcel with the RMA in large type, the sender, the store's returns desk and
 * the insured value, and below the cut line how to pack it. The outside of the box says nothing of jewelry (the
 * trade's habit: a parcel that says what it holds is the one that goes missing).
 */
export function returnLabelPdf(input: ReturnLabelInput, options: RenderOptions = {}): Promise<Buffer> {
  const identity = options.identity ?? STORE_IDENTITY;
  const to = input.to ?? { name: `${identity.legalName}, Returns`, ...identity.address };
  return renderPdf(
    { title: `Return label ${input.rma}`, subject: `The return label of ${identity.name} order ${input.orderNumber}`, author: identity.legalName },
    (doc) => {
      const top = PAGE.margin;
      const box = { x: PAGE.margin, y: top, w: CONTENT_WIDTH, h: 330 };
      doc.save().rect(box.x, box.y, box.w, box.h).lineWidth(2).strokeColor(INK).stroke().restore();
      const inner = box.x + 16;
      const width = box.w - 32;
      put(doc, 'RETURN AUTHORIZATION', inner, box.y + 14, { font: FONT.bold, size: 9, color: GOLD, spacing: 1.5, width });
      put(doc, input.rma, inner, box.y + 28, { font: FONT.bold, size: 30, width, spacing: 2 });
      put(doc, `Order ${input.orderNumber}`, inner, box.y + 64, { size: 10, color: MUTED, width });
      rule(doc, box.y + 84, INK, 1);

      const half = width / 2 - 8;
      let fy = sectionTitle(doc, 'From', inner, box.y + 96, half);
      fromLines(input.from).forEach((line, i) => {
        fy += put(doc, line, inner, fy, { width: half, font: i === 0 ? FONT.bold : FONT.regular, size: 10 });
      });
      let ty = sectionTitle(doc, 'Ship to', inner + half + 16, box.y + 96, half);
      [to.name, to.street, `${to.city}, ${to.region} ${to.zip}`, to.country].forEach((line, i) => {
        ty += put(doc, line, inner + half + 16, ty, { width: half, font: FONT.bold, size: i === 0 ? 12 : 13 });
      });

      const foot = box.y + box.h - 70;
      rule(doc, foot, INK, 1);
      put(doc, `Insure for ${formatCents(input.insuredCents)}`, inner, foot + 12, { font: FONT.bold, size: 13, width: half });
      put(doc, 'Signature required on delivery', inner, foot + 32, { size: 9.5, width: half });
      put(doc, `Use by ${formatDocumentDay(input.expiresAt)}`, inner + half + 16, foot + 12, { font: FONT.bold, size: 13, width: half, align: 'right' });
      put(doc, `Write ${input.rma} on the box`, inner + half + 16, foot + 32, { size: 9.5, width: half, align: 'right' });

      // The cut line, then what the shopper reads before packing.
      const cut = box.y + box.h + 24;
      doc.save().moveTo(PAGE.margin, cut).lineTo(PAGE.width - PAGE.margin, cut).dash(4, { space: 3 }).lineWidth(0.6).strokeColor(MUTED).stroke().undash().restore();
      put(doc, 'Cut along the line and tape the label to the top of the box.', PAGE.margin, cut + 6, { size: 8, color: MUTED });
      let y = sectionTitle(doc, 'How to send it back', PAGE.margin, cut + 30);
      const steps = [
        'Put the piece in its ring box or pouch, with its grading report and any other paperwork it came with.',
        'Pack it in a plain, sturdy outer box with padding, so nothing moves. Do not write on the box what it holds.',
        `Take it to the carrier, insured for ${formatCents(input.insuredCents)} and with a signature required, before ${formatDocumentDay(input.expiresAt)}. Keep the receipt and its tracking number.`,
        `We inspect every return when it arrives and email you at each step. Questions: ${identity.email}, quoting ${input.rma}.`,
      ];
      steps.forEach((step, i) => {
        y += put(doc, `${i + 1}.  ${step}`, PAGE.margin, y, { size: 9.5 }) + 5;
      });
      footers(doc, identity, `Return ${input.rma} for order ${input.orderNumber}`);
    },
    options,
  );
}
