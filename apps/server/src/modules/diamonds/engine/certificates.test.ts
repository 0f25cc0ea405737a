import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiUpper, CertificateColumn } from './certificates.ts';

describe('the certificate column', () => {
  it('gives back every number as it was set, through longer numbers, numbers that are not ASCII, growth and reordering', () => {
    const text = fc.oneof(
      { arbitrary: fc.stringMatching(/^[0-9A-Za-z-]{0,14}$/), weight: 6 },
      { arbitrary: fc.stringMatching(/^[0-9A-Z-]{15,40}$/), weight: 1 },
      { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }), weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 2 ** 31 }), (numbers, seed) => {
        let column = new CertificateColumn(4, 4);
        numbers.forEach((number, row) => {
          if (row >= column.capacity) column = column.grown(column.capacity * 2);
          column.set(row, number);
        });
        numbers.forEach((number, row) => expect(column.get(row)).toBe(number));
        // A shuffled order, as a clustering moves rows.
        const order = Int32Array.from(numbers.keys()).sort((a, b) => ((a * 2654435761 + seed) % 97) - ((b * 2654435761 + seed) % 97));
        const moved = column.gathered(order, numbers.length + 3);
        order.forEach((row, k) => expect(moved.get(k)).toBe(numbers[row]));
        order.forEach((row, k) => {
          const number = numbers[row]!;
          for (const n of [0, 1, 3, number.length, number.length + 1]) {
            const prefix = asciiUpper(number.slice(0, n)) + (n > number.length ? 'X' : '');
            expect(moved.startsWith(k, prefix)).toBe(asciiUpper(number).startsWith(prefix));
          }
        });
      }),
    );
  });

  it('writes a number over another in place, the old one gone', () => {
    const column = new CertificateColumn(2);
    column.set(0, 'ÅBC-1');
    column.set(0, 'gia123');
    column.set(1, 'X'.repeat(40));
    column.set(1, '42');
    expect([column.get(0), column.get(1)]).toEqual(['gia123', '42']);
    expect(column.startsWith(0, 'GIA1')).toBe(true);
    expect(column.startsWith(0, 'GIB')).toBe(false);
  });
});
