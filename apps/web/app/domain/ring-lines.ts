import {
  METAL_LABELS,
  RING_SIZE_UNKNOWN,
  builderPath,
  ringPriceFromWire,
  colorLabel,
  diamondTitle,
  orNA,
  ringPriceItems,
  ringSizeLabel,
  type MetalId,
  type OrderRing,
  type PieceDesign,
  type RingBuild,
  type RingPrice,
} from '@everstone/contract/core';
import type { RingCartLine } from './cart';

/**
 * A ring of the ring builder wherever a line shows it (the cart, checkout's summary, the thank-you page, the order
 * page and Order History): one ring with its parts, named, itemized and linked back to the builder in the same words.
 * A cart line and an order's ring differ in shape, so each becomes a RingView first.
 */

export interface RingView {
  settingName: string;
  settingSlug: string;
  metal: MetalId;
  /** The origin of the setting's own small stones, where it has them. */
  origin: 'lab' | 'natural' | null;
  stone: {
    id: number;
    /** '1.01 Carat Round Lab Diamond' (an order's description carries its grades too). */
    title: string;
    /** 'Color F · Clarity VS1 · Cut Excellent', when the stone's record is at hand. */
    grades: string | null;
    certificateNumber: string;
    /** The grading laboratory, when known ('GIA'). */
    lab: string | null;
  };
  ringSize: string;
  engraving: string | null;
  price: RingPrice;
  leadDays: number;
  /** The setting with its stone in the head. */
  design: PieceDesign;
}

/** A ring in the cart as a RingView. */
export function ringViewOfLine(line: RingCartLine): RingView {
  const d = line.diamond;
  return {
    settingName: line.setting_name,
    settingSlug: line.setting_slug,
    metal: line.metal,
    origin: line.origin,
    stone: {
      id: d.diamondid,
      title: diamondTitle(d),
      grades: `Color ${colorLabel(d)} · Clarity ${orNA(d.clarity?.name)} · Cut ${orNA(d.cut?.full_name)}`,
      certificateNumber: d.certificate_number,
      lab: d.certificate_company?.dl_name ?? null,
    },
    ringSize: line.ring_size,
    engraving: line.engraving,
    price: line.price,
    leadDays: line.lead_days,
    design: line.design,
  };
}

/** A ring of an order as a RingView. */
export function ringViewOfOrder(ring: OrderRing): RingView {
  return {
    settingName: ring.setting_name,
    settingSlug: ring.setting_slug,
    metal: ring.metal,
    origin: ring.origin,
    stone: { id: ring.diamond_id, title: ring.stone_description, grades: null, certificateNumber: ring.certificate_number, lab: null },
    ringSize: ring.ring_size,
    engraving: ring.engraving,
    price: ringPriceFromWire(ring.price),
    leadDays: ring.lead_days,
    design: ring.design,
  };
}

/** 'Aria Engagement Ring in 14K White Gold': the ring's name, as the builder names it. */
export function ringTitle(ring: Pick<RingView, 'settingName' | 'metal'>): string {
  return `${ring.settingName} in ${METAL_LABELS[ring.metal]}`;
}

/** 'GIA certificate 1234567', or 'Certificate 1234567' when the laboratory is not known. */
export function certificateText(stone: RingView['stone']): string {
  return stone.lab ? `${stone.lab} certificate ${stone.certificateNumber}` : `Certificate ${stone.certificateNumber}`;
}

/** '14K White Gold · Lab-grown side stones': what the setting is made of. */
export function settingText(ring: Pick<RingView, 'metal' | 'origin'>): string {
  const origin = ring.origin === 'lab' ? 'Lab-grown side stones' : ring.origin === 'natural' ? 'Natural side stones' : null;
  return [METAL_LABELS[ring.metal], origin].filter(Boolean).join(' · ');
}

/**
 * The ring size as a line says it. A size not known yet reads as the promise it carries: in the cart, one free
 * resize; on an order, that the team asks for the size before the ring is made.
 */
export function ringSizeText(size: string, where: 'cart' | 'order'): string {
  if (size === RING_SIZE_UNKNOWN) {
    return where === 'cart' ? 'Size to be confirmed — one free resize' : 'Size to be confirmed: we will contact you before we make it';
  }
  return ringSizeLabel(size);
}

/**
 * The ring's price, item by item (the contract's ringPriceItems, named after this ring's parts; the metal is said
 * beside the setting, so its row stays one line on a phone).
 */
export function ringPriceRows(ring: RingView): { label: string; cents: number }[] {
  return ringPriceItems(ring.price, { stone: ring.stone.title, setting: ring.settingName });
}

/** The build this ring was made from, as the builder's address carries it. */
export function ringBuildOf(ring: RingView): RingBuild {
  return {
    diamond: ring.stone.id,
    setting: ring.settingSlug,
    metal: ring.metal,
    accents: ring.origin,
    size: ring.ringSize,
    engraving: ring.engraving ?? '',
    by: null,
  };
}

/** Step 3 of the builder with this very ring: metal, size and engraving as chosen. */
export function editRingPath(ring: RingView): string {
  return builderPath(3, ringBuildOf(ring));
}

/** Step 1 for the same setting, metal, size and engraving: another stone, when this one is gone. */
export function anotherStonePath(ring: RingView): string {
  return builderPath(1, { ...ringBuildOf(ring), diamond: null });
}

/** Step 2 for the same stone: another setting, when this one can no longer be made. */
export function anotherSettingPath(ring: RingView): string {
  return builderPath(2, { ...ringBuildOf(ring), setting: null });
}
