import {
  CARRIER_NAMES,
  HOME_PREVIEW_STEP_MESSAGES,
  homePreviewChangedMeanwhile,
  homePreviewKeepFrom,
  homePreviewKeepTooEarly,
  homePreviewKeptCents,
  homePreviewRefusal,
  homePreviewWhere,
  storedTrackingNumber,
  trackingNumberProblem,
  trackingUrl,
  type Carrier,
  type HomePreviewStatus,
} from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { accountEmails } from '../accounts/index.ts';
import type { MailQueue, OutgoingMail } from '../mail/index.ts';
import { cancelledMail, keptMail, refundedMail, shippedMail } from './mail.ts';
import { createHomePreviewRepository, type HomePreviewRow } from './repository.ts';
import { homePreviewTables } from './tables.ts';
import { toStaff, type StaffHomePreview } from './wire.ts';

/**
 * Writes the audit entry of a step in the step's own transaction, with the request as it was and as it became and
 * what the step recorded (a reference, a parcel, the replicas received): an entry exists exactly when the change does.
 */
export type RecordHomePreviewStep = (trx: Handle, before: HomePreviewRow, after: HomePreviewRow, detail?: Record<string, unknown>) => Promise<void>;

/** Why a request cannot take a step (409). */
export class HomePreviewStepRefused extends ConflictError {}

const statusOf = (r: HomePreviewRow) => r.status as HomePreviewStatus;
const refuse = (r: HomePreviewRow, what: string, why: string = homePreviewWhere(statusOf(r))): never => {
  throw new HomePreviewStepRefused(homePreviewRefusal(r.number, what, why));
};
const invalid = (field: string, message: string): never => {
  throw new ValidationError({ [field]: [message] }, message);
};
const referenceOf = (raw: string | null | undefined): string => {
  const reference = raw?.trim() ?? '';
  if (reference.length === 0) invalid('reference', HOME_PREVIEW_STEP_MESSAGES.reference);
  return reference;
};

/**
 * Home Preview's staff steps (docs/operations.md, docs/decisions/022-home-preview-steps.md): each is one transaction
 * whose UPDATE re-checks the request's status, so two people at two terminals cannot both act on one request; the
 * step's audit entry and the shopper's email are written in that transaction.
 */
export function createHomePreviewDesk(deps: { db: Handle; engine: Engine; mail: MailQueue; storeEmail: string; publicUrl: string; now: () => Date }) {
  const db = homePreviewTables(deps.db);
  const tx = { db, engine: deps.engine };
  const { mail, storeEmail, publicUrl, now } = deps;

  type Repo = ReturnType<typeof createHomePreviewRepository>;
  /** What a step changes: the request's row on its condition (false when it moved on meanwhile), and what it recorded. */
  type Change = (r: Repo, row: HomePreviewRow, at: string) => Promise<false | Record<string, unknown>>;
  type Mail = (row: HomePreviewRow, email: string) => OutgoingMail | null;

  const clean = (number: string) => number.trim().toUpperCase();

  async function load(r: Repo, number: string): Promise<HomePreviewRow> {
    const row = await r.findByNumber(clean(number));
    if (!row) throw new NotFoundError(HOME_PREVIEW_STEP_MESSAGES.notFound);
    return row;
  }

  async function staffView(h: Handle, row: HomePreviewRow): Promise<StaffHomePreview> {
    const email = (await accountEmails(h, [row.user_id])).get(row.user_id) ?? '';
    return toStaff(row, email, now());
  }

  async function step(number: string, change: Change, options: { mail?: Mail; record?: RecordHomePreviewStep } = {}): Promise<StaffHomePreview> {
    const done = await writeTransaction(tx, async (trx) => {
      const r = createHomePreviewRepository(trx, deps.engine);
      const row = await load(r, number);
      const detail = await change(r, row, now().toISOString());
      if (detail === false) return null;
      const changed = (await r.findByNumber(row.number))!;
      await options.record?.(trx, row, changed, detail);
      const email = (await accountEmails(trx, [changed.user_id])).get(changed.user_id) ?? '';
      const message = email ? (options.mail?.(changed, email) ?? null) : null;
      if (message) await mail.enqueue(trx, [message]);
      return { changed, email, mailed: message !== null };
    });
    if (!done) {
      // Another step won the race between reading the request and changing it: say where it stands now.
      const current = await load(createHomePreviewRepository(db, deps.engine), number);
      throw new HomePreviewStepRefused(homePreviewChangedMeanwhile(current.number, statusOf(current)));
    }
    if (done.mailed) mail.flush();
    return toStaff(done.changed, done.email, now());
  }

  return {
    /** One request as the back office shows it (before its history). */
    async find(number: string): Promise<StaffHomePreview> {
      return staffView(db, await load(createHomePreviewRepository(db, deps.engine), number));
    },

    /** The team took the deposit by phone ($100 per replica): recorded with the payment's reference. */
    deposit: (number: string, reference: string, record?: RecordHomePreviewStep) =>
      step(
        number,
        async (r, row, at) => {
          if (row.status !== 'requested') refuse(row, 'take its deposit');
          const ref = referenceOf(reference);
          if (!(await r.move(row.id, { status: 'requested' }, { status: 'deposit_taken', deposit_reference: ref, deposit_taken_at: at }))) return false;
          return { deposit_reference: ref };
        },
        { record },
      ),

    /**
     * The replicas left with their carrier, with a tracking number checked against the carrier's format (one
     * number is one parcel); the shopper is emailed the carrier's tracking page. Only once the deposit is taken.
     */
    ship: (number: string, parcel: { carrier: Carrier; trackingNumber: string }, record?: RecordHomePreviewStep) =>
      step(
        number,
        async (r, row, at) => {
          const problem = trackingNumberProblem(parcel.carrier, parcel.trackingNumber);
          if (problem) invalid('tracking_number', problem);
          if (row.status !== 'deposit_taken') refuse(row, 'ship', row.status === 'requested' ? 'its deposit is not taken yet' : homePreviewWhere(statusOf(row)));
          const trackingNumber = storedTrackingNumber(parcel.carrier, parcel.trackingNumber);
          const holder = await r.trackingHolder(parcel.carrier, trackingNumber);
          if (holder) refuse(row, 'ship with this tracking number', `${CARRIER_NAMES[parcel.carrier]} ${trackingNumber} is already recorded for Home Preview ${holder}`);
          try {
            if (!(await r.move(row.id, { status: 'deposit_taken' }, { status: 'shipped', carrier: parcel.carrier, tracking_number: trackingNumber, shipped_at: at }))) return false;
          } catch (err) {
            // Another request took the same number between the check and the UPDATE.
            if (isUniqueViolation(err)) throw new HomePreviewStepRefused(HOME_PREVIEW_STEP_MESSAGES.trackingTaken);
            throw err;
          }
          return { carrier: parcel.carrier, tracking_number: trackingNumber };
        },
        {
          record,
          mail: (row, email) => shippedMail(row, email, storeEmail, publicUrl, trackingUrl(row.carrier as Carrier, row.tracking_number!), CARRIER_NAMES[row.carrier as Carrier]),
        },
      ),

    /** The carrier delivered (optional): the three days of possession count from now rather than from the shipment's estimate. */
    deliver: (number: string, record?: RecordHomePreviewStep) =>
      step(
        number,
        async (r, row, at) => {
          if (row.status !== 'shipped') refuse(row, 'be marked delivered', `${homePreviewWhere(statusOf(row))}; only a shipped Home Preview can be`);
          if (!(await r.move(row.id, { status: 'shipped' }, { status: 'delivered', delivered_at: at }))) return false;
          return {};
        },
        { record },
      ),

    /**
     * Replicas came back (by their number from 1, as the page lists them). When the last one is back the request is
     * `returned`, ready for its refund. Guarded by the count of replicas back, so two people recording the two
     * replicas at once cannot leave it waiting for one already here.
     */
    receive: (number: string, replicas: readonly number[], record?: RecordHomePreviewStep) =>
      step(
        number,
        async (r, row, at) => {
          const status = statusOf(row);
          if (status !== 'shipped' && status !== 'delivered') refuse(row, 'receive replicas', `${homePreviewWhere(status)}; replicas come back once it has shipped`);
          if (replicas.length === 0) invalid('replicas', HOME_PREVIEW_STEP_MESSAGES.noReplicas);
          const positions = [...new Set(replicas)].map((n) => n - 1);
          for (const p of positions) {
            const ring = row.rings.find((x) => x.position === p);
            if (!ring) invalid('replicas', HOME_PREVIEW_STEP_MESSAGES.unknownReplica);
            else if (ring.returned_at) refuse(row, `receive replica ${p + 1}`, `replica ${p + 1} is already back, since ${ring.returned_at}`);
          }
          const back = row.rings_returned + positions.length;
          const all = back >= row.rings.length;
          const moved = await r.move(row.id, { status, rings_returned: row.rings_returned }, all ? { rings_returned: back, status: 'returned', returned_at: at } : { rings_returned: back });
          if (!moved) return false;
          if ((await r.markRingsReturned(row.id, positions, at)) !== positions.length) throw new HomePreviewStepRefused(homePreviewChangedMeanwhile(row.number, status));
          return { replicas: positions.map((p) => p + 1), rings_returned: back };
        },
        { record },
      ),

    /** Every replica is back: the deposit is refunded in full (§9), recorded with the refund's reference; the shopper is emailed. */
    refund: (number: string, reference: string, record?: RecordHomePreviewStep) =>
      step(
        number,
        async (r, row, at) => {
          if (row.status !== 'returned') refuse(row, 'have its deposit refunded', `${homePreviewWhere(statusOf(row))}; the deposit is refunded once every replica is back`);
          const ref = referenceOf(reference);
          if (!(await r.move(row.id, { status: 'returned' }, { status: 'refunded', refunded_cents: row.deposit_cents, kept_cents: 0, refund_reference: ref, settled_at: at }))) return false;
          return { refunded_cents: row.deposit_cents, refund_reference: ref };
        },
        { record, mail: (row, email) => refundedMail(row, email, storeEmail, publicUrl) },
      ),

    /**
     * A replica is not back once the three days and the return transit have passed: $100 is kept for each missing
     * replica (§9's charge) and the rest refunded, with its reference when there is any; the shopper is emailed why.
     */
    keep: (number: string, reference: string | null, record?: RecordHomePreviewStep) =>
      step(
        number,
        async (r, row, at) => {
          const status = statusOf(row);
          if (status !== 'shipped' && status !== 'delivered') refuse(row, 'keep its deposit', homePreviewWhere(status));
          const keepFrom = homePreviewKeepFrom(row)!;
          if (keepFrom > at) throw new HomePreviewStepRefused(homePreviewKeepTooEarly(row.number, keepFrom));
          const missing = row.rings.length - row.rings_returned;
          const kept = Math.min(row.deposit_cents, homePreviewKeptCents(missing));
          const refunded = row.deposit_cents - kept;
          const ref = refunded > 0 ? referenceOf(reference) : reference?.trim() || null;
          const moved = await r.move(row.id, { status, rings_returned: row.rings_returned }, { status: 'deposit_kept', kept_cents: kept, refunded_cents: refunded, refund_reference: ref, settled_at: at });
          if (!moved) return false;
          return { kept_cents: kept, refunded_cents: refunded, refund_reference: ref, missing: row.rings.filter((x) => !x.returned_at).map((x) => x.position + 1) };
        },
        { record, mail: (row, email) => keptMail(row, email, storeEmail, publicUrl) },
      ),

    /** Cancelled by the team before the deposit was taken: nothing to refund. The shopper is emailed. */
    cancel: (number: string, record?: RecordHomePreviewStep) =>
      step(
        number,
        async (r, row, at) => {
          if (row.status !== 'requested') {
            refuse(row, 'be cancelled', row.status === 'deposit_taken' ? 'its deposit is taken: refund it and cancel' : homePreviewWhere(statusOf(row)));
          }
          if (!(await r.move(row.id, { status: 'requested' }, { status: 'cancelled', cancelled_at: at }))) return false;
          return {};
        },
        { record, mail: (row, email) => cancelledMail(row, email, storeEmail, publicUrl) },
      ),

    /** Cancelled by the team once the deposit was taken and before shipping: the deposit is refunded, with its reference. */
    cancelRefund: (number: string, reference: string, record?: RecordHomePreviewStep) =>
      step(
        number,
        async (r, row, at) => {
          if (row.status !== 'deposit_taken') {
            refuse(row, 'be refunded and cancelled', row.status === 'requested' ? 'no deposit is taken yet: cancel it' : homePreviewWhere(statusOf(row)));
          }
          const ref = referenceOf(reference);
          const set = { status: 'cancelled', cancelled_at: at, refunded_cents: row.deposit_cents, kept_cents: 0, refund_reference: ref, settled_at: at };
          if (!(await r.move(row.id, { status: 'deposit_taken' }, set))) return false;
          return { refunded_cents: row.deposit_cents, refund_reference: ref };
        },
        { record, mail: (row, email) => cancelledMail(row, email, storeEmail, publicUrl) },
      ),
  };
}

export type HomePreviewDesk = ReturnType<typeof createHomePreviewDesk>;
