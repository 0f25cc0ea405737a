import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@everstone/contract';
import { documentPath, offeredDocuments } from './order-documents';

const line = (kind: OrderLine['kind'], description: string): OrderLine =>
  ({ kind, description, quantity: 1, unit_price: '1.00', total: '1.00', diamondid: null, certificate_number: null, product: null, ring: null }) as OrderLine;

describe('the order page’s documents', () => {
  it('offers the invoice, the packing slip and an insurance sheet for each diamond or ring line, by its number', () => {
    const offered = offeredDocuments({ lines: [line('product', 'Classic Band'), line('diamond', '1.52 Carat Oval Lab Diamond'), line('ring', 'A ring')] });
    expect(offered.map((o) => [o.document, o.line])).toEqual([
      ['invoice', null],
      ['packing-slip', null],
      ['insurance', 2],
      ['insurance', 3],
    ]);
    expect(offered[2]!.detail).toBe('1.52 Carat Oval Lab Diamond');
  });

  it('asks the API for each at its own address', () => {
    expect(documentPath('EV-2026-K7M3QX', 'invoice', null)).toBe('/api/orders/EV-2026-K7M3QX/documents/invoice');
    expect(documentPath('EV-2026-K7M3QX', 'insurance', 2)).toBe('/api/orders/EV-2026-K7M3QX/documents/insurance/2');
  });
});
