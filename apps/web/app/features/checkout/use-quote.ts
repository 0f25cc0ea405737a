import { useEffect, useState } from 'react';
import { TAX_PENDING, type Pricing } from '@everstone/contract/core';
import type { DeliveryCountry, PaymentMethod, Quote } from '@everstone/contract';
import { api, lazySchema } from '../../lib/api';
import type { CartLine } from '../../domain/cart';
import { orderItems } from './checkout';

const quoteAnswer = lazySchema((c) => c.quoteSchema);

/** Where the order ships, as far as its tax goes: the ZIP or postal code and the country typed so far. */
export interface Destination {
  zip: string;
  country: DeliveryCountry;
}

/**
 * The sales tax the summary shows: pending until an address is typed ("Enter shipping address"), being asked,
 * then the store's quote (collected, not collected there, or a code it cannot place), or not reached.
 */
export type TaxView =
  | { status: 'pending'; message: string }
  | { status: 'loading' }
  | { status: 'quoted'; quote: Quote }
  | { status: 'failed' };

/** How long typing may pause before the store is asked: one quote per ZIP code typed, not one per key. */
const QUOTE_PAUSE_MS = 300;

/** The quote's request for these lines, method and destination (the order's own fields, so it prices the same). */
export function quoteRequest(lines: readonly CartLine[], pricing: Pricing, method: PaymentMethod | null, destination: Destination | null) {
  return { ...orderItems(lines, pricing), payment_mode: method, address: destination ? JSON.stringify({ zip: destination.zip, country: destination.country }) : null };
}

/** Asks the store for the quote of the order as it stands now (the one Pay now sends the total of). */
export async function fetchQuote(lines: readonly CartLine[], pricing: Pricing, method: PaymentMethod | null, destination: Destination | null, signal?: AbortSignal) {
  return api.post('/api/checkout/quote', quoteRequest(lines, pricing, method, destination), quoteAnswer, signal ? { signal } : {});
}

/** The summary's tax: asked again, after a pause in typing, whenever the lines, the method or the destination change. */
export function useQuote(lines: readonly CartLine[], pricing: Pricing, method: PaymentMethod | null, destination: Destination | null): TaxView {
  const [view, setView] = useState<TaxView>({ status: 'pending', message: TAX_PENDING });
  const key = JSON.stringify([quoteRequest(lines, pricing, method, destination)]);
  useEffect(() => {
    if (!destination || lines.length === 0) {
      setView({ status: 'pending', message: TAX_PENDING });
      return;
    }
    setView({ status: 'loading' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void fetchQuote(lines, pricing, method, destination, controller.signal).then((answer) => {
        if (controller.signal.aborted) return;
        setView(answer.ok ? { status: 'quoted', quote: answer.data } : { status: 'failed' });
      });
    }, QUOTE_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The key says all the inputs; the objects themselves are new on every drawing.
  }, [key]);
  return view;
}
