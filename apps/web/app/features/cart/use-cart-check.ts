import { useCallback, useEffect, useState } from 'react';
import type { DiamondLookupResponse, VariantLookupResponse } from '@everstone/contract/core';
import { api, lazySchema } from '../../lib/api';
import { cartStore, type CartLine } from '../../domain/cart';
import {
  NO_RECORDS,
  checkKeyOf,
  keepStonesInRings,
  linesDiffer,
  lookupBatches,
  lookupIds,
  mergeLookups,
  reconcileCart,
  variantLookupIds,
  type CartNotice,
} from './cart-check';

export interface CartCheckState {
  /** 'checking' until the store has answered for every line, 'failed' when it could not be asked. */
  status: 'idle' | 'checking' | 'checked' | 'failed';
  /** Check keys (`checkKeyOf`) of lines the store does not have, or no longer sells. */
  missing: ReadonlySet<string>;
  notices: CartNotice[];
  /**
   * Whether the lines can be shown: once the first check has settled (or taken too long), so a corrected
   * price or a notice never pushes the page about after it is drawn.
   */
  settled: boolean;
  retry(): void;
  /** Asks the store about every line again (checkout does, when an order finds a line gone). */
  recheck(): void;
}

/** How long the cart waits for the store before showing the saved lines anyway. */
const CHECK_PATIENCE_MS = 1500;

// The schemas (and Zod) load with the first check, not with the page.
const diamondAnswer = lazySchema((c) => c.diamondLookupResponseSchema);
const variantAnswer = lazySchema((c) => c.variantLookupResponseSchema);

async function lookupDiamonds(ids: number[], signal: AbortSignal): Promise<DiamondLookupResponse> {
  const answers = await Promise.all(
    lookupBatches(ids).map(async (batch) => {
      const res = await api.post('/api/diamonds/lookup', { ids: batch }, diamondAnswer, { signal });
      if (!res.ok) throw new Error(`The diamond lookup answered ${res.status}`);
      return res.data;
    }),
  );
  return mergeLookups(answers);
}

async function lookupVariants(ids: number[], signal: AbortSignal): Promise<VariantLookupResponse> {
  const { VARIANT_LOOKUP_MAX } = await import('@everstone/contract');
  const answers = await Promise.all(
    lookupBatches(ids, VARIANT_LOOKUP_MAX).map(async (batch) => {
      const res = await api.post('/api/products/variants/lookup', { ids: batch }, variantAnswer, { signal });
      if (!res.ok) throw new Error(`The variant lookup answered ${res.status}`);
      return res.data;
    }),
  );
  return mergeLookups(answers);
}

/**
 * Checks the cart's lines against the store once per visit (and the lines that arrive later, from another tab):
 * the stones with one lookup (loose and in rings), the pieces and the rings' settings with another, side by side.
 * Writes fresh prices, statuses and shelves into the stored cart, and collects what the shopper must be told.
 */
export function useCartCheck(lines: CartLine[], hydrated: boolean): CartCheckState {
  // Check keys the store has answered for during this visit.
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

  // A stone in a ring is not also bought loose (nor in a second ring): a cart that holds it twice keeps the ring.
  useEffect(() => {
    if (!hydrated) return;
    const found = keepStonesInRings(cartStore.get());
    if (found.notices.length === 0) return;
    cartStore.set([...found.lines]);
    setNotices((before) => [...before, ...found.notices]);
  }, [hydrated, lines]);

  const unchecked = [...new Set(lines.map(checkKeyOf))].filter((k) => !checked.has(k));
  const key = unchecked.join('\n');

  useEffect(() => {
    if (!hydrated || key === '') return;
    const keys = new Set(key.split('\n'));
    const controller = new AbortController();
    setStatus('checking');
    const pending = cartStore.get().filter((l) => keys.has(checkKeyOf(l)));
    const diamondIds = lookupIds(pending);
    const variantIds = variantLookupIds(pending);
    Promise.all([
      diamondIds.length > 0 ? lookupDiamonds(diamondIds, controller.signal) : NO_RECORDS.diamonds,
      variantIds.length > 0 ? lookupVariants(variantIds, controller.signal) : NO_RECORDS.variants,
    ])
      .then(([diamonds, variants]) => {
        if (controller.signal.aborted) return;
        // Reconciled against the cart as it is now, so a change made meanwhile (here or in another tab) stays.
        const current = cartStore.get();
        const asked = current.filter((l) => keys.has(checkKeyOf(l)));
        const result = reconcileCart(asked, diamonds, variants);
        // reconcileCart answers line for line, in order.
        let i = 0;
        const next = current.map((l) => (keys.has(checkKeyOf(l)) ? result.lines[i++]! : l));
        if (linesDiffer(current, next)) cartStore.set(next);
        setChecked((before) => new Set([...before, ...keys]));
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
