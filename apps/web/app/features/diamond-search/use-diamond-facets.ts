import { useEffect, useRef, useState } from 'react';
import type { DiamondFacetsResponse } from '@everstone/contract/core';
import { api, lazySchema, type ApiClient } from '../../lib/api';
import { facetsQuery, tabOfQuery } from './counts';

/**
 * The counts beside the search's filters and the bars behind its price and carat sliders (GET /api/diamond-facets),
 * for the committed search. They follow the results' query: a new search asks again and cancels the question before
 * it, and until the answer comes the previous counts stay, dimmed, so nothing blinks or shifts.
 */

// The schema loads with the first counts fetched in the browser; the server rendered the first ones.
const facetsAnswer = lazySchema((c) => c.diamondFacetsResponseSchema);

/**
 * The counts for a search's API query (without `page`), or null when there are none to show: the store answers 503
 * while its in-memory search loads, or when it searches the database alone (`SEARCH_ENGINE=database`), and the page
 * then works as it did before counts. Any other failure is logged and shows none either.
 */
export async function fetchDiamondFacets(client: ApiClient, apiKey: string, signal?: AbortSignal): Promise<DiamondFacetsResponse | null> {
  const res = await client.get(`/api/diamond-facets?${facetsQuery(apiKey)}`, facetsAnswer, { signal });
  if (res.ok) return res.data;
  if (res.status !== 503 && !signal?.aborted) console.warn(`The search's counts could not be loaded (${res.status})`);
  return null;
}

export interface SearchCounts {
  /** The counts to show: the committed search's, or the previous search's while they load; null when there are none. */
  facets: DiamondFacetsResponse | null;
  /** Newer counts are on their way: the ones shown are dimmed. */
  stale: boolean;
  /** The store answers counts: the bars keep their room even while none can be shown (a change of tab). */
  available: boolean;
}

interface State {
  /** The counts' own query (`facetsQuery`) they answer. */
  key: string;
  facets: DiamondFacetsResponse | null;
  loading: boolean;
}

/**
 * @param apiKey the results' API query without `page` (`useSearchDraft().apiKey`)
 * @param tab the tab the page shows: counts of another tab (during a change of tab) are not shown
 * @param initial the counts the loader fetched with the first page, for `initial.key`
 */
export function useDiamondFacets(
  apiKey: string,
  tab: number,
  initial: { key: string; facets: DiamondFacetsResponse | null },
): SearchCounts {
  const key = facetsQuery(apiKey);
  const [state, setState] = useState<State>(() => ({ key: facetsQuery(initial.key), facets: initial.facets, loading: false }));
  const answered = useRef(state.key);
  answered.current = state.key;

  useEffect(() => {
    // The counts shown answer this search already (the server's, or a search left and come back to).
    if (answered.current === key) {
      setState((s) => (s.loading ? { ...s, loading: false } : s));
      return;
    }
    const controller = new AbortController();
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    void fetchDiamondFacets(api, key, controller.signal).then((facets) => {
      if (!controller.signal.aborted) setState({ key, facets, loading: false });
    });
    return () => controller.abort();
  }, [key]);

  const shown = state.facets !== null && tabOfQuery(state.key) === tab ? state.facets : null;
  return { facets: shown, stale: state.loading || state.key !== key, available: state.facets !== null };
}
