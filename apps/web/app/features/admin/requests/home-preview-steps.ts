import { HOME_PREVIEW, HOME_PREVIEW_STEP_LABELS, HOME_PREVIEW_TIMING, formatTagPrice, priceToCents, type AdminHomePreview, type HomePreviewStep } from '@everstone/contract';

/**
 * What each Home Preview step does, as its dialog says it before it is taken (docs/operations.md, "Home Preview"),
 * and which email the shopper gets.
 */
export const HOME_PREVIEW_STEP_EFFECTS: Record<HomePreviewStep, { does: string; email: string; danger: boolean }> = {
  deposit: {
    does: `Records the refundable deposit you took by phone (${formatTagPrice(HOME_PREVIEW.depositCentsPerRing)} per replica), with the card terminal’s or the bank’s reference. The replicas can then ship.`,
    email: 'No email is sent to the shopper.',
    danger: false,
  },
  ship: {
    does: `Records the parcel with its carrier and tracking number. The shopper’s ${HOME_PREVIEW.possessionDays} days count from the delivery when you mark it, or from ${HOME_PREVIEW_TIMING.transitDays} days after today if nobody does.`,
    email: 'The shopper is emailed the tracking number and a link to the carrier’s tracking page.',
    danger: false,
  },
  deliver: {
    does: `The carrier delivered the replicas: the shopper’s ${HOME_PREVIEW.possessionDays} days count from now.`,
    email: 'No email is sent to the shopper.',
    danger: false,
  },
  receive: {
    does: 'Records the replicas that came back. Once every replica is back, the request is ready for its refund.',
    email: 'No email is sent to the shopper; the refund’s email follows.',
    danger: false,
  },
  refund: {
    does: 'Records that the whole deposit has been refunded (make the refund itself at the card terminal or the bank first), with its reference.',
    email: 'The shopper is emailed that the deposit was refunded, with the reference.',
    danger: false,
  },
  keep: {
    does: `Keeps ${formatTagPrice(HOME_PREVIEW.depositCentsPerRing)} for each replica not back, and records the refund of the rest (make it first). Only once the ${HOME_PREVIEW.possessionDays} days and ${HOME_PREVIEW_TIMING.transitDays} days for the return trip have passed.`,
    email: 'The shopper is emailed what was kept and why, and what was refunded.',
    danger: true,
  },
  cancel: {
    does: 'Cancels the request before any deposit was taken; it no longer counts toward the shopper’s two every six months.',
    email: 'The shopper is emailed that the request was cancelled.',
    danger: true,
  },
  cancel_refund: {
    does: 'Records that the deposit has been refunded (make the refund first), then cancels the request before it ships.',
    email: 'The shopper is emailed that the request was cancelled and the deposit refunded.',
    danger: true,
  },
};

export const homePreviewStepLabel = (step: HomePreviewStep) => HOME_PREVIEW_STEP_LABELS[step];

/** The replicas not back yet, as the receive step offers them. */
export const replicasOut = (p: AdminHomePreview) => p.rings.filter((r) => r.returned_at === null);

/** What the keep step would keep and refund now: $100 per replica not back, the rest of the deposit. */
export function keepSplit(p: AdminHomePreview): { keptCents: number; refundCents: number } {
  const deposit = priceToCents(p.deposit) ?? 0;
  const keptCents = Math.min(deposit, replicasOut(p).length * HOME_PREVIEW.depositCentsPerRing);
  return { keptCents, refundCents: deposit - keptCents };
}
