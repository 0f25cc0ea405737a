import { randomBytes } from 'node:crypto';
import {
  CARE_STATUS_LABELS,
  CARRIER_NAMES,
  RETURN_LABEL_DAYS,

  isFreeResize,
  priceToCents,
  resizeProblem,
  storedTrackingNumber,
  trackingNumberProblem,
  type CareKind,
  type CareStatus,
  type CareTicket,
  type Carrier,
  type Order,
  type WireTransfer,
} from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { OrderCareTicketRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { MailQueue, OutgoingMail } from '../mail/index.ts';
import { afterSaleFactsOf, numberedLines } from './after-sale.ts';
import { createCareRepository } from './care-repository.ts';
import { careCancelledMail, careReceivedMail, careShippedMail, resizeRequestedMail } from './mail.ts';
import { createOrderRepository } from './repository.ts';
import { drawAfterSaleNumber, hashToken, isLabelToken, labelOf, labelPath, type ReturnLabel } from './returns.ts';
import { createReturnsRepository } from './returns-repository.ts';
import { toOrder } from './service.ts';
import { orderTables, type OrderTables } from './tables.ts';


/** Why a ticket's step cannot be taken, in the words staff read. */
export class CareStepRefused extends ConflictError {}

export interface CareDeps {
  db: { db: Handle; engine: Engine };
  mail: MailQueue;
  storeEmail: string;
  publicUrl: string;
  wireTransfer: WireTransfer;
  /** Parcels insured for this much or more go signature required (SIGNATURE_REQUIRED_FROM). */
  signatureRequiredFromCents: number;
  now?: () => Date;
}

/** A ticket step's audit entry, written in the step's own transaction. */
export type RecordCareStep = (trx: Handle, before: OrderCareTicketRow | null, after: OrderCareTicketRow, orderNumber: string, detail?: Record<string, unknown>) => Promise<void>;
export interface CareStepBy {
  by: string;
  record?: RecordCareStep;
}
export interface CareStepDone {
  ticket: OrderCareTicketRow;
  order: Order;
  view: CareTicket;
}

/**
 * Resize and repair tickets (docs/decisions/024-resize-and-repair-tickets.md): a shopper's resize of a ring of a
 * delivered order, sent in with a prepaid label; a repair opened by staff for a piece brought in. Each step is one
 * transaction whose UPDATE re-checks the ticket's state, with its audit entry and its email; the piece goes back on
 * the order's own shipping records.
 */
export function createCare(deps: CareDeps) {
  const d: ModuleDb<OrderTables> = { db: orderTables(deps.db.db), engine: deps.db.engine };
  const now = deps.now ?? (() => new Date());
  const { mail, storeEmail } = deps;
  const repo = createCareRepository(d.db);

  const refuse = (t: OrderCareTicketRow, step: string): never => {
    throw new CareStepRefused(`${t.kind === 'resize' ? 'Resize' : 'Repair'} ${t.number} cannot ${step}: it is ${CARE_STATUS_LABELS[t.status as CareStatus].toLowerCase()}.`);
  };

  async function load(number: string, r = repo) {
    const found = await r.findByNumber(number.trim().toUpperCase());
    if (!found) throw new NotFoundError(`No resize or repair ${number.trim()}.`);
    return found;
  }

  /** Inside a step's transaction, once the ticket moved: the order as it is now, the audit entry and the email. */
  async function done(trx: ModuleDb<OrderTables>['db'], before: OrderCareTicketRow | null, number: string, how: CareStepBy | undefined, mailOf: ((order: Order, view: CareTicket, to: string) => OutgoingMail) | null, detail?: Record<string, unknown>): Promise<CareStepDone> {
    const orders = createOrderRepository(trx);
    const after = (await createCareRepository(trx).findByNumber(number))!;
    const row = (await orders.findById(after.order_id))!;
    const order = toOrder(row, await orders.recordsOfOne(row.id), deps.wireTransfer, now());
    const view = order.tickets.find((t) => t.number === number)!;
    if (how?.record) await how.record(trx, before, after, order.order_number, detail);
    if (mailOf) await mail.enqueue(trx, [mailOf(order, view, row.contact_email)]);
    return { ticket: after, order, view };
  }
  const sent = <T>(result: T): T => {
    mail.flush();
    return result;
  };
  /** A ticket of the same line opened at the same moment lost the race on the partial unique index: say so, as 409. */
  const opening = <T>(step: Promise<T>): Promise<T> =>
    step.catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ConflictError('This piece is already in a resize or repair.');
      throw error;
    });

  /** Opens a ticket on a line, drawing numbers until one is free; a line with an open ticket is refused. */
  async function open(trx: ModuleDb<OrderTables>['db'], ticket: Omit<Parameters<ReturnType<typeof createCareRepository>['insert']>[0], 'number'> & { kind: CareKind }): Promise<string> {
    const r = createCareRepository(trx);
    for (;;) {
      const number = drawAfterSaleNumber(ticket.kind === 'resize' ? 'RS' : 'RP');
      const outcome = await r.insert({ ...ticket, number });
      if (outcome === 'number') continue;
      if (outcome === 'line') throw new ConflictError('This piece is already in a resize or repair.');
      return number;
    }
  }

  /** The shopper's own ticket (another account's is the same 404 as none). */
  async function ownTicket(trx: ModuleDb<OrderTables>['db'], userId: number, orderNumber: string, number: string) {
    const found = await createCareRepository(trx).findByNumber(number.trim().toUpperCase());
    const row = found ? await createOrderRepository(trx).findById(found.order_id) : null;
    if (!found || !row || found.user_id !== userId || row.order_number !== orderNumber.trim().toUpperCase()) throw new NotFoundError('No resize or repair was found.');
    return found;
  }

  return {
    /**
     * The shopper's resize of a ring line of their own delivered order: free when it is the ring's first within two
     * sizes (else the team quotes it before starting), with a prepaid, insured label's link (answered once, emailed).
     */
    async requestResize(userId: number, orderNumber: string, request: { line: number; to_size: string; note?: string | null | undefined }) {
      const token = randomBytes(32).toString('base64url');
      const result = await opening(writeTransaction(d, async (trx) => {
        const orders = createOrderRepository(trx);
        const row = await orders.findByNumberOfUser(orderNumber.trim().toUpperCase(), userId);
        if (!row) throw new NotFoundError('No order was found.');
        const { items, tickets } = await orders.recordsOfOne(row.id);
        const records = (await createReturnsRepository(trx).recordsOf([row.id])).get(row.id)!;
        const facts = afterSaleFactsOf(row, items, records, null, tickets);
        const numbered = numberedLines(items).find((l) => l.line === request.line);
        const fact = facts.lines.find((l) => l.line === request.line);
        const size = numbered ? ([numbered.item, ...numbered.parts].find((i) => i.ring_size !== null)?.ring_size ?? null) : null;
        const problem = resizeProblem(fact && { order_status: row.order_status, kind: fact.kind, resizable: fact.resizable, size, ticket: fact.ticket ?? null, rma: fact.rma }, request.line, request.to_size);
        if (problem) throw new ValidationError({ [problem.startsWith('Please choose the new size') ? 'to_size' : 'line']: [problem] }, problem);
        const at = now().toISOString();
        const number = await open(trx, {
          kind: 'resize',
          order_id: row.id,
          order_item_id: numbered!.item.id,
          user_id: userId,
          status: 'requested',
          from_size: size,
          to_size: request.to_size,
          description: request.note?.trim() || null,
          free: isFreeResize(size, request.to_size, !fact!.resized) ? 1 : 0,
          requested_at: at,
          requested_by: 'shopper',
          received_at: null,
          label_token_hash: hashToken(token),
          label_expires_at: new Date(now().getTime() + RETURN_LABEL_DAYS * 86_400_000).toISOString(),
        });
        const labelUrl = `${deps.publicUrl}${labelPath(token)}`;
        return done(trx, null, number, undefined, (order, view, to) => resizeRequestedMail(order, view, labelUrl, to, storeEmail));
      }));
      return sent({ ...result, token, labelExpiresAt: result.ticket.label_expires_at! });
    },

    /** A new link to a requested resize's label (the earlier one stops working; the label still expires when it was to). */
    async newLabelLink(userId: number, orderNumber: string, number: string) {
      const token = randomBytes(32).toString('base64url');
      return writeTransaction(d, async (trx) => {
        const found = await ownTicket(trx, userId, orderNumber, number);
        if (found.status !== 'requested' || !found.label_expires_at) refuse(found, 'have a new label');
        if (found.label_expires_at! <= now().toISOString()) throw new CareStepRefused(`The label of resize ${found.number} has expired. Reply to your resize email and we will arrange another.`);
        if (!(await createCareRepository(trx).setLabelToken(found.id, hashToken(token)))) refuse((await repo.findByNumber(found.number))!, 'have a new label');
        return { token, labelExpiresAt: found.label_expires_at! };
      });
    },

    /** Staff open a repair of a line of an order, for a piece brought to the showroom: it starts received. */
    openRepair: async (orderNumber: string, request: { line: number; description: string }, how: CareStepBy) =>
      sent(
        await opening(writeTransaction(d, async (trx) => {
          const orders = createOrderRepository(trx);
          const row = await orders.findByNumber(orderNumber.trim().toUpperCase());
          if (!row) throw new NotFoundError(`No order ${orderNumber.trim()}.`);
          const line = numberedLines((await orders.recordsOfOne(row.id)).items).find((l) => l.line === request.line);
          if (!line) throw new ValidationError({ line: [`This order has no line ${request.line}.`] }, `This order has no line ${request.line}.`);
          if (row.order_status !== 'delivered' && row.order_status !== 'completed') throw new ValidationError({ line: ['A piece can be repaired once its order has been delivered.'] }, 'A piece can be repaired once its order has been delivered.');
          const at = now().toISOString();
          const number = await open(trx, {
            kind: 'repair',
            order_id: row.id,
            order_item_id: line.item.id,
            user_id: row.user_id,
            status: 'received',
            from_size: null,
            to_size: null,
            description: request.description.trim(),
            free: 0,
            requested_at: at,
            requested_by: how.by,
            received_at: at,
            received_by: how.by,
            label_token_hash: null,
            label_expires_at: null,
          });
          return done(trx, null, number, how, null, { line: request.line, description: request.description.trim() });
        })),
      ),

    /** The piece reached the workshop; the shopper is emailed. */
    receive: async (number: string, how: CareStepBy) =>
      sent(
        await writeTransaction(d, async (trx) => {
          const r = createCareRepository(trx);
          const found = await load(number, r);
          if (found.status !== 'requested') refuse(found, 'be received');
          if (!(await r.move(found.id, 'requested', 'received', { received_at: now().toISOString(), received_by: how.by, label_token_hash: null }))) refuse((await r.findByNumber(found.number))!, 'be received');
          return done(trx, found, found.number, how, (order, view, to) => careReceivedMail(order, view, to, storeEmail));
        }),
      ),

    /**
     * The work starts: a free resize takes no fee; any other is agreed with the shopper and paid first, recorded with
     * the payment's reference (nothing is charged here).
     */
    start: async (number: string, quote: { fee?: string | null | undefined; reference?: string | null | undefined }, how: CareStepBy) =>
      sent(
        await writeTransaction(d, async (trx) => {
          const r = createCareRepository(trx);
          const found = await load(number, r);
          if (found.status !== 'received') refuse(found, 'start');
          const fee = quote.fee ? (priceToCents(quote.fee) ?? -1) : 0;
          const reference = quote.reference?.trim() || null;
          if (found.free === 1 && fee > 0) throw new ValidationError({ fee: ['This resize is the ring’s free one: it takes no fee.'] }, 'This resize is the ring’s free one: it takes no fee.');
          if (fee < 0) throw new ValidationError({ fee: ['The fee must be an amount such as 85.00.'] }, 'The fee must be an amount such as 85.00.');
          if (fee > 0 && !reference) throw new ValidationError({ reference: ['Take the fee from the shopper first, then give its payment’s reference.'] }, 'Take the fee from the shopper first, then give its payment’s reference.');
          const change = { work_started_at: now().toISOString(), work_by: how.by, fee_cents: fee, fee_reference: fee > 0 ? reference : null };
          if (!(await r.move(found.id, 'received', 'in_work', change))) refuse((await r.findByNumber(found.number))!, 'start');
          return done(trx, found, found.number, how, null, { fee_cents: fee, fee_reference: change.fee_reference });
        }),
      ),

    /** The piece goes back to the shopper, insured for its line's price, on the order's shipping records; they are emailed the tracking link. */
    ship: async (number: string, parcel: { carrier: Carrier; trackingNumber: string }, how: CareStepBy) =>
      sent(
        await writeTransaction(d, async (trx) => {
          const r = createCareRepository(trx);
          const orders = createOrderRepository(trx);
          const found = await load(number, r);
          if (found.status !== 'in_work') refuse(found, 'ship');
          const problem = trackingNumberProblem(parcel.carrier, parcel.trackingNumber);
          if (problem) throw new ValidationError({ tracking_number: [problem] }, problem);
          const tracking = storedTrackingNumber(parcel.carrier, parcel.trackingNumber);
          const item = (await orders.recordsOfOne(found.order_id)).items.find((i) => i.id === found.order_item_id)!;
          const insured = Math.max(1, item.price_cents * item.quantity);
          const at = now().toISOString();
          if (!(await r.move(found.id, 'in_work', 'shipped_back', { shipped_at: at, shipped_by: how.by }))) refuse((await r.findByNumber(found.number))!, 'ship');
          const shipment = await orders.addShipment(found.order_id, { carrier: parcel.carrier, tracking_number: tracking, insured_cents: insured, signature_required: insured >= deps.signatureRequiredFromCents ? 1 : 0, shipped_at: at, shipped_by: how.by, ticket_id: found.id });
          if (shipment === null) throw new ConflictError(`${CARRIER_NAMES[parcel.carrier]} ${tracking} is already recorded for another parcel.`);
          return done(trx, found, found.number, how, (order, view, to) => careShippedMail(order, view, to, storeEmail), { carrier: parcel.carrier, tracking_number: tracking, insured_cents: insured });
        }),
      ),

    /** A ticket not yet at the bench withdrawn: by the shopper (their own resize, still requested) or staff (the shopper is emailed). */
    cancel: async (number: string, how: CareStepBy, owner?: { userId: number; orderNumber: string }) =>
      sent(
        await writeTransaction(d, async (trx) => {
          const r = createCareRepository(trx);
          const found = owner ? await ownTicket(trx, owner.userId, owner.orderNumber, number) : await load(number, r);
          const from = found.status as CareStatus;
          if (from !== 'requested' && (owner || from !== 'received')) refuse(found, 'be cancelled');
          if (!(await r.move(found.id, from, 'cancelled', { closed_at: now().toISOString(), closed_by: how.by, label_token_hash: null }))) refuse((await r.findByNumber(found.number))!, 'be cancelled');
          return done(trx, found, found.number, how, owner ? null : (order, view, to) => careCancelledMail(order, view, to, storeEmail));
        }),
      ),

    /** One ticket by its number, with its order (the desk's `ticket`). */
    async find(number: string): Promise<CareStepDone> {
      const found = await load(number);
      const orders = createOrderRepository(d.db);
      const row = (await orders.findById(found.order_id))!;
      const order = toOrder(row, await orders.recordsOfOne(row.id), deps.wireTransfer, now());
      return { ticket: found, order, view: order.tickets.find((t) => t.number === found.number)! };
    },

    /** The open tickets, oldest first, each with its order's number and shopper's name. */
    async openTickets(limit = 200) {
      const rows = await repo.open(limit);
      const orders = createOrderRepository(d.db);
      return Promise.all(
        rows.map(async (t) => {
          const row = (await orders.findById(t.order_id))!;
          const line = numberedLines((await orders.recordsOfOne(row.id)).items).find((l) => l.item.id === t.order_item_id)?.line ?? 0;
          return { ticket: t, orderNumber: row.order_number, userName: row.user_name, line };
        }),
      );
    },

    /** What a resize's label shows, while its link works and the ring is still to come. */
    async labelOf(token: string): Promise<ReturnLabel | null> {
      if (!isLabelToken(token)) return null;
      const found = await repo.findByLabelToken(hashToken(token), now().toISOString());
      if (!found || found.status !== 'requested') return null;
      const orders = createOrderRepository(d.db);
      const row = (await orders.findById(found.order_id))!;
      const item = (await orders.recordsOfOne(row.id)).items.find((i) => i.id === found.order_item_id)!;
      return labelOf(row, found.number, Math.max(1, item.price_cents * item.quantity), found.label_expires_at!);
    },

  };
}

export type Care = ReturnType<typeof createCare>;
