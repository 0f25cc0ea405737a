import { HOME_PREVIEW, formatEasternTime, formatTagPrice, homePreviewPossessionEndsAt } from '@everstone/contract';
import { composeMail, fields, link, paragraph, type MailBlock, type OutgoingMail } from '../mail/index.ts';
import type { HomePreviewRow } from './repository.ts';
import { keptReasonOf, replicaName } from './wire.ts';

/**
 * The shopper's emails of Home Preview's staff steps. As the request's confirmation, they go to the account's
 * address and carry only the store's words (the catalog's ring names, the carrier's tracking page, the amounts):
 * nothing typed into the request, whose address nobody verified.
 */
function stepMail(r: HomePreviewRow, to: string, storeEmail: string, publicUrl: string, subject: string, blocks: MailBlock[]): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject,
    greeting: 'Hello,',
    blocks: [...blocks, link('Your Home Preview requests', `${publicUrl}/home-preview`), paragraph('Questions? Simply reply to this email.')],
  });
}

const replicaList = (r: HomePreviewRow) => fields(r.rings.map((ring): [string, string] => [`Replica ${ring.position + 1}`, ring.name]));

/** Shipped: the carrier's tracking page, and the days the replicas are the shopper's. */
export function shippedMail(r: HomePreviewRow, to: string, storeEmail: string, publicUrl: string, trackingUrl: string, carrierName: string): OutgoingMail {
  return stepMail(r, to, storeEmail, publicUrl, `Your Home Preview ${r.number} has shipped`, [
    paragraph(`Your Home Preview replicas are on their way with ${carrierName}. Shipping is free both ways.`),
    replicaList(r),
    fields([
      ['Carrier', carrierName],
      ['Tracking number', r.tracking_number],
    ]),
    link(`Track it on ${carrierName}`, trackingUrl),
    paragraph(
      `Once they arrive, the replicas are yours to try for ${HOME_PREVIEW.possessionDays} days. Then send them back in the same box with the prepaid return label inside; we refund your deposit of ${formatTagPrice(r.deposit_cents)} when they are back with us.`,
    ),
  ]);
}

/** The replicas are back and the deposit refunded, with its reference. */
export function refundedMail(r: HomePreviewRow, to: string, storeEmail: string, publicUrl: string): OutgoingMail {
  return stepMail(r, to, storeEmail, publicUrl, `Your Home Preview ${r.number}: deposit refunded`, [
    paragraph(`Your Home Preview replicas are back with us, and we have refunded your deposit of ${formatTagPrice(r.refunded_cents ?? r.deposit_cents)} to the card or account it was taken from.`),
    fields([
      ['Refunded', formatTagPrice(r.refunded_cents ?? r.deposit_cents)],
      ['Refund reference', r.refund_reference],
    ]),
    paragraph('Depending on your bank, it may take a few business days to show. We hope you found the one; our team is glad to help you choose.'),
  ]);
}

/** A replica did not come back in time: what was kept, why, and the refund of the rest. */
export function keptMail(r: HomePreviewRow, to: string, storeEmail: string, publicUrl: string): OutgoingMail {
  const reason = keptReasonOf(r) ?? '';
  const refunded = r.refunded_cents ?? 0;
  const returnBy = homePreviewPossessionEndsAt(r);
  return stepMail(r, to, storeEmail, publicUrl, `Your Home Preview ${r.number}: deposit kept for a replica not returned`, [
    paragraph(reason),
    fields([
      ['Deposit', formatTagPrice(r.deposit_cents)],
      ['Kept', formatTagPrice(r.kept_cents ?? 0)],
      ['Refunded', formatTagPrice(refunded)],
      ...(refunded > 0 ? ([['Refund reference', r.refund_reference]] as [string, string | null][]) : []),
      ...(returnBy ? ([['Replicas were due back', formatEasternTime(returnBy)]] as [string, string][]) : []),
    ]),
    fields(r.rings.map((ring): [string, string] => [`Replica ${replicaName(ring)}`, ring.returned_at ? 'returned' : 'not returned'])),
    paragraph('If you have sent a replica back and it is still on its way, reply to this email with its tracking number and we will look into it.'),
  ]);
}

/** The team cancelled the request before it shipped; a deposit taken is refunded. */
export function cancelledMail(r: HomePreviewRow, to: string, storeEmail: string, publicUrl: string): OutgoingMail {
  const refunded = r.refunded_cents ?? 0;
  return stepMail(r, to, storeEmail, publicUrl, `Your Home Preview ${r.number} is cancelled`, [
    paragraph(`We have cancelled your Home Preview request ${r.number}; nothing will be shipped.`),
    ...(refunded > 0
      ? [
          paragraph(`We have refunded your deposit of ${formatTagPrice(refunded)} to the card or account it was taken from.`),
          fields([['Refund reference', r.refund_reference]]),
        ]
      : []),
    paragraph(`A cancelled request does not count toward your ${HOME_PREVIEW.maxRequests} every six months.`),
  ]);
}
