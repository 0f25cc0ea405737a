import {
  CARRIER_NAMES,
  centsToPrice,
  hasShipped,
  orderShipsBy,
  timelineLabel,
  trackingUrl,
  type Carrier,
  type Order,
  type OrderStatus,
  type ProductionStage,
  type Shipment,
  type TimelineEntry,
  type TimelineStep,
} from '@everstone/contract';
import type { OrderItemRow, OrderRow, ShipmentRow } from '../../db/schema.ts';
import { returnTimelineOf, ticketTimelineOf } from './after-sale.ts';
import type { OrderRecords } from './repository.ts';

/** An order's parcels as the API shows them, each with its carrier's own tracking page. */
export function shipmentsOf(rows: readonly ShipmentRow[]): Shipment[] {
  return rows.map((s) => ({
    carrier: s.carrier as Carrier,
    carrier_name: CARRIER_NAMES[s.carrier as Carrier],
    tracking_number: s.tracking_number,
    tracking_url: trackingUrl(s.carrier as Carrier, s.tracking_number),
    shipped_at: s.shipped_at,
    delivered_at: s.delivered_at,
    insured_value: centsToPrice(s.insured_cents),
    signature_required: s.signature_required === 1,
  }));
}

/**
 * What happened to an order, oldest first: placed (its row's own instant), then each step a step wrote. A shipment's
 * step names its carrier; staff's own words (a delay's reason) are the shopper's to read, as typed.
 */
export function timelineOf(row: OrderRow, records: OrderRecords): TimelineEntry[] {
  const carrierOf = new Map(records.shipments.map((s) => [s.tracking_number, s.carrier as Carrier]));
  const placed: TimelineEntry = { step: 'placed', at: row.created_at, label: timelineLabel({ step: 'placed', stage: null, detail: null }), stage: null, detail: null };
  const steps = [
    placed,
    ...records.events.map((e): TimelineEntry => {
      const entry = { step: e.step as TimelineStep, stage: (e.stage as ProductionStage | null) ?? null, detail: e.detail };
      const label = timelineLabel(entry, e.step === 'shipped' && e.detail ? carrierOf.get(e.detail) : null);
      return { ...entry, at: e.at, label: e.note ? `${label}: ${e.note}` : label };
    }),
  ];
  // A return's steps are its own rows' instants; the order's and the returns' steps interleave by when they happened.
  return [...steps, ...returnTimelineOf(records.returns), ...ticketTimelineOf(records.tickets)].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * The ships-by day an order shows: while it has not left, the day the store promises now (a delay's new day, or the
 * day promised when placed; an order from before the day was stored counts it from its lines), else null.
 */
export function shipsByOf(row: OrderRow, items: readonly OrderItemRow[]): Pick<Order, 'ships_by' | 'ships_by_changed'> {
  const status = row.order_status as OrderStatus;
  if (status === 'cancelled' || hasShipped(status)) return { ships_by: null, ships_by_changed: false };
  const promised = row.promised_ships_by ?? orderShipsBy(row.created_at, items.filter((i) => i.parent_line_id === null));
  const now = row.ships_by ?? promised;
  return { ships_by: now, ships_by_changed: now !== promised };
}
