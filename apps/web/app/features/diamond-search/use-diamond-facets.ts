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

/** How many times counts that are on their way (a 503 with Retry-After: the search is loading) are asked for again. */
const MAX_RETRIES = 12;

export interface FacetsAnswer {
  facets: DiamondFacetsResponse | null;
  /** Seconds after which to ask again, when the store said so (its search is loading); null when asking again would not help. */
  retryAfter: number | null;
}

/**
 * The counts for a search's API query (without `page`), or none to show: the store answers 503 while its in-memory
 * search loads (with Retry-After: then they are asked for again), or when it searches the database alone
 * (`SEARCH_ENGINE=database`), and the page then works as it did before counts. Any other failure is logged and shows
 * none either.
 */
export async function fetchDiamondFacets(client: ApiClient, apiKey: string, signal?: AbortSignal): Promise<FacetsAnswer> {
  const res = await client.get(`/api/diamond-facets?${facetsQuery(apiKey)}`, facetsAnswer, { signal });
  if (res.ok) return { facets: res.data, retryAfter: null };
  if (res.status !== 503 && !signal?.aborted) console.warn(`The search's counts could not be loaded (${res.status})`);
  return { facets: null, retryAfter: res.status === 503 ? (res.retryAfter ?? null) : null };
}

export interface SearchCounts {
  /** The counts to show: the committed search's, or the previous search's while they load; null when there are none. */
  facets: DiamondFacetsResponse | null;
  /** Newer counts are on their way: the ones shown are dimmed. */
  stale: boolean;
  /** The store answers counts: the bars keep their room even while none can be shown (a change of tab). */
  available: boolean;
}

interface State extends FacetsAnswer {
  /** The counts' own query (`facetsQuery`) they answer. */
  key: string;
  loading: boolean;
  /** Times this key's counts were asked for again after a 503. */
  retries: number;
}

/**
 * @param apiKey the results' API query without `page` (`useSearchDraft().apiKey`)
 * @param tab the tab the page shows: counts of another tab (during a change of tab) are not shown
 * @param initial the counts the loader fetched with the first page, for `initial.key`
 */
export function useDiamondFacets(apiKey: string, tab: number, initial: { key: string } & FacetsAnswer): SearchCounts {
  const key = facetsQuery(apiKey);
  const [state, setState] = useState<State>(() => ({ key: facetsQuery(initial.key), facets: initial.facets, retryAfter: initial.retryAfter, loading: false, retries: 0 }));
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
    void fetchDiamondFacets(api, key, controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      setState((s) => ({ key, ...answer, loading: false, retries: s.key === key ? s.retries : 0 }));
    });
    return () => controller.abort();
  }, [key]);

  // While the store's search loads, its counts are asked for again when it says, a dozen times at most.
  const { facets, retryAfter, retries } = state;
  useEffect(() => {
    if (facets !== null || retryAfter === null || state.key !== key || retries >= MAX_RETRIES) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void fetchDiamondFacets(api, key, controller.signal).then((answer) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, ...answer, retries: s.retries + 1 }));
      });
    }, retryAfter * 1000);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [facets, retryAfter, retries, state.key, key]);

  const shown = state.facets !== null && tabOfQuery(state.key) === tab ? state.facets : null;
  return { facets: shown, stale: state.loading || state.key !== key, available: state.facets !== null };
}
