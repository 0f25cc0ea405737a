import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup.ts';

describe('batchedLookup', () => {
  it('answers the calls of one turn with one read, each with its own keys only', async () => {
    const reads: number[][] = [];
    const lookup = batchedLookup(async (keys: number[]) => {
      reads.push([...keys].sort((a, b) => a - b));
      return new Map(keys.filter((k) => k % 2 === 0).map((k) => [k, `v${k}`]));
    });
    const [a, b, c] = await Promise.all([lookup([1, 2, 3, 4]), lookup([4, 6]), lookup([])]);
    expect(reads).toEqual([[1, 2, 3, 4, 6]]);
    expect([...a]).toEqual([[2, 'v2'], [4, 'v4']]);
    expect([...b]).toEqual([[4, 'v4'], [6, 'v6']]);
    expect(c.size).toBe(0);
    // A later turn reads again: nothing is kept between reads.
    expect([...(await lookup([8]))]).toEqual([[8, 'v8']]);
    expect(reads).toHaveLength(2);
  });

  it('reads many keys a part at a time, and a failed read fails every call that waited for it', async () => {
    const sizes: number[] = [];
    const lookup = batchedLookup(async (keys: number[]) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k]));
    }, 3);
    const found = await lookup([1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([3, 3, 1]);
    expect(found.size).toBe(7);

    const failing = batchedLookup<number>(async () => {
      throw new Error('the database is gone');
    });
    const results = await Promise.allSettled([failing([1]), failing([2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(failing([3])).rejects.toThrow('the database is gone');
  });
});
