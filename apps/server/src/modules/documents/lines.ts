import { GIFTS, METAL_LABELS, RING_SIZE_UNKNOWN, ringSizeLabel, type Order, type OrderLine } from '@everstone/contract';

/** The order's address as lines on paper: the name, the street, the apartment, the city line and the country. */
export function addressLines(order: Pick<Order, 'user_name' | 'address' | 'contact_number'>): string[] {
  const a = order.address;
  return [
    order.user_name,
    a.street,
    ...(a.apartment ? [a.apartment] : []),
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.country,
    `Phone ${order.contact_number}`,
  ];
}

/** The certificate of a loose diamond line: §3's items keep the stone's weight and type beside the line. */
const itemOf = (order: Order, line: OrderLine) => order.items.find((i) => i.diamondid === line.diamondid) ?? null;

/**
 * A line as the invoice and the packing slip describe it: its title and the details under it (the certificate, the
 * metal, the size, the engraving in the shopper's words, how it is made). Prices stay out: the packing slip must
 * show none, and the invoice prints them in its own columns.
 */
export function describeLine(order: Order, line: OrderLine): { title: string; details: string[] } {
  if (line.ring) {
    const r = line.ring;
    const details = [
      `Center stone: ${r.stone_description}, certificate ${r.certificate_number}`,
      `Setting: ${r.setting_name} in ${METAL_LABELS[r.metal]} (SKU ${r.setting_sku})`,
      r.ring_size === RING_SIZE_UNKNOWN ? 'Ring size: not chosen yet (one free resize)' : `Ring size: US ${r.ring_size}`,
    ];
    if (r.price.side_stones_cents > 0) details.push(`Side stones: ${r.origin === 'lab' ? 'lab-grown' : 'natural'} accents of the setting`);
    if (r.engraving) details.push(`Engraving: “${r.engraving}”`);
    details.push(`Made to order (${r.lead_days} business days)`);
    return { title: `${r.setting_name} with a ${r.carat.toFixed(2)} ct ${r.shape} diamond`, details };
  }
  if (line.kind === 'diamond') {
    const item = itemOf(order, line);
    const details = [`Certificate ${line.certificate_number ?? item?.certificate_number ?? 'on file'}`];
    return { title: line.description, details };
  }
  const p = line.product;
  const details: string[] = [];
  if (p) {
    details.push(`${METAL_LABELS[p.metal]} · SKU ${p.sku}`);
    if (p.ring_size) details.push(ringSizeLabel(p.ring_size));
    if (p.included_stone) details.push(`Center stone: certificate ${p.included_stone.lab} ${p.included_stone.certificate_number}`);
    if (p.engraving) details.push(`Engraving: “${p.engraving}”`);
    details.push(p.made_to_order ? `Made to order (${p.lead_days} business days)` : 'From stock');
  }
  // §9's gift: named as the gift on the slip the packer ticks and on the invoice, where it is $0.00.
  if (line.gift) return { title: `Free gift: ${GIFTS[line.gift].name}`, details: [...details, 'With our compliments: one free gift per customer'] };
  return { title: p?.name ?? line.description, details };
}
