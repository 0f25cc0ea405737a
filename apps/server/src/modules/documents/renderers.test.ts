import { describe, expect, it } from 'vitest';
import { INSURANCE_SHEET_HEADING, centsToPrice, priceToCents, type Diamond, type Order, type OrderLine, type RingDesign } from '@everstone/contract';
import { pdfPlainText, pdfTextRuns } from '../../test/pdf-text.ts';
import { insuranceSheetPdf, invoicePdf, invoiceTotals, packingSlipPdf, pdfText, returnLabelPdf, STORE_IDENTITY } from './index.ts';

const DESIGN: RingDesign = {
  form: 'ring',
  bandWidthMm: 2.2,
  bandThicknessMm: 1.6,
  profile: 'comfort',
  milgrain: false,
  head: { prongs: 4, halo: 'halo', sideCenters: 0, shapes: ['Oval'], minWidthMm: 5, maxWidthMm: 8, shownWidthMm: 6, vintage: false },
  accents: { setting: 'pave', count: 24, caratTotal: 0.32, coverage: 0.5, gem: 'diamond' },
  center: null,
  inlay: null,
};

const diamondLine: OrderLine = {
  kind: 'diamond',
  description: '1.52 Carat Oval Lab Diamond, F VS1',
  quantity: 1,
  unit_price: '4250.00',
  total: '4250.00',
  diamondid: 101,
  certificate_number: 'LG612345678',
  product: null,
  ring: null,
  tax: '0.00',
  taxes: [],
  gift: null,
};

const ringLine: OrderLine = {
  kind: 'ring',
  description: 'The Aria Halo with a 1.21 ct Oval diamond',
  quantity: 1,
  unit_price: '6630.55',
  total: '6630.55',
  diamondid: 202,
  certificate_number: '2211334455',
  product: null,
  ring: {
    diamond_id: 202,
    certificate_number: '2211334455',
    stone_description: '1.21 Carat Oval Natural Diamond, G VS2',
    shape: 'Oval',
    carat: 1.21,
    type: 1,
    length_mm: 8.1,
    width_mm: 5.9,
    depth_mm: 3.6,
    setting_variant_id: 7,
    setting_sku: 'ARIA-HALO-PT',
    setting_slug: 'aria-halo',
    setting_name: 'The Aria Halo',
    metal: 'platinum',
    origin: 'natural',
    ring_size: '6.5',
    engraving: 'Always — Zoë',
    lead_days: 10,
    price: { stone_cents: 480_000, setting_cents: 128_000, side_stones_cents: 49_555, engraving_cents: 5_500, total_cents: 663_055 },
    design: DESIGN,
  },
  tax: '0.00',
  taxes: [],
  gift: null,
};

const bandLine: OrderLine = {
  kind: 'product',
  description: 'Classic Comfort Band',
  quantity: 2,
  unit_price: '890.10',
  total: '1780.20',
  diamondid: null,
  certificate_number: null,
  product: {
    variant_id: 9,
    sku: 'BAND-CMF-14Y',
    slug: 'classic-comfort-band',
    name: 'Classic Comfort Band',
    family: 'band',
    metal: '14k-yellow',
    shape: null,
    carat_total: null,
    width_mm: 3,
    origin: null,
    ring_size: '9',
    engraving: null,
    lead_days: 0,
    made_to_order: false,
    breakdown: { metal_cents: 60_000, stones_cents: 0, center_cents: 0, labor_cents: 29_010, offer_cents: 0 },
    engraving_cents: 0,
    design: { ...DESIGN, head: null, accents: null },
    included_stone: null,
  },
  ring: null,
  tax: '0.00',
  taxes: [],
  gift: null,
};

function order(overrides: Partial<Order> = {}): Order {
  const lines = overrides.lines ?? [diamondLine, ringLine, bandLine];
  const total = lines.reduce((sum, l) => sum + priceToCents(l.total)!, 0);
  return {
    order_id: 'EV-2026-K7M3QX',
    order_number: 'EV-2026-K7M3QX',
    total_price: centsToPrice(total),
    tax: '0.00',
    taxes: [],
    currency: 'USD',
    order_status: 'confirmed',
    payment_status: 'paid',
    payment_mode: 'pay-credit',
    hold_expires_at: null,
    wire_transfer: null,
    items: [{ diamondid: 101, certificate_number: 'LG612345678', description: diamondLine.description, type: 2, carat_weight: 1.52, price: '4250.00' }],
    lines,
    user_name: 'Ann Lee',
    contact_number: '212-555-0100',
    address: { street: '580 Fifth Avenue', apartment: 'Apt 4B', city: 'New York', state: 'NY', zip: '10036', country: 'United States' },
    is_gift: false,
    notes: null,
    created_at: '2026-07-14T19:42:00.000Z',
    ships_by: '2026-07-28',
    ships_by_changed: false,
    production_stage: null,
    timeline: [],
    shipments: [],
    after_sale: [],
    returns: [],
    tickets: [],
    refunded: '0.00',
    gift: null,
    ...overrides,
  };
}

const stone: Diamond = {
  diamondid: 202,
  certificate_number: '2211334455',
  type: 1,
  shape: { id: 4, name: 'Oval', image: '' } as Diamond['shape'],
  carat_weight: 1.21,
  color: { id: 4, name: 'G' },
  fancy_color: null,
  clarity: { id: 5, name: 'VS2' },
  cut: { id: 1, full_name: 'Excellent' },
  certificate_company: { dl_name: 'GIA' },
  polish: 'Excellent',
  symmetry: 'Very Good',
  fluorescence: 'None',
  measurement_l: 8.1,
  measurement_w: 5.9,
  measurements: '8.10 x 5.90 x 3.60 mm',
  table_diamond: 58,
  depth: 61.2,
  price: 4800,
  is_superdeal: 0,
  status: 'sold',
};

/** Reading the PDF as served: compressed, so the test reads what a viewer does, not a debugging form. */
const textOf = (pdf: Buffer) => pdfPlainText(pdf);
const money = /\$\d/;

describe('the documents’ renderers', () => {
  it('draws real PDFs, compressed, with their text readable', async () => {
    const pdf = await invoicePdf(order());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pdf.toString('latin1')).not.toContain('Ann Lee');
    expect(textOf(pdf)).toContain('Ann Lee');
  });

  it('prints the invoice’s lines and totals to the cent of the order’s total, and what was paid', async () => {
    const o = order();
    const text = textOf(await invoicePdf(o));
    expect(text).toContain('INVOICE');
    expect(text).toContain('EV-2026-K7M3QX');
    expect(text).toContain('July 14, 2026');
    for (const amount of ['$4,250.00', '$6,630.55', '$890.10', '$1,780.20']) expect(text).toContain(amount);
    expect(text).toContain('Certificate LG612345678');
    expect(text).toContain('Engraving: “Always — Zoë”');
    const totals = invoiceTotals(o);
    expect(totals.subtotalCents).toBe(priceToCents(o.total_price));
    expect(totals).toMatchObject({ adjustmentCents: 0, totalCents: 1_266_075, paidCents: 1_266_075, dueCents: 0 });
    const runs = pdfTextRuns(await invoicePdf(o));
    expect(runs[runs.indexOf('Total (USD)') + 1]).toBe('$12,660.75');
    expect(runs[runs.indexOf('Amount paid') + 1]).toBe('$12,660.75');
    expect(runs).not.toContain('Balance due');
  });

  it('says what an unpaid order owes, and a total its lines do not add up to on a line of its own', async () => {
    const o = order({ payment_status: 'pending', order_status: 'pending', payment_mode: 'cod', total_price: '12600.75' });
    const runs = pdfTextRuns(await invoicePdf(o));
    expect(runs[runs.indexOf('Discount') + 1]).toBe('-$60.00');
    expect(runs[runs.indexOf('Balance due') + 1]).toBe('$12,600.75');
    expect(invoiceTotals(o)).toMatchObject({ subtotalCents: 1_266_075, adjustmentCents: -6_000, totalCents: 1_260_075 });
  });

  it('lists each return’s refund under what was paid, and the net the store kept', async () => {
    const refund = (rma: string, amount: string, closed: string, exchange: string | null) => ({
      rma,
      status: 'refunded' as const,
      status_label: 'Refunded',
      reason: 'size' as const,
      reason_label: 'Wrong size',
      note: null,
      lines: [1],
      refund: amount,
      fee: '0.00',
      requested_at: '2026-07-20T15:00:00.000Z',
      label_expires_at: '2026-08-19T15:00:00.000Z',
      received_at: '2026-07-24T15:00:00.000Z',
      inspected_at: '2026-07-25T15:00:00.000Z',
      closed_at: closed,
      refund_reference: 'TERM-1',
      exchange_order_number: exchange,
      gia_recheck_needed: false,
      gia_recheck: null,
    });
    const o = order({ returns: [refund('RMA-7KQ2M9XD', '4250.00', '2026-07-27T15:00:00.000Z', null), refund('RMA-8HN3P4WZ', '890.10', '2026-08-03T15:00:00.000Z', 'EV-2026-M4T8WZ')], refunded: '5140.10' });
    const runs = pdfTextRuns(await invoicePdf(o));
    expect(runs[runs.indexOf('Amount paid') + 1]).toBe('$12,660.75');
    expect(runs[runs.indexOf('Refunded July 27, 2026, RMA-7KQ2M9XD') + 1]).toBe('-$4,250.00');
    expect(runs[runs.indexOf('Refunded August 3, 2026, RMA-8HN3P4WZ (exchange)') + 1]).toBe('-$890.10');
    expect(runs[runs.indexOf('Net paid') + 1]).toBe('$7,520.65');
    expect(invoiceTotals(o)).toMatchObject({ totalCents: 1_266_075, refundedCents: 514_010, netPaidCents: 752_065 });
    expect(pdfTextRuns(await invoicePdf(order()))).not.toContain('Net paid');
  });

  it('lists §9’s free gift on the packing slip to be packed and on the invoice at $0.00, the total unchanged', async () => {
    const giftLine: OrderLine = {
      ...bandLine,
      description: 'Free gift: Diamond Necklace, 14k White Gold',
      quantity: 1,
      unit_price: '0.00',
      total: '0.00',
      product: { ...bandLine.product!, name: 'Diamond Necklace', sku: 'GF-NK-14W-025-L', family: 'necklace', slug: 'gift-diamond-necklace' },
      gift: 'necklace',
    };
    const o = order({ lines: [diamondLine, ringLine, bandLine, giftLine], gift: { gift: 'necklace', name: 'Diamond Necklace', outcome: 'given', carried: true, message: 'Your free gift, the Diamond Necklace, comes with this order (one gift per customer).' } });
    const slip = textOf(await packingSlipPdf(o));
    expect(slip).toContain('Free gift: Diamond Necklace');
    expect(slip).toContain('SKU GF-NK-14W-025-L');
    expect(slip).not.toMatch(money);
    const runs = pdfTextRuns(await invoicePdf(o));
    expect(runs).toContain('Free gift: Diamond Necklace');
    expect(runs.filter((r) => r === '$0.00').length).toBeGreaterThanOrEqual(2);
    expect(invoiceTotals(o)).toMatchObject({ subtotalCents: 1_266_075, adjustmentCents: 0, totalCents: 1_266_075 });
  });

  it('gives the packing slip every line with its details and not one price', async () => {
    const text = textOf(await packingSlipPdf(order({ is_gift: true, notes: 'Leave with the doorman' })));
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain('Certificate LG612345678');
    expect(text).toContain('Ring size: US 6.5');
    expect(text).toContain('Leave with the doorman');
    expect(text).toContain('no prices are included');
    expect(text).not.toMatch(money);
    expect(text).not.toContain('4,250');
  });

  it('documents a ring for its insurer: certificate, grades, measurements, metal and grams, side stones, price paid', async () => {
    const o = order();
    const text = textOf(await insuranceSheetPdf(o, { number: 2, line: ringLine, stone, metalGrams: 4.25 }));
    expect(text).toContain(INSURANCE_SHEET_HEADING);
    expect(text).toContain('not an appraisal');
    for (const fact of ['GIA', '2211334455', 'Natural diamond', 'Oval', '1.21 ct', 'G', 'VS2', 'Excellent', 'Very Good', '8.10 x 5.90 x 3.60 mm', 'Platinum', 'approx. 4.3 g (at size 6)', 'US 6.5', 'The Aria Halo', 'ARIA-HALO-PT']) {
      expect(text, fact).toContain(fact);
    }
    expect(text).toContain('24 pavé diamonds, 0.32 ct total weight, natural');
    expect(text).toContain('A halo of small natural diamonds');
    expect(text).toContain('$6,630.55 (USD)');
    expect(text).toContain('Line 2 of 3');
  });

  it('documents a loose diamond from what the order kept when the catalog has no record of its certificate', async () => {
    const text = textOf(await insuranceSheetPdf(order(), { number: 1, line: diamondLine, stone: null, metalGrams: null }));
    expect(text).toContain(INSURANCE_SHEET_HEADING);
    expect(text).toContain('LG612345678');
    expect(text).toContain('1.52 ct');
    expect(text).toContain('Laboratory-grown diamond');
    expect(text).toContain('As stated on the grading report');
    expect(text).toContain('$4,250.00 (USD)');
    expect(text).not.toContain('Setting and metal'.toUpperCase());
  });

  it('draws a return label with the RMA, both addresses, the insured value and the last day', async () => {
    const pdf = await returnLabelPdf({
      rma: 'RMA-7K2M9QXT',
      orderNumber: 'EV-2026-K7M3QX',
      from: { name: 'Ann Lee', address: order().address },
      insuredCents: 425_000,
      expiresAt: '2026-08-20T12:00:00.000Z',
    });
    const text = textOf(pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    for (const fact of ['RMA-7K2M9QXT', 'EV-2026-K7M3QX', 'Ann Lee', 'Apt 4B', STORE_IDENTITY.address.street, 'Insure for $4,250.00', 'August 20, 2026']) expect(text, fact).toContain(fact);
  });

  it('keeps a long order on pages of their own, each with its footer', async () => {
    const lines = Array.from({ length: 40 }, () => bandLine);
    const text = textOf(await invoicePdf(order({ lines })));
    const pages = [...text.matchAll(/Page (\d+) of (\d+)/g)].map((m) => `${m[1]}/${m[2]}`);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages).toEqual(pages.map((_, i) => `${i + 1}/${pages.length}`));
    // The table's header is drawn again on every page it reaches; the total once, at its end.
    expect(text.match(/UNIT PRICE/g)).toHaveLength(pages.length);
    expect(text.match(/Total \(USD\) \$71,208\.00/g)).toHaveLength(1);
    expect(text.indexOf('40 Classic Comfort Band')).toBeLessThan(text.indexOf('Subtotal'));
  });

  it('makes text the standard fonts can draw: accents kept, other scripts and invisible marks not passed through', () => {
    expect(pdfText('Zoë — “Ann”')).toBe('Zoë — “Ann”');
    expect(pdfText('Łukasz Wałęsa')).toBe('?ukasz Wa?esa');
    expect(pdfText('Ann\u202Efdp.exe')).toBe('Annfdp.exe');
    expect(pdfText('山田\u0000花子')).toBe('?? ??');
    expect(pdfText('Ő')).toBe('O');
  });
});
