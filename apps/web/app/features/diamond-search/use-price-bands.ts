import { useEffect, useRef, useState } from 'react';
import type { Diamond, PriceBand } from '@everstone/contract/core';
import { api, lazySchema, type ApiClient } from '../../lib/api';

const bandsAnswer = lazySchema((c) => c.priceBandListResponseSchema);
/** The API's limit of ids per request (PRICE_BAND_IDS_MAX). */
const IDS_PER_REQUEST = 100;

/** The bands of these stones (at most a page's worth); none when the store cannot give them, never an error. */
export async function fetchPriceBands(client: ApiClient, ids: readonly number[]): Promise<PriceBand[]> {
  if (ids.length === 0) return [];
  try {
    const res = await client.get(`/api/diamond-price-bands?ids=${ids.slice(0, IDS_PER_REQUEST).join(',')}`, bandsAnswer);
    return res.ok ? res.data.data : [];
  } catch {
    return [];
  }
}

/**
 * The price bands of the listed stones (GET /api/diamond-price-bands), asked for as rows appear (the first page's
 * come with it from the server) and kept for the page's life: a stone scrolled past or listed again needs no second request. A band the store cannot give (the
 * search still loading, a failure) is simply not shown.
 */
export function usePriceBands(rows: readonly Diamond[], initial: readonly PriceBand[] = []): ReadonlyMap<number, PriceBand> {
  const [bands, setBands] = useState<ReadonlyMap<number, PriceBand>>(() => new Map(initial.map((b) => [b.diamondid, b])));
  // The server's first rows were asked about with the page (a stone without a band is not asked again).
  const asked = useRef<Set<number> | null>(null);
  asked.current ??= new Set(initial.length > 0 ? rows.map((d) => d.diamondid) : []);

  useEffect(() => {
    const wanted = rows.map((d) => d.diamondid).filter((id) => !asked.current!.has(id));
    if (wanted.length === 0) return;
    for (const id of wanted) asked.current!.add(id);
    for (let k = 0; k < wanted.length; k += IDS_PER_REQUEST) {
      const ids = wanted.slice(k, k + IDS_PER_REQUEST);
      api.get(`/api/diamond-price-bands?ids=${ids.join(',')}`, bandsAnswer).then(
        (res) => {
          if (!res.ok) {
            // Asked again when listed again: the search may have finished loading by then.
            for (const id of ids) asked.current!.delete(id);
            return;
          }
          setBands((known) => {
            const next = new Map(known);
            for (const band of res.data.data) next.set(band.diamondid, band);
            return next;
          });
        },
        () => {
          for (const id of ids) asked.current!.delete(id);
        },
      );
    }
  }, [rows]);

  return bands;
}
