import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH } from '@everstone/contract/core';
import { readSearch, searchToQuery, type SearchState } from './search-state';

/**
 * The search the page shows, and its way to the URL. The URL holds the committed search; `draft` follows every
 * touch at once and reaches the URL after the debounce (§4: 600 ms), which is what starts a request (`apiKey`
 * changes). Each is read once and written once per change.
 */
export function useSearchDraft() {
  const location = useLocation();
  const navigate = useNavigate();

  const urlSearch = useMemo(() => readSearch(location.search).search, [location.search]);
  const urlQuery = useMemo(() => searchToQuery(urlSearch, 'page'), [urlSearch]);
  const apiKey = useMemo(() => searchToQuery(urlSearch, 'api'), [urlSearch]);

  const [draft, setDraft] = useState(urlSearch);
  const draftRef = useRef(draft);
  const written = useRef(urlQuery);

  // Back, Forward or a link to another search: the URL wins.
  useEffect(() => {
    if (urlQuery === written.current) return;
    written.current = urlQuery;
    draftRef.current = urlSearch;
    setDraft(urlSearch);
  }, [urlQuery, urlSearch]);

  const commit = useCallback(
    (next: SearchState) => {
      const query = searchToQuery(next, 'page');
      if (query === written.current) return;
      written.current = query;
      // Replace: Back leaves the search rather than stepping through every slider position.
      navigate({ search: query ? `?${query}` : '' }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  const update = useCallback(
    (change: (f: SearchState) => SearchState, immediate = false) => {
      const next = change(draftRef.current);
      draftRef.current = next;
      setDraft(next);
      if (immediate) commit(next);
    },
    [commit],
  );

  const draftQuery = useMemo(() => searchToQuery(draft, 'page'), [draft]);
  const draftApiKey = useMemo(() => searchToQuery(draft, 'api'), [draft]);
  useEffect(() => {
    if (draftQuery === urlQuery) return;
    const timer = window.setTimeout(() => commit(draftRef.current), SEARCH.debounceMs);
    return () => window.clearTimeout(timer);
  }, [draftQuery, urlQuery, commit]);

  // Following a link during the debounce: the change is written into this history entry, so Back finds it.
  const flush = useCallback(() => {
    const query = searchToQuery(draftRef.current, 'page');
    if (query === written.current) return;
    written.current = query;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }, []);

  return {
    draft,
    /** Changes the draft; `immediate` writes it to the URL at once (a compare check, a certificate's Enter). */
    update,
    /** Writes a waiting change into the current history entry, before a link is followed. */
    flush,
    /** The API query of the committed search (without `page`). */
    apiKey,
    /** A change is waiting for its debounce: the rows shown no longer answer the filters. */
    pending: draftApiKey !== apiKey,
  };
}
