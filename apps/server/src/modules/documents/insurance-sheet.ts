import {
  GEMSTONES,
  INSURANCE_SHEET_HEADING,
  METAL_LABELS,
  ORDER_DOCUMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  REFERENCE_SIZE_NOTE,
  RING_SIZE_UNKNOWN,
  formatCents,
  priceToCents,
  type Diamond,
  type Order,
  type OrderLine,
  type OrderRing,
} from '@everstone/contract';
import { STORE_IDENTITY } from './identity.ts';
import { addressLines, describeLine } from './lines.ts';
import { CONTENT_WIDTH, FONT, GOLD, INK, MUTED, PAGE, factColumns, facts, footers, formatDocumentDay, header, put, renderPdf, room, rule, sectionTitle, type RenderOptions } from './pdf.ts';

/**
 * One line of an order as its insurance sheet documents it: its number on the order (1-based), the line, the stone's
 * grading record when the catalog still has the same certificate, and the setting's metal weight when it is known.
 */
export interface InsuredLine {
  number: number;
  line: OrderLine;
  /** The stone's record (lab, grades, measurements), only when its certificate is the one the order names. */
  stone: Diamond | null;
  /** The setting's metal in grams, as its specification gives it at size 6; null when unknown. */
  metalGrams: number | null;
}

const cents = (price: string) => priceToCents(price) ?? 0;
const mm = (n: number | null) => (n === null ? null : n.toFixed(2));

const ORIGINS: Record<1 | 2 | 3, string> = {
  1: 'Natural diamond',
  2: 'Laboratory-grown diamond',
  3: 'Fancy-color diamond (origin as stated on the grading report)',
};

const ACCENT_WORDS: Record<string, string> = { pave: 'pavé', channel: 'channel-set', 'shared-prong': 'shared-prong', bezel: 'bezel-set', eternity: 'eternity-set' };
const gemLabel = (id: string) => GEMSTONES.find((g) => g.id === id)?.label ?? id;

/** The stone's rows: what the order kept (certificate, shape, weight, size) and what its grading record adds. */
function stoneRows(order: Order, insured: InsuredLine): [string, string][] {
  const { line, stone } = insured;
  const ring = line.ring;
  const item = order.items.find((i) => i.diamondid === line.diamondid);
  const certificate = ring?.certificate_number ?? line.certificate_number ?? item?.certificate_number ?? '';
  const type = (ring?.type ?? item?.type ?? stone?.type ?? 1) as 1 | 2 | 3;
  const carat = ring?.carat ?? item?.carat_weight ?? stone?.carat_weight ?? null;
  const rows: [string, string][] = [
    ['Grading laboratory', stone?.certificate_company.dl_name ?? 'As named on the grading report'],
    ['Report number', certificate],
    ['Origin', ORIGINS[type]],
    ['Shape', ring?.shape ?? stone?.shape.name ?? '—'],
    ['Carat weight', carat === null ? '—' : `${carat.toFixed(2)} ct`],
  ];
  if (stone) {
    const color = stone.fancy_color ? `${stone.fancy_color.intensity} ${stone.fancy_color.name}` : stone.color?.name;
    if (color) rows.push(['Color', color]);
    if (stone.clarity) rows.push(['Clarity', stone.clarity.name]);
    if (stone.cut) rows.push(['Cut', stone.cut.full_name]);
    if (stone.polish) rows.push(['Polish', stone.polish]);
    if (stone.symmetry) rows.push(['Symmetry', stone.symmetry]);
    if (stone.fluorescence) rows.push(['Fluorescence', stone.fluorescence]);
  } else {
    rows.push(['Grades', 'As stated on the grading report of the number above']);
  }
  const measured = ring && ring.length_mm !== null && ring.width_mm !== null ? [mm(ring.length_mm), mm(ring.width_mm), mm(ring.depth_mm)].filter(Boolean).join(' x ') + ' mm' : null;
  const measurements = measured ?? stone?.measurements ?? null;
  if (measurements) rows.push(['Measurements', measurements]);
  if (stone?.table_diamond != null) rows.push(['Table', `${stone.table_diamond}%`]);
  if (stone?.depth != null) rows.push(['Total depth', `${stone.depth}%`]);
  return rows;
}

/** The setting's rows of a ring: what it is, its metal and weight, the size and the engraving. */
function settingRows(ring: OrderRing, grams: number | null): [string, string][] {
  const rows: [string, string][] = [
    ['Setting', ring.setting_name],
    ['SKU', ring.setting_sku],
    ['Metal', METAL_LABELS[ring.metal]],
    ['Metal weight', grams === null ? 'Not recorded' : `approx. ${grams.toFixed(1)} g ${REFERENCE_SIZE_NOTE}, from the setting's specification`],
    ['Ring size', ring.ring_size === RING_SIZE_UNKNOWN ? 'Not chosen when ordered' : `US ${ring.ring_size}`],
  ];
  if (ring.engraving) rows.push(['Engraving', `“${ring.engraving}”`]);
  return rows;
}

/** The side stones of a ring, from its design as ordered: accents along the band, a halo, two side stones. */
function sideStoneRows(ring: OrderRing): [string, string][] {
  const rows: [string, string][] = [];
  const design = ring.design.form === 'ring' ? ring.design : null;
  const origin = ring.origin === 'lab' ? 'laboratory-grown' : 'natural';
  if (design?.accents) {
    const a = design.accents;
    rows.push(['Accent stones', `${a.count} ${ACCENT_WORDS[a.setting] ?? a.setting} ${gemLabel(a.gem).toLowerCase()}${a.count === 1 ? '' : 's'}, ${a.caratTotal.toFixed(2)} ct total weight, ${origin}`]);
  }
  if (design?.head?.halo === 'halo') rows.push(['Halo', `A halo of small ${origin} diamonds round the center stone`]);
  if (design?.head?.halo === 'hidden') rows.push(['Hidden halo', `Small ${origin} diamonds under the center stone`]);
  if (design?.head && design.head.sideCenters > 0) rows.push(['Side stones', `${design.head.sideCenters} ${origin} side stones beside the center (three-stone)`]);
  if (rows.length === 0 && ring.price.side_stones_cents > 0) rows.push(['Side stones', `The setting's ${origin} accent stones`]);
  return rows;
}

/** What was paid for the line, itemized for a ring as it was priced when ordered. */
function priceRows(order: Order, line: OrderLine): [string, string][] {
  const paid = cents(line.total);
  const rows: [string, string][] = [];
  if (line.ring) {
    const p = line.ring.price;
    rows.push(['Center stone', formatCents(p.stone_cents)], ['Setting', formatCents(p.setting_cents)]);
    if (p.side_stones_cents > 0) rows.push(['Side stones', formatCents(p.side_stones_cents)]);
    if (p.engraving_cents > 0) rows.push(['Engraving', formatCents(p.engraving_cents)]);
    const listed = (p.stone_cents + p.setting_cents + p.side_stones_cents + p.engraving_cents) * line.quantity;
    // A bank wire takes its discount off the stone: the line's price is what was paid, and the difference says why.
    if (listed !== paid) rows.push([order.payment_mode === 'pay-wire' ? 'Bank-wire discount' : 'Difference', formatCents(paid - listed)]);
  }
  rows.push(['Price paid', `${formatCents(paid)} (${order.currency}), ${PAYMENT_METHOD_LABELS[order.payment_mode]}, ${formatDocumentDay(order.created_at)}`]);
  return rows;
}

/**
 * The insurance documentation of one diamond or ring line: what was sold, as the store's records have it (the
 * certificate, the grades, the measurements, the metal and its weight, the side stones) and what was paid. Its
 * heading says it is documentation, not an appraisal: it states no replacement or market value.
 */
export function insuranceSheetPdf(order: Order, insured: InsuredLine, options: RenderOptions = {}): Promise<Buffer> {
  const identity = options.identity ?? STORE_IDENTITY;
  const { line } = insured;
  const { title } = describeLine(order, line);
  return renderPdf(
    {
      title: `${INSURANCE_SHEET_HEADING}: ${order.order_number} line ${insured.number}`,
      subject: `What ${identity.name} sold on order ${order.order_number}, line ${insured.number}, for the owner's insurer`,
      author: identity.legalName,
    },
    (doc) => {
      let y = header(doc, identity, ORDER_DOCUMENT_LABELS.insurance, [
        ['Order number', order.order_number],
        ['Order date', formatDocumentDay(order.created_at)],
        ['Line', `${insured.number} of ${order.lines.length}`],
      ]);
      y += put(doc, INSURANCE_SHEET_HEADING, PAGE.margin, y, { font: FONT.bold, size: 16, color: INK }) + 4;
      y +=
        put(
          doc,
          'This sheet records the piece as it was sold and what was paid for it, for the owner’s insurer. It is not an appraisal: it states no replacement or market value. For a valuation, take the piece and its grading report to an independent appraiser.',
          PAGE.margin,
          y,
          { size: 9, color: MUTED },
        ) + 14;

      y = facts(doc, [['Item', title], ['Owner', addressLines(order).slice(0, -1).join(', ')]], sectionTitle(doc, 'The piece', PAGE.margin, y)) + 10;
      y = factColumns(doc, stoneRows(order, insured), sectionTitle(doc, line.ring ? 'Center stone' : 'Diamond', PAGE.margin, room(doc, y, 120))) + 10;
      if (line.ring) {
        y = facts(doc, settingRows(line.ring, insured.metalGrams), sectionTitle(doc, 'Setting and metal', PAGE.margin, room(doc, y, 100))) + 10;
        const side = sideStoneRows(line.ring);
        y = facts(doc, side.length > 0 ? side : [['Side stones', 'None']], sectionTitle(doc, 'Side stones', PAGE.margin, room(doc, y, 50))) + 10;
      }
      y = room(doc, y, 110);
      rule(doc, y, GOLD, 0.8);
      y = facts(doc, priceRows(order, line), sectionTitle(doc, 'Price paid', PAGE.margin, y + 8)) + 10;

      y = room(doc, y - 4, 30);
      put(
        doc,
        `Prepared by ${identity.legalName} from its records of the sale. The grading report of the laboratory named above is the authority on the stone’s grades: it can be checked on the laboratory’s website with the report number.`,
        PAGE.margin,
        y,
        { size: 8.5, color: MUTED, width: CONTENT_WIDTH },
      );
      footers(doc, identity, `${INSURANCE_SHEET_HEADING} · order ${order.order_number}, line ${insured.number}`);
    },
    options,
  );
}
