import {
  CARRIER_NAMES,
  METAL_LABELS,
  centsToPrice,
  homePreviewKeepFrom,
  homePreviewKeptReason,
  homePreviewPossessionEndsAt,
  homePreviewSteps,
  trackingUrl,
  type AdminHomePreview,
  type Carrier,
  type HomePreview,
  type HomePreviewFacts,
  type HomePreviewStatus,
  type MetalId,
} from '@everstone/contract';
import type { HomePreviewRow } from './repository.ts';

/** A request as the back office shows it, before its history (the audit log's, added by the admin module). */
export type StaffHomePreview = Omit<AdminHomePreview, 'history'>;

/** What the contract's rules read from a request. */
export const factsOf = (r: HomePreviewRow): HomePreviewFacts => ({
  status: r.status as HomePreviewStatus,
  shipped_at: r.shipped_at,
  delivered_at: r.delivered_at,
  rings: r.rings.length,
  rings_returned: r.rings_returned,
});

/** 'Replica 1 (The Aurora)': how the emails and the reason for a kept deposit name a replica. */
export const replicaName = (ring: HomePreviewRow['rings'][number]) => `${ring.position + 1} (${ring.name})`;

function parcelOf(r: HomePreviewRow): HomePreview['parcel'] {
  if (!r.carrier || !r.tracking_number) return null;
  const carrier = r.carrier as Carrier;
  return { carrier, carrier_name: CARRIER_NAMES[carrier], tracking_number: r.tracking_number, tracking_url: trackingUrl(carrier, r.tracking_number) };
}

/** Why part of the deposit was kept, once it was: the replicas not back and from when the store waited. */
export function keptReasonOf(r: HomePreviewRow): string | null {
  if (r.status !== 'deposit_kept') return null;
  const missing = r.rings.filter((ring) => ring.returned_at === null).map(replicaName);
  const keepFrom = homePreviewKeepFrom(r);
  return keepFrom && missing.length > 0 ? homePreviewKeptReason(missing, keepFrom) : null;
}

export function toWire(r: HomePreviewRow): HomePreview {
  return {
    number: r.number,
    status: r.status as HomePreviewStatus,
    rings: r.rings.map((ring) => ({
      variant_id: ring.variant_id,
      product_slug: ring.product_slug,
      name: ring.name,
      metal: ring.metal as MetalId,
      shape: ring.shape as HomePreview['rings'][number]['shape'],
      ring_size: ring.ring_size,
      returned: ring.returned_at !== null,
    })),
    deposit_cents: r.deposit_cents,
    ship_to: {
      first_name: r.first_name,
      last_name: r.last_name,
      street: r.street,
      apartment: r.apartment,
      city: r.city,
      state: r.state,
      zip: r.zip,
      country: r.country,
      phone_number: r.phone_number,
    },
    created_at: r.created_at,
    cancelled_at: r.cancelled_at,
    cancellable: r.status === 'requested',
    parcel: parcelOf(r),
    shipped_at: r.shipped_at,
    delivered_at: r.delivered_at,
    return_by: homePreviewPossessionEndsAt(r),
    returned_at: r.returned_at,
    refunded_cents: r.refunded_cents,
    kept_cents: r.kept_cents,
    kept_reason: keptReasonOf(r),
    settled_at: r.settled_at,
  };
}

/** A request as the store's team reads it: who, where to ship, which replicas in which sizes, and its steps. */
export function toStaff(r: HomePreviewRow, email: string, now: Date): StaffHomePreview {
  const street = [r.street, r.apartment].filter(Boolean).join(', ');
  return {
    number: r.number,
    status: r.status as HomePreviewStatus,
    created_at: r.created_at,
    name: `${r.first_name} ${r.last_name}`,
    email,
    phone_number: r.phone_number,
    address: `${street}, ${r.city}, ${r.state} ${r.zip}, ${r.country}`,
    deposit: centsToPrice(r.deposit_cents),
    rings: r.rings.map((ring) => ({
      replica: ring.position + 1,
      name: ring.name,
      sku: ring.sku,
      metal: METAL_LABELS[ring.metal as MetalId] ?? ring.metal,
      ring_size: ring.ring_size,
      returned_at: ring.returned_at,
    })),
    steps: homePreviewSteps(factsOf(r), now),
    deposit_reference: r.deposit_reference,
    deposit_taken_at: r.deposit_taken_at,
    parcel: parcelOf(r),
    shipped_at: r.shipped_at,
    delivered_at: r.delivered_at,
    possession_ends_at: homePreviewPossessionEndsAt(r),
    keep_from: homePreviewKeepFrom(r),
    returned_at: r.returned_at,
    refunded: r.refunded_cents === null ? null : centsToPrice(r.refunded_cents),
    kept: r.kept_cents === null ? null : centsToPrice(r.kept_cents),
    refund_reference: r.refund_reference,
    settled_at: r.settled_at,
    cancelled_at: r.cancelled_at,
  };
}
