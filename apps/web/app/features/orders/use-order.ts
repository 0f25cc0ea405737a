import { useEffect, useState } from 'react';
import { orderSchema, type Order } from '@everstone/contract';
import { api } from '../../lib/api';
import { signOut } from '../../lib/session';

export type OrderView = { status: 'loading' } | { status: 'ready'; order: Order } | { status: 'not-found' } | { status: 'failed' };

/**
 * GET /api/orders/{order_number} for the signed-in shopper, again whenever the account or `attempt` changes. A
 * token the server no longer accepts ends the session, which sends the shopper to sign in and back here.
 */
export function useOrder(orderNumber: string | null, token: string | null, attempt: number): OrderView {
  const [view, setView] = useState<OrderView>({ status: 'loading' });
  useEffect(() => {
    if (orderNumber === null || token === null) return;
    let current = true;
    setView({ status: 'loading' });
    void api.get(`/api/orders/${encodeURIComponent(orderNumber)}`, orderSchema, { token }).then((res) => {
      if (!current) return;
      if (res.ok) setView({ status: 'ready', order: res.data });
      else if (res.status === 401) void signOut();
      else if (res.status === 404) setView({ status: 'not-found' });
      else {
        console.error(`The order could not be loaded (${res.status})`);
        setView({ status: 'failed' });
      }
    });
    return () => {
      current = false;
    };
  }, [orderNumber, token, attempt]);
  return view;
}

