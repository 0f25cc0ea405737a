/**
 * `npm run orders -- COMMAND`: the store's order desk, for staff. Lists and shows orders, confirms an unpaid order
 * agreed with the shopper (its hold ends), records a payment that arrived (a bank wire, a card taken by phone, cash
 * on delivery), completes a delivered order, and cancels an open one, emailing the shopper where the step calls for
 * it. Honours DATABASE_URL, SMTP_URL and the other settings of the server, and may run while the store runs, on any
 * host. docs/operations.md.
 *
 * Names, addresses, phone numbers and notes are the shopper's words, printed into a staff member's terminal: every
 * one goes through `visible` first, so an escape sequence or a line break typed into a form (or stored before the
 * contract cleaned such text) is shown, never obeyed, and cannot pose as a line of the desk's own.
 */
import { parseArgs } from 'node:util';
import {
  CARRIERS,
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  PRODUCTION_STAGES,
  formatAmount,
  formatEasternTime,
  priceToCents,
  trackingNumberProblem,
  type Carrier,
  type OrderStatus,
  type ProductionStage,
} from '@everstone/contract';
import { ConfigError, loadConfig, wireTransferOf } from '../config.ts';
import { cliMail } from './cli-mail.ts';
import { createDb, migrateToLatest } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { createInventoryService } from '../modules/inventory/index.ts';
import { createOrderDesk, deskLines, staffNextStep, type DeskOrder, type StepBy } from '../modules/orders/index.ts';
import { commandLineActor, createAuditLog, type AuditRecord } from '../modules/audit/index.ts';

const USAGE = `Usage: npm run orders -- COMMAND

Commands:
  list [--status S] [--limit N]   the newest orders (50 unless --limit), or only those with order status S
                                  (${ORDER_STATUSES.join(', ')})
  show ORDER                      one order: its items, address, statuses, contact and what to do next
  confirm ORDER                   an unpaid order agreed with the shopper (the delivery confirmed by phone,
                                  the financing approved): confirmed, its hold no longer runs out
  paid ORDER                      its payment arrived: paid and confirmed, its hold no longer runs out;
                                  the shopper is emailed
  production ORDER STAGE          the workshop finished a stage of a made-to-order order, in order:
                                  ${PRODUCTION_STAGES.join(', ')}. The first starts production (the shopper
                                  is emailed); the quality check makes it ready to ship
  ready ORDER                     a confirmed order of stocked pieces and stones is packed: ready to ship
  ship ORDER --carrier ${CARRIERS.join('|')} --tracking NUMBER [--insured AMOUNT]
                                  it left with the carrier: the parcel is recorded (insured for the total
                                  unless --insured), its diamonds sold; the shopper is emailed the tracking link
  deliver ORDER                   the parcel was delivered: its return window starts; the shopper is emailed
  delay ORDER --until YYYY-MM-DD [--reason TEXT]
                                  it will not ship by its ships-by date: the new date is promised and the
                                  shopper emailed it, with the reason if given
  complete ORDER                  a delivered, paid order whose return window has closed: completed (the
                                  store does this by itself once the window closes)
  cancel ORDER [--refunded]       cancels an order that has not shipped and returns its diamonds to the
                                  search; the shopper is emailed. A paid order needs --refunded, once its
                                  payment is refunded.

ORDER is an order number, e.g. EV-2026-K7M3QX.`;

const ESCAPES: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/**
 * C0 controls and DEL (ESC, CR, BS: what rewrites a line), C1 controls (U+009B is a one-character CSI), the line and
 * paragraph separators, and the bidirectional marks and overrides that reorder what a terminal shows.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** One line of text as the terminal must show it: every unsafe character written out (`\x1b`, `\r`, `\u009b`). */
function visible(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return ESCAPES[c] ?? (code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}

/** The label column of `show`; a note's further lines start under its text with ⏎, which no line of the desk does. */
const LABEL_WIDTH = 13;

/** A shopper's note over several lines: each line made visible, the second and later marked as the note's own. */
function noteLines(notes: string): string[] {
  const [first = '', ...rest] = notes.replace(/\r\n/g, '\n').split('\n');
  return [`  notes      ${visible(first)}`, ...rest.map((line) => `${'⏎'.padStart(LABEL_WIDTH - 1)} ${visible(line)}`.trimEnd())];
}

function describe(order: DeskOrder): string {
  const a = order.address;
  const lines = [
    `${order.order_number}  placed ${formatEasternTime(order.created_at)}`,
    `  status     ${order.order_status}, payment ${order.payment_status}`,
    `  method     ${PAYMENT_METHOD_LABELS[order.payment_mode]}`,
    ...(order.hold_expires_at && order.payment_status === 'pending' && order.order_status === 'pending' ? [`  held until ${formatEasternTime(order.hold_expires_at)}`] : []),
    `  customer   ${visible(order.user_name)} <${visible(order.contact_email)}>, ${visible(order.contact_number)}`,
    `  deliver to ${visible([a.street, a.apartment, a.city, a.state, a.zip, a.country].filter(Boolean).join(', '))}`,
    ...(order.is_gift ? ['  gift'] : []),
    ...(order.ships_by ? [`  ships by   ${order.ships_by}${order.ships_by_changed ? ' (moved)' : ''}`] : []),
    ...(order.production_stage ? [`  workshop   ${order.production_stage} done`] : []),
    ...order.shipments.map((p) => `  parcel     ${p.carrier_name} ${p.tracking_number}, insured ${formatAmount(p.insured_value)}${p.signature_required ? ', signature required' : ''}${p.delivered_at ? `, delivered ${formatEasternTime(p.delivered_at)}` : ''}`),
    ...(order.notes ? noteLines(order.notes) : []),
    // Every line, a ring with each of its parts; the text may hold the shopper's words (an engraving).
    ...deskLines(order).map(([label, text]) => `  ${label.padEnd(LABEL_WIDTH - 3)} ${visible(text)}`),
    `  total      ${formatAmount(order.total_price)} ${order.currency}`,
    `  next       ${staffNextStep(order)}`,
  ];
  return lines.join('\n');
}

function table(orders: DeskOrder[]): string {
  if (orders.length === 0) return 'No orders.';
  const rows = orders.map((o) => [o.order_number, formatEasternTime(o.created_at).slice(0, 10), o.order_status, o.payment_status, o.payment_mode, formatAmount(o.total_price), String(o.lines.length), visible(o.contact_email)]);
  const head = ['ORDER', 'PLACED', 'STATUS', 'PAYMENT', 'METHOD', 'TOTAL', 'ITEMS', 'EMAIL'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      status: { type: 'string' },
      limit: { type: 'string' },
      refunded: { type: 'boolean', default: false },
      carrier: { type: 'string' },
      tracking: { type: 'string' },
      insured: { type: 'string' },
      until: { type: 'string' },
      reason: { type: 'string' },
    },
  });
  const [command, orderNumber, ...rest] = positionals;
  // The workshop's stage is the one command argument after the order.
  const stage = command === 'production' ? rest.shift() : undefined;
  const extra = rest;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const needsOrder = ['show', 'confirm', 'paid', 'production', 'ready', 'ship', 'deliver', 'delay', 'complete', 'cancel'].includes(command);
  if (!needsOrder && command !== 'list') {
    console.error(`Unknown command "${visible(command)}".\n\n${USAGE}`);
    return 2;
  }
  if (needsOrder && (!orderNumber || extra.length > 0)) {
    console.error(`"${command}" takes one order number.\n\n${USAGE}`);
    return 2;
  }
  if (command === 'list' && orderNumber) {
    console.error(`"list" takes no order number; use "show ${visible(orderNumber)}".`);
    return 2;
  }
  if (values.status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(values.status)) {
    console.error(`--status must be one of ${ORDER_STATUSES.join(', ')}.`);
    return 2;
  }
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    console.error('--limit must be a whole number from 1 to 1000.');
    return 2;
  }
  if (values.refunded && command !== 'cancel') {
    console.error('--refunded belongs to "cancel".');
    return 2;
  }
  const belongs: [keyof typeof values, string][] = [['carrier', 'ship'], ['tracking', 'ship'], ['insured', 'ship'], ['until', 'delay'], ['reason', 'delay']];
  for (const [option, owner] of belongs) {
    if (values[option] !== undefined && command !== owner) {
      console.error(`--${option} belongs to "${owner}".`);
      return 2;
    }
  }
  if (command === 'production' && !(PRODUCTION_STAGES as readonly string[]).includes(stage ?? '')) {
    console.error(`"production" takes the order number and the stage finished: one of ${PRODUCTION_STAGES.join(', ')}.`);
    return 2;
  }
  let insuredCents: number | undefined;
  if (command === 'ship') {
    if (!(CARRIERS as readonly string[]).includes(values.carrier ?? '')) {
      console.error(`"ship" needs --carrier ${CARRIERS.join('|')}.`);
      return 2;
    }
    const problem = values.tracking === undefined ? 'The tracking number is required (--tracking NUMBER).' : trackingNumberProblem(values.carrier as Carrier, values.tracking);
    if (problem) {
      console.error(visible(problem));
      return 2;
    }
    if (values.insured !== undefined) {
      const cents = priceToCents(values.insured);
      if (cents === null) {
        console.error('--insured must be an amount such as 4850.00.');
        return 2;
      }
      insuredCents = cents;
    }
  }
  if (command === 'delay' && !/^\d{4}-\d{2}-\d{2}$/.test(values.until ?? '')) {
    console.error('"delay" needs --until YYYY-MM-DD, the new ships-by date.');
    return 2;
  }
  if (values.reason !== undefined && values.reason.length > 300) {
    console.error('--reason must not be longer than 300 characters.');
    return 2;
  }

  const config = loadConfig();
  const d = createDb(config.DATABASE_URL);
  const mail = cliMail(config, d);
  try {
    await migrateToLatest(d);
    const desk = createOrderDesk({
      db: d,
      storeEmail: config.STORE_EMAIL,
      wireTransfer: wireTransferOf(config),
      inventory: createInventoryService({ db: d.db }),
      mail: mail.queue,
      signatureRequiredFromCents: config.SIGNATURE_REQUIRED_FROM,
    });
    // Every change made here is on the audit log, as the back office's are, under the terminal's user and host.
    const audit = createAuditLog({ db: d.db, now: () => new Date() });
    const actor = commandLineActor('npm run orders');
    const record =
      (action: AuditRecord['action']): StepBy => ({
        by: actor.email,
        record: (trx, before, after, detail) =>
          audit.record(trx, actor, {
            action,
            subject: { type: 'order', id: after.order_number },
            before: { order_status: before.order_status, payment_status: before.payment_status },
            after: { order_status: after.order_status, payment_status: after.payment_status, ...detail },
          }),
      });
    try {
      switch (command) {
        case 'list':
          console.log(table(await desk.list({ status: values.status as OrderStatus | undefined, limit })));
          return 0;
        case 'show':
          console.log(describe(await desk.find(orderNumber!)));
          return 0;
        case 'confirm':
          console.log(`Confirmed; its hold no longer runs out.\n${describe(await desk.confirm(orderNumber!, record('order.confirm')))}`);
          return 0;
        case 'paid':
          console.log(`Payment recorded.\n${describe(await desk.recordPayment(orderNumber!, record('order.payment')))}`);
          break;
        case 'production': {
          const changed = await desk.production(orderNumber!, stage as ProductionStage, record('order.production'));
          console.log(`${changed.order_status === 'ready_to_ship' ? 'Quality check recorded: ready to ship.' : `Recorded: ${stage}.`}\n${describe(changed)}`);
          if (stage !== 'bench') return 0;
          break;
        }
        case 'ready':
          console.log(`Packed: ready to ship.\n${describe(await desk.ready(orderNumber!, record('order.ready')))}`);
          return 0;
        case 'ship':
          console.log(
            `Shipped; its diamonds are sold.\n${describe(await desk.ship(orderNumber!, { carrier: values.carrier as Carrier, trackingNumber: values.tracking!, insuredCents }, record('order.ship')))}`,
          );
          break;
        case 'deliver':
          console.log(`Delivered; its return window is open.\n${describe(await desk.deliver(orderNumber!, record('order.deliver')))}`);
          break;
        case 'delay':
          console.log(`New ships-by date promised.\n${describe(await desk.delay(orderNumber!, { shipsBy: values.until!, reason: values.reason ?? null }, record('order.delay')))}`);
          break;
        case 'complete':
          console.log(`Completed.\n${describe(await desk.complete(orderNumber!, record('order.complete')))}`);
          return 0;
        case 'cancel':
          console.log(`Cancelled; its diamonds are back in the search.\n${describe(await desk.cancel(orderNumber!, { refunded: values.refunded, ...record(values.refunded ? 'order.refund' : 'order.cancel') }))}`);
          break;
      }
    } catch (err) {
      if (err instanceof HttpError) {
        // The order number in it may be what was typed (or pasted from an email) at the prompt.
        console.error(visible(err.message));
        return 1;
      }
      throw err;
    }
    const sent = await mail.send();
    if (sent !== 'none') {
      console.log(
        sent === 'queued'
          ? 'The shopper’s email is queued: the mail server did not take it, and the store will try again.'
          : `The shopper’s email was ${sent === 'written' ? `written to ${config.OUTBOX_DIR}` : 'sent'}.`,
      );
    }
    return 0;
  } finally {
    await mail.close();
    await d.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof TypeError && (err as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(`${visible(err.message)}\n\n${USAGE}`);
  else console.error(`The order desk failed: ${visible(err instanceof Error ? err.message : String(err))}`);
  process.exitCode = 1;
}
