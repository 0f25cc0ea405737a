import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { WALLET_PAYMENT_METHOD, messageResponseSchema, type PaymentMethod } from '@everstone/contract';
import { api } from '../../lib/api';
import type { Session } from '../../lib/session';
import { WALLET_CANCELLED_PARAM } from './checkout';

/**
 * The wallet's cancel URL brings the shopper back here with ?payment=cancelled&token={orderID}: the page says
 * so, keeps PayPal chosen, and closes that payment at the store so an old approval tab can never complete it.
 */
export function useWalletCancel(session: Session, setMethod: (method: PaymentMethod) => void): boolean {
  const [params] = useSearchParams();
  const cancelled = params.get(WALLET_CANCELLED_PARAM.name) === WALLET_CANCELLED_PARAM.value;
  const token = params.get('token');
  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (!cancelled) return;
    setMethod(WALLET_PAYMENT_METHOD);
    if (!signedIn || !token) return;
    void api.post('/api/paypal/cancel-order', { orderID: token }, messageResponseSchema).then((res) => {
      // Nothing was captured either way; an open payment simply expires at the provider.
      if (!res.ok) console.error(`Could not close the cancelled PayPal payment (${res.status})`);
    });
  }, [cancelled, token, signedIn, setMethod]);
  return cancelled;
}
