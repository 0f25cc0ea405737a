import { randomInt } from 'node:crypto';
import type { WalletSimulatedPaymentRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { createSimulatorRepository } from './simulator-repository.ts';
import { paymentTables } from './tables.ts';
import type { CaptureOutcome, CaptureState, CreateWalletPayment, CreatedWalletPayment, RefundOutcome, WalletProvider } from './provider.ts';

const ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const drawId = (prefix: string) => {
  let id = prefix;
  for (let i = 0; i < 17; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
};

/** The buyer identifier the simulator hands back on approval, as PayPal adds PayerID to the return URL. */
export const SIMULATED_PAYER_ID = 'SIMULATEDBUYER';

export interface SimulatorOptions {
  db: Handle;
  now?: () => Date;
}

/**
 * The offline wallet: behaves as PayPal does for the store (create, approve on a page of its own, capture once,
 * refund once, every call idempotent), keeping its ledger in the store's database so it survives restarts and
 * serves several instances. No money moves. The approval page is in simulator-routes.ts.
 */
export function createSimulatorProvider(options: SimulatorOptions) {
  const repo = createSimulatorRepository(paymentTables(options.db));
  const now = options.now ?? (() => new Date());

  async function find(id: string): Promise<WalletSimulatedPaymentRow | null> {
    // Only what drawId makes can name a payment: anything else is not looked up at all.
    if (!/^SIM[0-9A-Z]{17}$/.test(id)) return null;
    return repo.find(id);
  }

  /** Moves a payment from one status to another; false when it was not in `from` (someone else moved it). */
  async function move(id: string, from: string, to: string, extra: Partial<WalletSimulatedPaymentRow> = {}): Promise<boolean> {
    return repo.move(id, from, to, now().toISOString(), extra);
  }

  const provider: WalletProvider = {
    name: 'simulator',

    async createPayment(request: CreateWalletPayment): Promise<CreatedWalletPayment> {
      const at = now().toISOString();
      const id = await repo.insertOnce({
        id: drawId('SIM'),
        create_key: request.idempotencyKey,
        reference: request.reference,
        description: request.description.slice(0, 200),
        amount_cents: request.amountCents,
        currency: request.currency,
        status: 'CREATED',
        return_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        created_at: at,
        updated_at: at,
      });
      // The approval page is the store's own, on the address the shopper is returned to.
      return { providerOrderId: id, approveUrl: `${new URL(request.returnUrl).origin}/wallet-simulator/${id}` };
    },

    async capturePayment(providerOrderId: string): Promise<CaptureOutcome> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await find(providerOrderId);
        if (!row) return { status: 'declined', reason: 'The payment could not be found.' };
        switch (row.status) {
          case 'COMPLETED':
            // Idempotent whatever the key: a captured payment answers its one capture.
            return { status: 'completed', captureId: row.capture_id!, amountCents: row.amount_cents, currency: row.currency };
          case 'CREATED':
            return { status: 'not_approved' };
          case 'VOIDED':
            return { status: 'declined', reason: 'The payment was voided.' };
          case 'APPROVED':
            if (await move(row.id, 'APPROVED', 'COMPLETED', { capture_id: drawId('SIMCAP') })) continue;
            continue; // Another capture won the race: read its result.
        }
      }
      throw new Error(`Simulated payment ${providerOrderId} kept changing during capture`);
    },

    /** The simulator never holds a capture for review: every capture it made is final. */
    async lookUpCapture(captureId: string): Promise<CaptureState> {
      if (!(await repo.findByCapture(captureId))) throw new Error(`No simulated capture ${captureId}`);
      return { status: 'completed' };
    },

    /**
     * Refunds all or part of a capture, as PayPal does: once per request id (the same key answers the first refund),
     * never more than what remains of it (PayPal's REFUND_AMOUNT_EXCEEDED). A refund of the whole capture also
     * gives the capture its refund id, as before partial refunds.
     */
    async refundCapture(captureId: string, amountCents: number, _currency: 'USD', idempotencyKey: string): Promise<RefundOutcome> {
      const row = await repo.findByCapture(captureId);
      if (!row) throw new Error(`No simulated capture ${captureId}`);
      if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error('The refund amount must be a positive amount (INVALID_PARAMETER_VALUE)');
      const earlier = await repo.refundByKey(idempotencyKey);
      if (earlier) return { refundId: earlier.id, status: 'completed' };
      const id = drawId('SIMREF');
      const outcome = await repo.refund({ id, capture_id: captureId, request_key: idempotencyKey, amount_cents: amountCents, created_at: now().toISOString() });
      if (outcome === 'exceeds') throw new Error('The refund amount exceeds what remains of the capture (REFUND_AMOUNT_EXCEEDED)');
      if (outcome === 'repeated') return { refundId: (await repo.refundByKey(idempotencyKey))!.id, status: 'completed' };
      if (amountCents === row.amount_cents) {
        await repo.setRefundIdIfNone(captureId, id, now().toISOString());
        return { refundId: (await repo.refundIdOf(captureId))!, status: 'completed' };
      }
      return { refundId: id, status: 'completed' };
    },
  };

  return {
    provider,
    find,

    /** The buyer approves on the simulator's page: where the browser goes next (the store's return URL). */
    async approve(id: string): Promise<string | null> {
      const row = await find(id);
      if (!row) return null;
      await move(id, 'CREATED', 'APPROVED');
      const url = new URL(row.return_url);
      url.searchParams.set('token', id);
      url.searchParams.set('PayerID', SIMULATED_PAYER_ID);
      return url.toString();
    },

    /** The buyer cancels: nothing changes (as on PayPal, the payment simply is not approved); back to the store. */
    async cancel(id: string): Promise<string | null> {
      const row = await find(id);
      if (!row) return null;
      const url = new URL(row.cancel_url);
      url.searchParams.set('token', id);
      return url.toString();
    },
  };
}

export type WalletSimulator = ReturnType<typeof createSimulatorProvider>;
