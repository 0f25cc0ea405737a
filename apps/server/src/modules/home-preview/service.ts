import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  HOME_PREVIEW,
  HOME_PREVIEW_MESSAGES,
  METAL_LABELS,
  formatShipDate,
  formatTagPrice,
  homePreviewDepositCents,
  homePreviewLimitMessage,
  homePreviewNextSteps,
  homePreviewReleaseDay,
  isoDay,
  ringSizeLabel,
  storeToday,
  type HomePreview,
  type HomePreviewCreated,
  type HomePreviewStatus,
  type HomePreviewList,
  type MetalId,
  type homePreviewRequestSchema,
} from '@everstone/contract';
import { ConflictError, NotFoundError, ValidationError, summarizeErrors } from '../../errors.ts';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import type { SignedIn } from '../../plugins/auth.ts';
import { accountEmails } from '../accounts/index.ts';
import { composeMail, fields, link, paragraph, type MailQueue, type OutgoingMail } from '../mail/index.ts';
import type { VariantForSale } from '../jewelry/index.ts';
import { createHomePreviewRepository, type NewHomePreview } from './repository.ts';
import { homePreviewTables } from './tables.ts';
import { toStaff, toWire, type StaffHomePreview } from './wire.ts';
import { createHomePreviewDesk } from './steps.ts';

export type HomePreviewInput = z.output<typeof homePreviewRequestSchema>;

const DAY = 86_400_000;

/** Crockford's base32 without I, L, O, U, as order numbers. */
const NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'HP-2026-K7M3QX': the year and six random characters; it addresses the request, so it reveals no count. */
export function drawHomePreviewNumber(at: Date): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return `HP-${at.getUTCFullYear()}-${code}`;
}

/** The account's requests that still count toward its two, and the day the oldest of them stops counting. */
function standing(placed: readonly string[], now: Date): { counted: number; nextDay: Date | null } {
  const today = storeToday(now).getTime();
  const releases = placed.map((at) => homePreviewReleaseDay(new Date(at))).filter((day) => day.getTime() > today);
  releases.sort((a, b) => a.getTime() - b.getTime());
  return { counted: releases.length, nextDay: releases[0] ?? null };
}

const ringLine = (ring: NewHomePreview['rings'][number]) =>
  `${ring.name}, ${METAL_LABELS[ring.metal as MetalId] ?? ring.metal}${ring.shape ? `, for a ${ring.shape.toLowerCase()} diamond` : ''}; ${ringSizeLabel(ring.ringSize)}`;

function requestMails(r: NewHomePreview, email: string, storeEmail: string, publicUrl: string): OutgoingMail[] {
  const deposit = formatTagPrice(r.depositCents);
  const a = r.shipTo;
  const address = `${a.street}${a.apartment ? `, ${a.apartment}` : ''}, ${a.city}, ${a.state} ${a.zip}, ${a.country}`;
  const rings = fields(r.rings.map((ring, i): [string, string] => [`Replica ${i + 1}`, ringLine(ring)]));
  const steps = homePreviewNextSteps(r.rings.length);
  return [
    // The account's address is not verified: whoever signed up with it chose the name, the address and the phone, so
    // the shopper's copy carries only the store's words (the replicas are the catalog's, the sizes from its list) and
    // leaves the delivery details to the Home Preview page, where the signed-in account reads them.
    composeMail({
      to: email,
      replyTo: storeEmail,
      subject: `Your Home Preview request ${r.number}`,
      greeting: 'Hello,',
      blocks: [
        paragraph(`Thank you for requesting a Home Preview. Here is what you asked for (request ${r.number}):`),
        rings,
        fields([
          ['Request', r.number],
          ['Placed', formatShipDate(storeToday(new Date(r.createdAt)))],
          ['Refundable deposit', `${deposit} (${formatTagPrice(HOME_PREVIEW.depositCentsPerRing)} per replica ring)`],
        ]),
        ...steps.map(paragraph),
        paragraph('Where we ship the replicas and the number we call are on our Home Preview page, when you are signed in:'),
        link('Your Home Preview requests', `${publicUrl}/home-preview`),
        paragraph('Changed your mind before we call? You can cancel the request on that page, or simply reply to this email.'),
        paragraph('If you did not ask for a Home Preview, someone may have signed up with your address: reply to this email and we will cancel the request.'),
      ],
    }),
    composeMail({
      to: storeEmail,
      replyTo: email,
      subject: `Home Preview ${r.number}: call to take the ${deposit} deposit`,
      blocks: [
        paragraph(
          `A shopper requested a Home Preview. Call them to take the refundable deposit of ${deposit} before shipping; the replicas are theirs for ${HOME_PREVIEW.possessionDays} days, shipping is free both ways, and the deposit is refunded when the replicas come back.`,
        ),
        fields([
          ['Request', r.number],
          ['Name', `${a.first_name} ${a.last_name}`],
          ['Account email', email],
          ['Phone', a.phone_number],
          ['Ship to', address],
          ['Deposit', deposit],
        ]),
        rings,
        fields(r.rings.map((ring, i): [string, string] => [`SKU ${i + 1}`, ring.sku])),
      ],
    }),
  ];
}

export function createHomePreviewService(deps: {
  db: Handle;
  engine: Engine;
  mail: MailQueue;
  storeEmail: string;
  /** Base of the links in emails (PUBLIC_URL). */
  publicUrl: string;
  /** The variants asked for, read in the request's transaction. */
  jewelry: { variantsForSale(trx: Handle, ids: readonly number[]): Promise<Map<number, VariantForSale>> };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const db = homePreviewTables(deps.db);
  const tx = { db, engine: deps.engine };
  // A little more than the window, so every request that could still count is read; `standing` decides by day.
  const lookBack = (at: Date) => new Date(at.getTime() - (HOME_PREVIEW.windowDays + 2) * DAY).toISOString();

  return {
    /** The team's steps after a request: deposit, shipment, delivery, returns, the deposit's refund or keep, cancel. */
    desk: createHomePreviewDesk({ db: deps.db, engine: deps.engine, mail: deps.mail, storeEmail: deps.storeEmail, publicUrl: deps.publicUrl, now }),

    async requestPreview(signedIn: SignedIn, input: HomePreviewInput): Promise<HomePreviewCreated> {
      const at = now();
      const userId = signedIn.user.id;
      const number = drawHomePreviewNumber(at);
      const created = await writeTransaction(tx, async (trx) => {
        const repo = createHomePreviewRepository(trx, deps.engine);
        const forSale = await deps.jewelry.variantsForSale(trx, input.rings.map((r) => r.variant_id));
        const errors: Record<string, string[]> = {};
        const rings = input.rings.flatMap((ring, i) => {
          const found = forSale.get(ring.variant_id);
          if (!found || !found.product.published || found.variant.discontinued) {
            errors[`rings.${i}.variant_id`] = [HOME_PREVIEW_MESSAGES.unavailable];
            return [];
          }
          if (found.product.family !== 'setting') {
            errors[`rings.${i}.variant_id`] = [HOME_PREVIEW_MESSAGES.settingsOnly];
            return [];
          }
          return [
            {
              variantId: found.variant.id,
              sku: found.variant.sku,
              productSlug: found.product.slug,
              name: found.product.name,
              metal: found.variant.metal,
              shape: found.variant.shape,
              ringSize: ring.ring_size,
            },
          ];
        });
        if (Object.keys(errors).length > 0) throw new ValidationError(errors, summarizeErrors(errors));

        await repo.lockAccount(userId);
        const { counted, nextDay } = standing(await repo.activeSince(userId, lookBack(at)), at);
        if (counted >= HOME_PREVIEW.maxRequests) throw new ConflictError(homePreviewLimitMessage(nextDay!));

        const record: NewHomePreview = {
          number,
          userId,
          depositCents: homePreviewDepositCents(rings.length),
          shipTo: input.ship_to,
          rings,
          createdAt: at.toISOString(),
        };
        await repo.insert(record);
        await deps.mail.enqueue(trx, requestMails(record, signedIn.user.email, deps.storeEmail, deps.publicUrl));
        return (await repo.findOwn(userId, number))!;
      });
      deps.mail.flush();
      const steps = homePreviewNextSteps(created.rings.length);
      return {
        message: `Your Home Preview request ${created.number} is in. ${steps[0]}`,
        next_steps: steps,
        request: toWire(created),
      };
    },

    /** Every account's requests for the back office, newest first; `status` null for all. */
    async listForStaff(status: HomePreviewStatus | null, page: number, perPage: number): Promise<{ previews: StaffHomePreview[]; total: number }> {
      const { rows, total } = await createHomePreviewRepository(db, deps.engine).listAll(status, page, perPage);
      const emails = await accountEmails(db, rows.map((r) => r.user_id));
      const at = now();
      return { previews: rows.map((r) => toStaff(r, emails.get(r.user_id) ?? '', at)), total };
    },

    /** One account's requests for the back office (a customer's page). */
    async listOfUser(userId: number, email: string): Promise<StaffHomePreview[]> {
      const at = now();
      return (await createHomePreviewRepository(db, deps.engine).listByUser(userId)).map((r) => toStaff(r, email, at));
    },

    async listPreviews(signedIn: SignedIn): Promise<HomePreviewList> {
      const at = now();
      const repo = createHomePreviewRepository(db, deps.engine);
      const [rows, placed] = await Promise.all([repo.listByUser(signedIn.user.id), repo.activeSince(signedIn.user.id, lookBack(at))]);
      const { counted, nextDay } = standing(placed, at);
      const remaining = Math.max(0, HOME_PREVIEW.maxRequests - counted);
      return { data: rows.map(toWire), remaining, next_available_on: remaining === 0 && nextDay ? isoDay(nextDay) : null };
    },

    async cancelPreview(signedIn: SignedIn, number: string): Promise<HomePreview> {
      const at = now();
      const cancelled = await writeTransaction(tx, async (trx) => {
        const repo = createHomePreviewRepository(trx, deps.engine);
        const found = await repo.findOwn(signedIn.user.id, number);
        if (!found) throw new NotFoundError(HOME_PREVIEW_MESSAGES.notFound);
        if (found.status === 'cancelled') throw new ConflictError(HOME_PREVIEW_MESSAGES.alreadyCancelled);
        if (found.status === 'deposit_taken') throw new ConflictError(HOME_PREVIEW_MESSAGES.depositTaken);
        if (!(await repo.cancel(found.id, at.toISOString()))) throw new ConflictError(HOME_PREVIEW_MESSAGES.notCancellable);
        // The team must not call to take a deposit for a request the shopper withdrew.
        await deps.mail.enqueue(trx, [
          composeMail({
            to: deps.storeEmail,
            replyTo: signedIn.user.email,
            subject: `Home Preview ${found.number} cancelled by the shopper`,
            blocks: [
              paragraph(`The shopper cancelled Home Preview ${found.number} (placed ${formatShipDate(storeToday(new Date(found.created_at)))}). No deposit to take, nothing to ship.`),
              fields([
                ['Name', `${found.first_name} ${found.last_name}`],
                ['Account email', signedIn.user.email],
              ]),
            ],
          }),
        ]);
        return (await repo.findOwn(signedIn.user.id, number))!;
      });
      deps.mail.flush();
      return toWire(cancelled);
    },
  };
}

export type HomePreviewService = ReturnType<typeof createHomePreviewService>;
