import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  CUSTOM_RING_BUDGETS,
  CUSTOM_RING_IMAGES,
  CUSTOM_RING_MESSAGES,
  CUSTOM_RING_STYLES,
  METAL_LABELS,
  STONE_ORIGIN_CHOICES,
  UNDECIDED,
  customReplyBy,
  formatShipDate,
  isoDay,
  replyByText,
  ringSizeLabel,
  type CustomRingImageResponse,
  type CustomRingImageType,
  type CustomRingRequestResponse,
  type MetalId,
  type customRingImageUploadSchema,
  type customRingRequestSchema,
} from '@everstone/contract';
import { ServiceUnavailableError, TooManyRequestsError, ValidationError, summarizeErrors } from '../../errors.ts';
import type { ClientScope } from '../../plugins/rate-limit.ts';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { composeMail, fields, paragraph, quote, type MailAttachment, type MailQueue, type OutgoingMail } from '../mail/index.ts';
import { createCustomRequestRepository, type StoredImage } from './repository.ts';
import { customRequestTables } from './tables.ts';

export type CustomRingRequestInput = z.output<typeof customRingRequestSchema>;
export type CustomRingImageInput = z.output<typeof customRingImageUploadSchema>;

/**
 * Uploads kept at once, store-wide, before new ones are refused (503): about 230 MB at most, whatever number of
 * addresses a flood comes from. Each is deleted a day after upload unless a request claims it. Each client has a
 * share of it (CUSTOM_RING_IMAGES.waitingPerClient), so it takes many clients, not one, to fill it.
 */
export const MAX_UNCLAIMED_IMAGES = 5000;

const HOUR = 3_600_000;

/** The picture's real type, read from its first bytes (its magic number), whatever the upload declared. */
export function sniffImageType(bytes: Uint8Array): CustomRingImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const EXTENSIONS: Record<CustomRingImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Crockford's base32 without I, L, O, U, as order numbers: nothing to misread on the phone. */
const NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'CR-2026-K7M3QX': the year and six random characters. */
export function drawRequestNumber(at: Date): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return `CR-${at.getUTCFullYear()}-${code}`;
}

const labelOf = (list: readonly { id: string; label: string }[], id: string) => list.find((x) => x.id === id)?.label ?? id;
const undecided = (value: string, label: string) => (value === UNDECIDED ? 'Not sure yet' : label);

function choices(r: CustomRingRequestInput): Array<[string, string]> {
  return [
    ['Style', labelOf(CUSTOM_RING_STYLES, r.style)],
    ['Budget', labelOf(CUSTOM_RING_BUDGETS, r.budget)],
    ['Center stone shape', undecided(r.center_shape, r.center_shape)],
    ['Center stone', labelOf(STONE_ORIGIN_CHOICES, r.center_origin)],
    ['Approximate carat', r.center_carat === null ? 'Not given' : `${r.center_carat} ct`],
    ['Metal', undecided(r.metal, METAL_LABELS[r.metal as MetalId] ?? r.metal)],
    ['Ring size', ringSizeLabel(r.ring_size)],
  ];
}

function requestMails(r: CustomRingRequestInput, number: string, replyBy: Date, images: StoredImage[], storeEmail: string): OutgoingMail[] {
  const attachments: MailAttachment[] = images.map((img, i) => ({
    filename: `${number}-${i + 1}.${EXTENSIONS[img.contentType as CustomRingImageType] ?? 'bin'}`,
    contentType: img.contentType,
    content: img.bytes,
  }));
  const due = `${formatShipDate(replyBy)}, end of day Eastern Time`;
  return [
    // Reply-to is the shopper, so the designer answers with one click; the pictures travel only here.
    composeMail({
      to: storeEmail,
      replyTo: r.email,
      subject: `Custom ring request ${number}: reply by ${formatShipDate(replyBy)}`,
      blocks: [
        paragraph(`A shopper asked for a custom ring design. We promised a reply by ${due}.`),
        fields([
          ['Request', number],
          ['Name', r.name],
          ['Email', r.email],
          ['Phone', r.phone],
          ...choices(r),
          ['Reference images', images.length === 0 ? 'None' : `${images.length} attached`],
        ]),
        ...(r.note ? [quote(r.note)] : [paragraph('(No note was written.)')]),
      ],
      attachments,
    }),
    // Anyone can type any address into the form: the acknowledgement carries nothing the sender wrote (no name, no
    // note, no pictures), only the store's own words and the choices picked from its lists.
    composeMail({
      to: r.email,
      replyTo: storeEmail,
      subject: `We received your custom ring request ${number}`,
      greeting: 'Hello,',
      blocks: [
        paragraph(`Thank you for your custom ring request. ${replyByText(replyBy)}, end of day Eastern Time.`),
        fields([['Request', number], ...choices(r)]),
        paragraph(
          'If you did not send this request, someone else typed your address into our custom ring form: you can ignore this email, and we will not write again unless you reply.',
        ),
        paragraph('If you have anything to add, such as more pictures, simply reply to this email.'),
      ],
    }),
  ];
}

export function createCustomRequestService(deps: { db: Handle; engine: Engine; mail: MailQueue; storeEmail: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const tables = { db: customRequestTables(deps.db), engine: deps.engine };
  const unclaimedTtlMs = CUSTOM_RING_IMAGES.unclaimedTtlHours * HOUR;

  return {
    /** One reference picture from the client `client` (the ranges the rate limits count it under). */
    async uploadImage(input: CustomRingImageInput, client: readonly ClientScope[]): Promise<CustomRingImageResponse> {
      const bytes = Buffer.from(input.data, 'base64');
      const problem =
        bytes.length === 0
          ? CUSTOM_RING_MESSAGES.imageEmpty
          : bytes.length > CUSTOM_RING_IMAGES.maxBytes
            ? CUSTOM_RING_MESSAGES.imageTooLarge
            : sniffImageType(bytes) === null
              ? CUSTOM_RING_MESSAGES.notAnImage
              : null;
      if (problem) throw new ValidationError({ data: [problem] }, problem);
      // The bytes decide the type: a declared type that disagrees is a mislabelled file, refused so that what the
      // store attaches is always what it says it is.
      if (sniffImageType(bytes) !== input.content_type) {
        throw new ValidationError({ content_type: [CUSTOM_RING_MESSAGES.imageType] }, CUSTOM_RING_MESSAGES.imageType);
      }
      const repo = createCustomRequestRepository(tables.db);
      const at = now();
      // The client's share first: one client's flood is refused on its own, before it reaches the store-wide room.
      // (Counted, then written: uploads racing from one client can pass the share by as many as race.)
      const columns = ['client_key', 'client_56', 'client_48'] as const;
      for (const [i, scope] of client.entries()) {
        const waiting = await repo.unclaimedOfClient(columns[i]!, scope.digest);
        if (waiting.count >= CUSTOM_RING_IMAGES.waitingPerClient * scope.times) {
          // Room comes back when the oldest of them is swept, a day after it was made.
          const frees = waiting.oldest ? Date.parse(waiting.oldest) + unclaimedTtlMs - at.getTime() : HOUR;
          throw new TooManyRequestsError(CUSTOM_RING_MESSAGES.clientShareFull, Math.max(60, Math.ceil(frees / 1000)));
        }
      }
      if ((await repo.countUnclaimed()) >= MAX_UNCLAIMED_IMAGES) throw new ServiceUnavailableError(CUSTOM_RING_MESSAGES.uploadsPaused, 600);
      const token = randomBytes(16).toString('base64url');
      const [own, net56, net48] = client;
      await repo.insertImage({
        token,
        contentType: input.content_type,
        bytes,
        createdAt: at.toISOString(),
        client: { clientKey: own!.digest, client56: net56?.digest ?? null, client48: net48?.digest ?? null },
      });
      return { id: token, content_type: input.content_type, bytes: bytes.length };
    },

    async submitRequest(input: CustomRingRequestInput): Promise<CustomRingRequestResponse> {
      const at = now();
      const replyBy = customReplyBy(at);
      const number = drawRequestNumber(at);
      await writeTransaction(tables, async (trx) => {
        const repo = createCustomRequestRepository(trx);
        const id = await repo.insertRequest({
          requestNumber: number,
          style: input.style,
          budget: input.budget,
          centerShape: input.center_shape,
          centerOrigin: input.center_origin,
          centerCarat: input.center_carat,
          metal: input.metal,
          ringSize: input.ring_size,
          note: input.note,
          name: input.name,
          email: input.email,
          phone: input.phone,
          replyBy: isoDay(replyBy),
          createdAt: at.toISOString(),
        });
        const since = new Date(at.getTime() - unclaimedTtlMs).toISOString();
        if ((await repo.claimImages(id, input.images, since)) !== input.images.length) {
          // Thrown inside the transaction: the request is not kept either, and the shopper can send it again.
          const errors = { images: [CUSTOM_RING_MESSAGES.unknownImage] };
          throw new ValidationError(errors, summarizeErrors(errors));
        }
        const images = input.images.length > 0 ? await repo.imagesOf(id) : [];
        await deps.mail.enqueue(trx, requestMails(input, number, replyBy, images, deps.storeEmail));
      });
      deps.mail.flush();
      const promise = replyByText(replyBy);
      return {
        request_number: number,
        reply_by: isoDay(replyBy),
        reply_by_text: promise,
        message: `Thank you. Your request number is ${number}. ${promise}.`,
      };
    },

    /** The sweep: uploads no request claimed within a day are deleted. */
    async sweepUnclaimedImages(): Promise<number> {
      return createCustomRequestRepository(tables.db).deleteUnclaimedBefore(new Date(now().getTime() - unclaimedTtlMs).toISOString());
    },
  };
}

export type CustomRequestService = ReturnType<typeof createCustomRequestService>;
