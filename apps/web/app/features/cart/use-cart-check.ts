import { useCallback, useEffect, useState } from 'react';
import type { DiamondLookupResponse } from '@everstone/contract/core';
import { api, lazySchema } from '../../lib/api';
import { cartStore, type CartLine } from '../../lib/cart';
import {
  linesDiffer,
  lookupBatches,
  lookupIds,
  mergeLookups,
  reconcileCart,
  type CartNotice,
} from './cart-check';

export interface CartCheckState {
  /** 'checking' until the store has answered for every line, 'failed' when it could not be asked. */
  status: 'idle' | 'checking' | 'checked' | 'failed';
  /** Certificate numbers of lines whose stone the store does not have. */
  missing: ReadonlySet<string>;
  notices: CartNotice[];
  /**
   * Whether the lines can be shown: once the first check has settled (or taken too long), so a corrected
   * price or a notice never pushes the page about after it is drawn.
   */
  settled: boolean;
  retry(): void;
  /** Asks the store about every line again (checkout does, when an order finds a stone gone). */
  recheck(): void;
}

/** How long the cart waits for the store before showing the saved lines anyway. */
const CHECK_PATIENCE_MS = 1500;

// The schemas (and Zod) load with the first check, not with the page.
const lookupAnswer = lazySchema((c) => c.diamondLookupResponseSchema);

async function lookupDiamonds(ids: number[], signal: AbortSignal): Promise<DiamondLookupResponse> {
  const answers = await Promise.all(
    lookupBatches(ids).map(async (batch) => {
      const res = await api.post('/api/diamonds/lookup', { ids: batch }, lookupAnswer, { signal });
      if (!res.ok) throw new Error(`The diamond lookup answered ${res.status}`);
      return res.data;
    }),
  );
  return mergeLookups(answers);
}

/**
 * Checks the cart's stones against the store once per visit (and the stones that arrive later, from another
 * tab), writes fresh prices and statuses into the stored cart, and collects what the shopper must be told.
 */
export function useCartCheck(lines: CartLine[], hydrated: boolean): CartCheckState {
  // Certificate numbers the store has answered for during this visit.
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [notices, setNotices] = useState<CartNotice[]>([]);
  const [status, setStatus] = useState<CartCheckState['status']>('idle');
  const [attempt, setAttempt] = useState(0);
  const [settledOnce, setSettledOnce] = useState(false);
  const [impatient, setImpatient] = useState(false);

  useEffect(() => {
    if (!hydrated) return;
    const timer = setTimeout(() => setImpatient(true), CHECK_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [hydrated]);

  const unchecked = lines.filter((l) => !checked.has(l.certificate_number)).map((l) => l.certificate_number);
  const key = unchecked.join('\n');

  useEffect(() => {
    if (!hydrated || key === '') return;
    const certificates = new Set(key.split('\n'));
    const controller = new AbortController();
    setStatus('checking');
    const ids = lookupIds(cartStore.get().filter((l) => certificates.has(l.certificate_number)));
    const answer: Promise<DiamondLookupResponse> =
      ids.length > 0 ? lookupDiamonds(ids, controller.signal) : Promise.resolve({ data: [], missing: [] });
    answer
      .then((fresh) => {
        if (controller.signal.aborted) return;
        // Reconciled against the cart as it is now, so a change made meanwhile (here or in another tab) stays.
        const current = cartStore.get();
        const asked = current.filter((l) => certificates.has(l.certificate_number));
        const result = reconcileCart(asked, fresh);
        const updated = new Map(result.lines.map((l) => [l.certificate_number, l]));
        const next = current.map((l) => updated.get(l.certificate_number) ?? l);
        if (linesDiffer(current, next)) cartStore.set(next);
        setChecked((before) => new Set([...before, ...certificates]));
        setMissing((before) => new Set([...before, ...result.missing]));
        setNotices((before) => [...before, ...result.notices]);
        setStatus('checked');
        setSettledOnce(true);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not confirm the cart with the store', err);
        setStatus('failed');
        setSettledOnce(true);
      });
    return () => controller.abort();
  }, [hydrated, key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const recheck = useCallback(() => {
    setChecked(new Set());
    setAttempt((n) => n + 1);
  }, []);
  return {
    status: key === '' && status === 'checking' ? 'checked' : status,
    missing,
    notices,
    settled: hydrated && (settledOnce || impatient || lines.length === 0),
    retry,
    recheck,
  };
}
