import {
  METAL_LABELS,
  PAYMENT_METHOD_LABELS,
  RING_SIZE_UNKNOWN,
  STORE_TERMS,
  PRODUCTION_STAGE_LABELS,
  formatAmount,
  formatEasternTime,
  formatShipDay,
  nextStepsOf,
  ringSizeLabel,
  wireTransferDetails,
  type Order,
  type OrderLine,
  type OrderRing,
  type OrderReturn,
  type CareTicket,
  priceToCents,
} from '@everstone/contract';
import { composeMail, fields, link, paragraph, quote, type MailBlock, type OutgoingMail } from '../mail/index.ts';
import { staffNextStep } from './staff-steps.ts';

/**
 * What happens next, in the words the order page also shows (the contract's `nextStepsOf`), with the bank's
 * details between the wire instructions' paragraphs.
 */
function nextSteps(order: Order): MailBlock[] {
  const steps = nextStepsOf(order);
  const details = steps.wire ? wireTransferDetails(order) : null;
  const wire: MailBlock[] = details ? [fields(details)] : [];
  return [...steps.lead.map(paragraph), ...wire, ...steps.after.map(paragraph)];
}

/**
 * Who reads an email: the store's team at STORE_EMAIL, or the shopper at the account's address, which nobody has
 * verified. Whoever signed up with that address typed the order's name, address, notes and engravings, so the
 * shopper's emails carry none of them (the order page shows them, to the signed-in account); the store's keep all.
 */
type Reader = 'shopper' | 'store';

/** An engraving as an email names it: its words for the team, a pointer to the order page for the shopper. */
const engravingText = (words: string, reader: Reader) => (reader === 'store' ? `engraved “${words}”` : 'engraved (the words are on your order page)');

/**
 * A ring as the emails name it: one ring, then its parts (the setting in its metal, the center stone with its
 * certificate and grades) and what the shopper chose.
 */
export function ringText(ring: OrderRing, reader: Reader): string {
  return [
    `Ring: ${ring.setting_name} in ${METAL_LABELS[ring.metal]}, set with a ${ring.stone_description} (certificate ${ring.certificate_number})`,
    ringSizeLabel(ring.ring_size),
    ...(ring.engraving ? [engravingText(ring.engraving, reader)] : []),
    `made to order, ${ring.lead_days} business days`,
  ].join('; ');
}

/** The rings of an order ordered without a size: the team agrees it with the shopper before each is made. */
const unsizedRings = (order: Order) => order.lines.flatMap((line) => (line.ring?.ring_size === RING_SIZE_UNKNOWN ? [line.ring] : []));

const ringNames = (rings: readonly OrderRing[]) => rings.map((r) => `${r.setting_name} (center stone ${r.certificate_number})`).join(', ');

/** One line as the emails name it: what it is, and what the shopper chose for it. */
function lineText(line: OrderLine, reader: Reader): string {
  if (line.kind === 'diamond') return `${line.description} (certificate ${line.certificate_number})`;
  if (line.ring) return ringText(line.ring, reader);
  const p = line.product;
  const parts = [line.quantity > 1 ? `${line.quantity} × ${line.description}` : line.description];
  if (p?.ring_size) parts.push(ringSizeLabel(p.ring_size));
  if (p?.engraving) parts.push(engravingText(p.engraving, reader));
  if (p?.included_stone) parts.push(`center stone certificate ${p.included_stone.lab} ${p.included_stone.certificate_number}`);
  if (p) parts.push(p.made_to_order ? `made to order, ${p.lead_days} business days` : 'from stock');
  return parts.join('; ');
}

function itemBlocks(order: Order, reader: Reader): MailBlock[] {
  return [
    fields(order.lines.map((line) => [lineText(line, reader), `${formatAmount(line.total)}`])),
    fields([
      ['Order number', order.order_number],
      ['Payment method', PAYMENT_METHOD_LABELS[order.payment_mode]],
      ['Shipping', 'Free insured shipping'],
      // The sales tax by jurisdiction, as charged; a line saying none where none is collected would say nothing.
      ...order.taxes.map((t): [string, string] => [`${t.jurisdiction} ${t.rate}`, formatAmount(t.amount)]),
      ['Total', `${formatAmount(order.total_price)} USD`],
    ]),
    ...giftBlocks(order, reader),
  ];
}

/** §9's gift: to the shopper in the contract's words; to the team, which piece to pack or why there is none. */
function giftBlocks(order: Order, reader: Reader): MailBlock[] {
  const { gift } = order;
  if (!gift) return [];
  if (reader === 'shopper') return [paragraph(gift.message)];
  const why = { given: 'pack it with the order, at $0.00', out_of_stock: 'out of stock, so not given; the account keeps its right to one', already_received: 'not given: the account has received its one gift' };
  return [paragraph(`Free gift reached: ${gift.name} — ${why[gift.outcome]}.`)];
}

/** To the shopper: a ring ordered without a size is not made before its size is agreed. */
function sizeToConfirm(order: Order): MailBlock[] {
  const rings = unsizedRings(order);
  if (rings.length === 0) return [];
  const which = rings.length === 1 ? `your ${rings[0]!.setting_name}` : 'your rings';
  return [
    paragraph(
      `You have not chosen a ring size for ${which} yet. Our team will contact you to confirm the size before the ring is made, and if it ever needs resizing, the first resize is free.`,
    ),
  ];
}

export function orderConfirmationMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject: `Your Everstone order ${order.order_number}`,
    greeting: 'Hello,',
    blocks: [
      paragraph(`Thank you for your order. We have received order ${order.order_number}:`),
      ...itemBlocks(order, 'shopper'),
      ...sizeToConfirm(order),
      ...nextSteps(order),
      paragraph('Questions about your order? Simply reply to this email, quoting your order number.'),
    ],
  });
}

/** Who ordered and where it goes, as every message to the store's team starts. */
function customerBlock(order: Order, contactEmail: string): MailBlock {
  const a = order.address;
  return fields([
    ['Customer', order.user_name],
    ['Email', contactEmail],
    ['Phone', order.contact_number],
    ['Deliver to', [a.street, a.apartment, a.city, a.state, a.zip, a.country].filter(Boolean).join(', ')],
    ...(order.is_gift ? [['Gift', 'Yes'] as [string, string]] : []),
  ]);
}

/**
 * The store's copy of a new order: who ordered what, how they pay, and what the team does next. `reviewReason` is
 * why PayPal holds a captured payment for review, when it does.
 */
export function newOrderNoticeMail(order: Order, contactEmail: string, storeEmail: string, reviewReason?: string | null): OutgoingMail {
  return composeMail({
    to: storeEmail,
    replyTo: contactEmail,
    subject: `New order ${order.order_number}: ${formatAmount(order.total_price)}, ${PAYMENT_METHOD_LABELS[order.payment_mode]}${order.payment_status === 'under_review' ? ' (payment under review)' : ''}`,
    greeting: 'A new order has been placed.',
    blocks: [
      customerBlock(order, contactEmail),
      ...(order.notes ? [paragraph('The shopper’s notes:'), quote(order.notes)] : []),
      ...itemBlocks(order, 'store'),
      ...(unsizedRings(order).length > 0
        ? [paragraph(`Ring size to confirm with the shopper before the ring is made: ${ringNames(unsizedRings(order))}. They chose "I don't know the size yet".`)]
        : []),
      paragraph(staffNextStep(order, reviewReason)),
    ],
  });
}

/** To the store's team: something happened to an order without anyone at the desk (a hold ended, PayPal decided). */
function storeNoticeMail(order: Order, contactEmail: string, storeEmail: string, subject: string, what: string[]): OutgoingMail {
  return composeMail({
    to: storeEmail,
    replyTo: contactEmail,
    subject,
    greeting: `Order ${order.order_number}, ${PAYMENT_METHOD_LABELS[order.payment_mode]}:`,
    blocks: [...what.map(paragraph), customerBlock(order, contactEmail), ...itemBlocks(order, 'store')],
  });
}

/** An order cancelled without the shopper asking: why, its items, and what they can do now. */
function cancelledMail(order: Order, to: string, storeEmail: string, why: string, now: string): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject: `Your Everstone order ${order.order_number} has been cancelled`,
    greeting: 'Hello,',
    blocks: [paragraph(why), ...itemBlocks(order, 'shopper'), paragraph(now)],
  });
}

/** The order's hold ran out unpaid and unconfirmed: the shopper is told, in the words of the order page. */
export function holdExpiredMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return cancelledMail(
    order,
    to,
    storeEmail,
    nextStepsOf(order).lead[0]!,
    order.payment_mode === 'pay-wire'
      ? 'If you have already sent the transfer, please reply to this email and we will sort it out with you.'
      : 'If you would still like these diamonds, reply to this email and we will gladly help you order again.',
  );
}

/** The store's copy when a hold ran out: the order was cancelled by the sweep, nobody at the desk did it. */
export function holdExpiredNoticeMail(order: Order, contactEmail: string, storeEmail: string, endedAt: string): OutgoingMail {
  return storeNoticeMail(order, contactEmail, storeEmail, `Hold ended: order ${order.order_number} cancelled`, [
    `The hold of order ${order.order_number} (${formatAmount(order.total_price)} USD) ended at ${formatEasternTime(endedAt)} before its payment was recorded or the order confirmed, so the store cancelled it and its diamonds are back in the search.`,
    `The shopper has been emailed that the order was cancelled. Nothing is due, and nothing needs doing unless they get in touch.`,
  ]);
}

/** The store's copy when PayPal completes a payment it held for review: now the order can ship. */
export function reviewCompletedNoticeMail(order: Order, contactEmail: string, storeEmail: string): OutgoingMail {
  return storeNoticeMail(order, contactEmail, storeEmail, `Payment completed for order ${order.order_number}: arrange delivery`, [
    `PayPal has completed the payment of ${formatAmount(order.total_price)} USD for order ${order.order_number} after its review. The money is final.`,
    staffNextStep(order),
  ]);
}

/** The store's copy when PayPal denies a payment it held for review: the order is cancelled, nothing was taken. */
export function paymentDeniedNoticeMail(order: Order, contactEmail: string, storeEmail: string): OutgoingMail {
  return storeNoticeMail(order, contactEmail, storeEmail, `Payment denied: order ${order.order_number} cancelled`, [
    `PayPal reviewed the payment of ${formatAmount(order.total_price)} USD for order ${order.order_number} and denied it, so no money was taken. The store cancelled the order and its diamonds are back in the search. Do not ship it.`,
    'The shopper has been emailed that the order was cancelled.',
  ]);
}

/** PayPal held the payment for review and then denied it: the order is cancelled and its diamonds released. */
export function paymentDeniedMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return cancelledMail(
    order,
    to,
    storeEmail,
    `PayPal reviewed the payment for order ${order.order_number} and did not complete it, so no money has been taken and the order has been cancelled. Its diamonds have returned to our collection.`,
    'If you would still like these diamonds, reply to this email and we will help you place the order again with another payment method.',
  );
}

/** The payment of an order arrived: staff recorded it (a bank wire, a card charged by phone), or PayPal completed its review. */
export function paymentReceivedMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject: `Payment received for your Everstone order ${order.order_number}`,
    greeting: 'Hello,',
    blocks: [
      paragraph(`We have received your payment of ${formatAmount(order.total_price)} for order ${order.order_number}. Thank you.`),
      ...itemBlocks(order, 'shopper'),
      paragraph('We will contact you to arrange insured delivery. Questions? Simply reply to this email, quoting your order number.'),
    ],
  });
}

/** The store cancelled an order (at the shopper's request, or because it could not be completed). */
export function storeCancelledMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return cancelledMail(order, to, storeEmail, nextStepsOf(order).lead.join(' '), 'If you have any questions, simply reply to this email.');
}

/** A short email about an order's progress: what happened, the order's lines, and how to ask. */
function progressMail(order: Order, to: string, storeEmail: string, subject: string, what: MailBlock[]): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject,
    greeting: 'Hello,',
    blocks: [...what, ...itemBlocks(order, 'shopper'), paragraph('You can follow your order under My Orders in your account. Questions? Simply reply to this email, quoting your order number.')],
  });
}

/** The workshop started on a made-to-order order: its first stage, and the day it is to ship. */
export function productionStartedMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  const when = order.ships_by ? ` It is on schedule to ship by ${formatShipDay(order.ships_by)}.` : '';
  return progressMail(order, to, storeEmail, `Your Everstone order ${order.order_number} is being made`, [
    paragraph(`Our workshop has started on order ${order.order_number}: ${PRODUCTION_STAGE_LABELS.bench.toLowerCase()}, then setting, polishing and a final quality check.${when}`),
  ]);
}

/** The order left with its carrier: the tracking number and the carrier's own tracking page. */
export function shippedMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  const parcel = order.shipments.at(-1)!;
  return progressMail(order, to, storeEmail, `Your Everstone order ${order.order_number} has shipped`, [
    paragraph(
      `Order ${order.order_number} is on its way with ${parcel.carrier_name}, insured for ${formatAmount(parcel.insured_value)}.` +
        (parcel.signature_required ? ' A signature is required on delivery, so please make sure someone can receive it.' : ''),
    ),
    fields([
      ['Carrier', parcel.carrier_name],
      ['Tracking number', parcel.tracking_number],
    ]),
    link(`Track it on ${parcel.carrier_name}`, parcel.tracking_url),
  ]);
}

/** The order was delivered: the return window and where to start a return or a resize. */
export function deliveredMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return progressMail(order, to, storeEmail, `Your Everstone order ${order.order_number} has been delivered`, [
    paragraph(`Order ${order.order_number} has been delivered. We hope you love it.`),
    paragraph(`If anything is not right, you have ${STORE_TERMS.returnDays} days from delivery to return it: ask for the return, with its prepaid label, on your order’s page under My Orders. A ring’s first resize within two sizes is free, booked there too.`),
  ]);
}

/** The order will ship later than promised: the new day and, when staff gave one, why. */
export function delayedMail(order: Order, to: string, storeEmail: string, reason: string | null): OutgoingMail {
  return progressMail(order, to, storeEmail, `A new ships-by date for your Everstone order ${order.order_number}`, [
    paragraph(`We are sorry: order ${order.order_number} will not ship by the day we promised. It will now ship by ${formatShipDay(order.ships_by!)}.`),
    ...(reason ? [paragraph(`Why: ${reason}`)] : []),
    paragraph('If the new date does not work for you, reply to this email and we will find a way together, or cancel the order with a full refund.'),
  ]);
}

/** The lines of a return as its emails name them, each with its amount; then what it refunds. */
function returnBlocks(order: Order, ret: OrderReturn): MailBlock[] {
  const lines = ret.lines.map((n) => order.lines[n - 1]).filter((l): l is OrderLine => l !== undefined);
  const fee = priceToCents(ret.fee) ?? 0;
  return [
    fields(lines.map((line) => [lineText(line, 'shopper'), formatAmount(line.total)])),
    fields([
      ['Return number', ret.rma],
      ['Order number', order.order_number],
      ...(fee > 0 ? ([['Engraving removal', `−${formatAmount(ret.fee)}`]] as [string, string][]) : []),
      ['Refund once inspected', `${formatAmount(ret.refund)} USD`],
    ]),
  ];
}

function returnMail(order: Order, ret: OrderReturn, to: string, storeEmail: string, subject: string, what: MailBlock[], sensitive = false): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject,
    greeting: 'Hello,',
    sensitive,
    blocks: [...what, ...returnBlocks(order, ret), paragraph('You can follow the return on your order’s page under My Orders. Questions? Simply reply to this email, quoting the return number.')],
  });
}

/** The return is authorized: the prepaid, insured label's link (it is the only key to it), and how to send the piece. */
export function returnAuthorizedMail(order: Order, ret: OrderReturn, labelUrl: string, to: string, storeEmail: string, giftReturned: string | null = null): OutgoingMail {
  return returnMail(
    order,
    ret,
    to,
    storeEmail,
    `Your Everstone return ${ret.rma} is authorized`,
    [
      paragraph(`We have authorized return ${ret.rma} for order ${order.order_number}. Print the prepaid, insured label, pack the piece in its box with its certificate, and hand the parcel to the carrier by ${formatEasternTime(ret.label_expires_at)}.`),
      link('Print the return label', labelUrl),
      ...(giftReturned ? [paragraph(giftReturned)] : []),
      paragraph('Once it reaches our workshop we inspect it, usually within two business days, and refund it through the way you paid.'),
    ],
    true,
  );
}

/** The return's parcel reached the store. */
export function returnReceivedMail(order: Order, ret: OrderReturn, to: string, storeEmail: string): OutgoingMail {
  return returnMail(order, ret, to, storeEmail, `We received your Everstone return ${ret.rma}`, [paragraph(`Your return ${ret.rma} has arrived at our workshop. We will inspect it and email you again.`)]);
}

/** The return was refunded: how much, and through which route. */
export function returnRefundedMail(order: Order, ret: OrderReturn, to: string, storeEmail: string): OutgoingMail {
  const route = order.payment_mode === 'pay-paypal' ? 'to your PayPal account' : `through ${PAYMENT_METHOD_LABELS[order.payment_mode].toLowerCase()}, the way you paid`;
  return returnMail(order, ret, to, storeEmail, `Your Everstone return ${ret.rma} is refunded`, [
    paragraph(`Your return ${ret.rma} passed our inspection and we have refunded ${formatAmount(ret.refund)} USD ${route}${ret.refund_reference ? ` (reference ${ret.refund_reference})` : ''}. It may take a few business days to show.`),
    ...(ret.exchange_order_number ? [paragraph(`This refund settles your exchange: your new order ${ret.exchange_order_number} goes ahead as placed.`)] : []),
  ]);
}

/** The inspection declined the return: the piece goes back to the shopper, insured. */
export function returnDeclinedMail(order: Order, ret: OrderReturn, to: string, storeEmail: string): OutgoingMail {
  return returnMail(order, ret, to, storeEmail, `About your Everstone return ${ret.rma}`, [
    paragraph(`We are sorry: your return ${ret.rma} did not pass our inspection, so we cannot refund it. We are sending the piece back to you, insured, at no cost. Reply to this email and we will explain what we found.`),
  ]);
}

/** Staff cancelled a return that had not reached the store. */
export function returnCancelledMail(order: Order, ret: OrderReturn, to: string, storeEmail: string): OutgoingMail {
  return returnMail(order, ret, to, storeEmail, `Your Everstone return ${ret.rma} is cancelled`, [
    paragraph(`Return ${ret.rma} is cancelled and its label no longer works. The pieces stay yours; while the return window is open you may ask for a return again from your order’s page.`),
  ]);
}

/** A resize's or repair's piece, its sizes, and what it costs, as its emails name them. */
function careBlocks(order: Order, ticket: CareTicket): MailBlock[] {
  const line = order.lines[ticket.line - 1];
  const rows: [string, string][] = [
    [ticket.kind === 'resize' ? 'Resize number' : 'Repair number', ticket.number],
    ['Order number', order.order_number],
    ...(line ? ([['Piece', lineText(line, 'shopper')]] as [string, string][]) : []),
    ...(ticket.kind === 'resize' && ticket.to_size
      ? ([['Size', `${ticket.from_size && ticket.from_size !== RING_SIZE_UNKNOWN ? `${ticket.from_size} → ` : ''}${ticket.to_size}`]] as [string, string][])
      : []),
    ['Cost', ticket.free ? 'Free: your first resize within two sizes' : ticket.fee !== null ? `${formatAmount(ticket.fee)} USD` : 'We will quote it before we start'],
  ];
  return [fields(rows)];
}

function careMail(order: Order, ticket: CareTicket, to: string, storeEmail: string, subject: string, what: MailBlock[], sensitive = false): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject,
    greeting: 'Hello,',
    sensitive,
    blocks: [...what, ...careBlocks(order, ticket), paragraph('You can follow it on your order’s page under My Orders. Questions? Simply reply to this email, quoting its number.')],
  });
}

const careName = (ticket: CareTicket) => (ticket.kind === 'resize' ? 'resize' : 'repair');

/** A resize is asked for: the prepaid, insured label's link (its only key), and how to send the ring. */
export function resizeRequestedMail(order: Order, ticket: CareTicket, labelUrl: string, to: string, storeEmail: string): OutgoingMail {
  return careMail(
    order,
    ticket,
    to,
    storeEmail,
    `Your Everstone resize ${ticket.number}`,
    [
      paragraph(`We will resize your ring from order ${order.order_number} to size ${ticket.to_size}. Print the prepaid, insured label, pack the ring in its box, and hand the parcel to the carrier by ${formatEasternTime(ticket.label_expires_at!)}.`),
      link('Print the label', labelUrl),
      paragraph('Resizing takes about five business days at our bench once the ring arrives; we send it back insured.'),
    ],
    true,
  );
}

/** The piece reached the workshop. */
export function careReceivedMail(order: Order, ticket: CareTicket, to: string, storeEmail: string): OutgoingMail {
  return careMail(order, ticket, to, storeEmail, `We received your ring for ${careName(ticket)} ${ticket.number}`, [
    paragraph(`Your piece has arrived at our workshop for ${careName(ticket)} ${ticket.number}.${ticket.free ? '' : ticket.fee === null ? ' We will call or email you with the quote before our jeweler starts.' : ''}`),
  ]);
}

/** The piece is on its way back, with the carrier's tracking page. */
export function careShippedMail(order: Order, ticket: CareTicket, to: string, storeEmail: string): OutgoingMail {
  const parcel = order.shipments.at(-1)!;
  return careMail(order, ticket, to, storeEmail, `Your ${careName(ticket)} ${ticket.number} is on its way back`, [
    paragraph(`Your piece is on its way back to you with ${parcel.carrier_name}, insured.`),
    fields([['Tracking number', parcel.tracking_number]]),
    link(`Track with ${parcel.carrier_name}`, parcel.tracking_url),
  ]);
}

/** Staff cancelled a ticket. */
export function careCancelledMail(order: Order, ticket: CareTicket, to: string, storeEmail: string): OutgoingMail {
  return careMail(order, ticket, to, storeEmail, `Your ${careName(ticket)} ${ticket.number} is cancelled`, [
    paragraph(`${ticket.kind === 'resize' ? 'Resize' : 'Repair'} ${ticket.number} is cancelled${ticket.label_expires_at ? ' and its label no longer works' : ''}. If we hold your piece, we send it back to you insured.`),
  ]);
}
