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
import { ORDER_STATUSES, PAYMENT_METHOD_LABELS, formatAmount, formatEasternTime, type OrderStatus } from '@everstone/contract';
import { ConfigError, loadConfig, wireTransferOf } from '../config.ts';
import { cliMail } from './cli-mail.ts';
import { createDb, migrateToLatest } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { createInventoryService } from '../modules/inventory/index.ts';
import { createOrderDesk, deskLines, staffNextStep, type DeskOrder, type RecordStep } from '../modules/orders/index.ts';
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
  complete ORDER                  a paid order was delivered: completed, its diamonds sold
  cancel ORDER [--refunded]       cancels an open order and returns its diamonds to the search; the shopper
                                  is emailed. A paid order needs --refunded, once its payment is refunded.

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
    },
  });
  const [command, orderNumber, ...extra] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const needsOrder = ['show', 'confirm', 'paid', 'complete', 'cancel'].includes(command);
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
    });
    // Every change made here is on the audit log, as the back office's are, under the terminal's user and host.
    const audit = createAuditLog({ db: d.db, now: () => new Date() });
    const record =
      (action: AuditRecord['action']): RecordStep =>
      (trx, before, after) =>
        audit.record(trx, commandLineActor('npm run orders'), {
          action,
          subject: { type: 'order', id: after.order_number },
          before: { order_status: before.order_status, payment_status: before.payment_status },
          after: { order_status: after.order_status, payment_status: after.payment_status },
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
        case 'complete':
          console.log(`Completed.\n${describe(await desk.complete(orderNumber!, record('order.complete')))}`);
          break;
        case 'cancel':
          console.log(`Cancelled; its diamonds are back in the search.\n${describe(await desk.cancel(orderNumber!, { refunded: values.refunded, record: record(values.refunded ? 'order.refund' : 'order.cancel') }))}`);
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
