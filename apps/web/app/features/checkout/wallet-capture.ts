import { WALLET_MESSAGES, orderSchema, type Order } from '@everstone/contract';
import { api, type ApiFailure, type ApiResult } from '../../lib/api';
import { ORDER_FAILED_MESSAGE } from './checkout';

export type WalletOutcome =
  | { kind: 'working' }
  /** A stone sold meanwhile: the payment was not taken, or was refunded (the message says which). */
  | { kind: 'sold'; message: string }
  /** Not approved, declined, cancelled, unknown or someone else's: back to checkout. */
  | { kind: 'refused'; message: string }
  /** The store or PayPal could not be reached: the same call is safe to send again. */
  | { kind: 'retry'; message: string }
  | { kind: 'sign-in' }
  | { kind: 'no-payment' };

/** What a failed capture means for the shopper (§8's message when the store gives none). */
export function walletOutcomeOf(failure: ApiFailure): WalletOutcome {
  if (failure.status === 0) return { kind: 'retry', message: 'We could not reach the store. Please check your connection and try again.' };
  const message = failure.message;
  if (failure.status === 401) return { kind: 'sign-in' };
  if (failure.status === 409) return { kind: 'sold', message: message ?? ORDER_FAILED_MESSAGE };
  if (failure.status >= 500) return { kind: 'retry', message: message ?? WALLET_MESSAGES.unreachable };
  return { kind: 'refused', message: message ?? ORDER_FAILED_MESSAGE };
}

/** POST /api/paypal/capture-order for the payment the wallet sent the shopper back with: the placed order, or why not. */
export async function captureWalletPayment(orderID: string): Promise<ApiResult<Order>> {
  return api.post('/api/paypal/capture-order', { orderID }, orderSchema);
}
