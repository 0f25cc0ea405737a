import { ORDER_CURRENCY } from '@everstone/contract';
import type { Handle } from '../../db/tables.ts';
import type { WalletProvider } from './provider.ts';
import { createWalletPaymentRepository } from './repository.ts';
import { paymentTables } from './tables.ts';

/**
 * Gives back `cents` of a paid order's capture through the provider's refund API (a return's refund), in part or in
 * full, idempotent on `requestId`: the same id again answers the first refund. Throws when the order has no capture
 * on record or the provider refuses (the caller gives the amount back to what may still be refunded). The server and
 * the order desk both refund through it.
 */
export function walletRefunds(deps: { db: { db: Handle }; provider: WalletProvider; log?: { info?(details: object, message: string): void } | undefined }) {
  const payments = createWalletPaymentRepository(paymentTables(deps.db.db));
  return async (orderId: number, cents: number, requestId: string): Promise<{ refundId: string }> => {
    const payment = await payments.findCompletedOfOrder(orderId);
    if (!payment?.capture_id) throw new Error('no PayPal payment taken for this order is on record');
    const refund = await deps.provider.refundCapture(payment.capture_id, cents, ORDER_CURRENCY, requestId);
    deps.log?.info?.({ reference: payment.reference, requestId, status: refund.status }, 'part of a wallet payment refunded');
    return { refundId: refund.refundId };
  };
}
