import { useCallback, useEffect, useRef, useState } from 'react';
import type { Diamond, DiamondListResponse } from '@everstone/contract/core';
import { api, lazySchema } from '../../lib/api';

/**
 * The search results for one API query, page by page (infinite scroll). A small hand-written stand-in for a
 * query library: the page needs one list, one query at a time, and the first page from the server.
 */
type Phase = 'idle' | 'first' | 'more' | 'error';

interface State {
  key: string;
  rows: Diamond[];
  total: number | null;
  page: number;
  lastPage: number;
  phase: Phase;
  failedPage: number;
  /** Skeleton rows to show while page 1 loads: as many as were shown, so the table keeps its height. */
  reserve: number;
}

export interface DiamondResults {
  rows: Diamond[];
  total: number | null;
  /** Page 1 is on its way (a full loader replaces the rows). */
  loadingFirst: boolean;
  /** A later page is on its way (a small loader under the rows). */
  loadingMore: boolean;
  failed: boolean;
  hasMore: boolean;
  reserve: number;
  loadMore: () => void;
  retry: () => void;
}

const MIN_RESERVE = 6;
const MAX_RESERVE = 20;

// The schema loads with the first page fetched in the browser; the server rendered page 1.
const pageAnswer = lazySchema((c) => c.diamondListResponseSchema);

export async function fetchDiamondPage(key: string, page: number, signal?: AbortSignal): Promise<DiamondListResponse> {
  const res = await api.get(`/api/get-all-diamonds?${key}&page=${page}`, pageAnswer, { signal });
  if (!res.ok) throw new Error(`The diamond search answered ${res.status}`);
  return res.data;
}

function fromResponse(key: string, res: DiamondListResponse): State {
  return {
    key,
    rows: res.data,
    total: res.total,
    page: res.page,
    lastPage: res.last_page,
    phase: 'idle',
    failedPage: 0,
    reserve: MIN_RESERVE,
  };
}

/**
 * @param key the API query without `page` (`searchToQuery(search, 'api')`); a new key starts again from page 1
 * @param initial page 1 as the server rendered it, for `initialKey`
 */
export function useDiamondResults(key: string, initial: { key: string; page: DiamondListResponse | null }): DiamondResults {
  const [state, setState] = useState<State>(() =>
    initial.page && initial.key === key
      ? fromResponse(key, initial.page)
      : { key, rows: [], total: null, page: 0, lastPage: 1, phase: 'first', failedPage: 0, reserve: MIN_RESERVE },
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  const controller = useRef<AbortController | null>(null);

  const load = useCallback((forKey: string, page: number) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((s) =>
      page === 1
        ? {
            key: forKey,
            rows: [],
            total: s.key === forKey ? s.total : null,
            page: 0,
            lastPage: 1,
            phase: 'first',
            failedPage: 0,
            reserve: Math.min(MAX_RESERVE, Math.max(MIN_RESERVE, s.rows.length, s.phase === 'first' ? s.reserve : 0)),
          }
        : { ...s, phase: 'more' },
    );
    fetchDiamondPage(forKey, page, current.signal).then(
      (res) => {
        if (current.signal.aborted) return;
        setState((s) => {
          if (s.key !== forKey) return s;
          if (page === 1) return { ...fromResponse(forKey, res), reserve: s.reserve };
          // A stone sold between two pages shifts the list by one; never show the same stone twice.
          const seen = new Set(s.rows.map((d) => d.diamondid));
          return {
            ...s,
            rows: [...s.rows, ...res.data.filter((d) => !seen.has(d.diamondid))],
            total: res.total,
            page: res.page,
            lastPage: res.last_page,
            phase: 'idle',
          };
        });
      },
      (err: unknown) => {
        if (current.signal.aborted) return;
        // §8: a failed search is logged and the loading ends; the page offers a retry.
        console.error('Could not load diamonds', err);
        setState((s) => (s.key !== forKey ? s : { ...s, phase: 'error', failedPage: page }));
      },
    );
  }, []);

  useEffect(() => {
    const s = stateRef.current;
    // The server's first page (or a load already under way for this query) needs no new request.
    if (s.key === key && s.phase !== 'first') return;
    load(key, 1);
  }, [key, load]);

  useEffect(() => () => controller.current?.abort(), []);

  const stale = state.key !== key;
  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (s.key === key && s.phase === 'idle' && s.page < s.lastPage) load(key, s.page + 1);
  }, [key, load]);
  const retry = useCallback(() => {
    const s = stateRef.current;
    load(key, s.key === key && s.failedPage > 1 ? s.failedPage : 1);
  }, [key, load]);

  return {
    rows: stale ? [] : state.rows,
    total: stale ? null : state.total,
    loadingFirst: stale || state.phase === 'first',
    loadingMore: !stale && state.phase === 'more',
    failed: !stale && state.phase === 'error',
    hasMore: !stale && state.page < state.lastPage,
    reserve: stale ? Math.min(MAX_RESERVE, Math.max(MIN_RESERVE, state.rows.length)) : state.reserve,
    loadMore,
    retry,
  };
}
