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
  RMA_PATTERN,
  allowedReturnSteps,
  centsToPrice,
  formatAmount,
  formatEasternTime,
  priceToCents,
  trackingNumberProblem,
  type Carrier,
  type OrderStatus,
  type OrderReturn,
  type ProductionStage,
} from '@everstone/contract';
import { ConfigError, publicUrlOf, walletProviderOf, wireTransferOf } from '../config.ts';
import { LIMIT_PROBLEM, deskTable, limitOf, runDeskSession, strayOption } from './desk-session.ts';
import { TICKET_COMMANDS, TICKET_USAGE, ticketCommand } from './order-tickets.ts';
import { createInventoryService } from '../modules/inventory/index.ts';
import { createOrderDesk, createReturns, deskLines, staffNextStep, type DeskOrder, type ReturnStepBy, type StepBy } from '../modules/orders/index.ts';
import { createPayPalProvider, createSimulatorProvider, walletRefunds } from '../modules/payments/index.ts';
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

Returns (the shopper asks for them from the order page; each step emails the shopper):
  returns                         the returns in the store's hands, oldest first
  return RMA                      one return: its order, lines, state and refund
  receive RMA                     its parcel arrived at the store
  inspect RMA --passed|--failed [--note TEXT] [--gia-recheck REFERENCE]
                                  the inspection: passed puts its diamonds back on sale and stocked pieces
                                  back in stock (a diamond above 1.99 ct needs its GIA re-check's reference);
                                  failed declines it and the piece goes back to the shopper
  refund RMA [--reference REF] [--exchange-for ORDER]
                                  refunds an inspected return: a PayPal payment through PayPal's refund API;
                                  any other after the money went back, with that refund's reference. An
                                  exchange names the shopper's new order, placed since the return was asked for
  cancel-return RMA               withdraws a return that has not reached the store

${TICKET_USAGE}

ORDER is an order number, e.g. EV-2026-K7M3QX. RMA is a return's number, e.g. RMA-7KQ2M9XD.`;

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
  return deskTable(['ORDER', 'PLACED', 'STATUS', 'PAYMENT', 'METHOD', 'TOTAL', 'ITEMS', 'EMAIL'], rows);
}

const RETURN_COMMANDS = ['return', 'receive', 'inspect', 'refund', 'cancel-return'];
/** Which options each return command takes. */
const RETURN_OPTIONS: Record<string, string[]> = { returns: ['limit'], return: [], receive: [], inspect: ['passed', 'failed', 'note', 'gia-recheck'], refund: ['reference', 'exchange-for'], 'cancel-return': [] };

function describeReturn(ret: OrderReturn, order: DeskOrder): string {
  return [
    `${ret.rma}  ${ret.status_label.toLowerCase()}, order ${order.order_number}`,
    `  customer   ${visible(order.user_name)} <${visible(order.contact_email)}>`,
    `  reason     ${ret.reason_label}${ret.note ? `: ${visible(ret.note)}` : ''}`,
    ...ret.lines.map((n) => `  line ${String(n).padEnd(LABEL_WIDTH - 8)} ${visible(order.lines[n - 1]?.description ?? '')}`),
    `  requested  ${formatEasternTime(ret.requested_at)}; label until ${formatEasternTime(ret.label_expires_at)}`,
    ...(ret.received_at ? [`  received   ${formatEasternTime(ret.received_at)}`] : []),
    ...(ret.inspected_at ? [`  inspected  ${formatEasternTime(ret.inspected_at)}`] : []),
    `  refund     ${formatAmount(ret.refund)} USD${priceToCents(ret.fee) ? ` (less ${formatAmount(ret.fee)} engraving removal)` : ''}${ret.refund_reference ? `, reference ${visible(ret.refund_reference)}` : ''}`,
    ...(ret.exchange_order_number ? [`  exchange   toward order ${ret.exchange_order_number}`] : []),
    `  method     ${PAYMENT_METHOD_LABELS[order.payment_mode]}`,
    `  next       ${allowedReturnSteps(ret.status).map((step) => (step === 'cancel' ? 'cancel-return' : step)).join(' or ') || 'nothing: it is closed'}`,
  ].join('\n');
}

/** The return commands: list, show, and each staff step, on the audit log under the terminal's user and host. */
async function returnCommand(command: string, rma: string | undefined, extra: string[], values: Record<string, string | boolean | undefined>): Promise<number> {
  if (command === 'returns' ? rma !== undefined : !rma || extra.length > 0) {
    console.error(command === 'returns' ? '"returns" takes no argument; use "return RMA" for one.' : `"${command}" takes one return number (RMA-…).\n\n${USAGE}`);
    return 2;
  }
  if (rma !== undefined && command !== 'returns' && !RMA_PATTERN.test(rma.trim().toUpperCase())) {
    console.error(`"${command}" takes a return number such as RMA-7KQ2M9XD.${command === 'refund' ? ' An order not yet shipped is refunded with "cancel ORDER --refunded".' : ''}`);
    return 2;
  }
  const stray = strayOption(command, values, RETURN_OPTIONS[command]!);
  if (stray) {
    console.error(stray);
    return 2;
  }
  if (command === 'inspect' && values.passed === values.failed) {
    console.error('"inspect" needs --passed or --failed.');
    return 2;
  }
  if (typeof values.note === 'string' && values.note.length > 500) {
    console.error('--note must not be longer than 500 characters.');
    return 2;
  }
  const limit = limitOf(values, 200);
  if (limit === null) {
    console.error(LIMIT_PROBLEM);
    return 2;
  }
  return runDeskSession(visible, async ({ config, d, mail, now }) => {
    const inventory = createInventoryService({ db: d.db });
    const wireTransfer = wireTransferOf(config);
    const desk = createOrderDesk({ db: d, storeEmail: config.STORE_EMAIL, wireTransfer, inventory, mail, signatureRequiredFromCents: config.SIGNATURE_REQUIRED_FROM });
    // A PayPal payment is refunded through PayPal's API, as the back office does (the simulator's when none is set up).
    const provider =
      walletProviderOf(config) === 'paypal'
        ? createPayPalProvider({ clientId: config.PAYPAL_CLIENT_ID!, clientSecret: config.PAYPAL_CLIENT_SECRET!, apiBase: config.PAYPAL_API_BASE, webhookId: config.PAYPAL_WEBHOOK_ID })
        : createSimulatorProvider({ db: d.db, now }).provider;
    const returns = createReturns({ db: d, inventory, mail, storeEmail: config.STORE_EMAIL, publicUrl: publicUrlOf(config), wireTransfer, refunds: { paypal: walletRefunds({ db: d, provider }) }, now });
    const audit = createAuditLog({ db: d.db, now });
    const actor = commandLineActor('npm run orders');
    const how = (action: AuditRecord['action']): ReturnStepBy => ({
      by: actor.email,
      record: (trx, before, after, orderNumber, detail) =>
        audit.record(trx, actor, { action, subject: { type: 'order', id: orderNumber }, before: { rma: before.rma, return_status: before.status }, after: { rma: after.rma, return_status: after.status, ...detail } }),
    });
    const show = async (done: { view: OrderReturn; order: { order_number: string } }) => describeReturn(done.view, await desk.find(done.order.order_number));
    switch (command) {
      case 'returns': {
        const open = await returns.openReturns(limit);
        if (open.length === 0) console.log('No returns are open.');
        else {
          const rows = open.map(({ ret, orderNumber, userName, lines }) => [ret.rma, ret.status, orderNumber, formatEasternTime(ret.requested_at).slice(0, 10), String(lines), formatAmount(centsToPrice(ret.refund_cents)), visible(userName)]);
          console.log(deskTable(['RMA', 'STATUS', 'ORDER', 'REQUESTED', 'LINES', 'REFUND', 'CUSTOMER'], rows));
        }
        return 0;
      }
      case 'return':
        console.log(await show(await returns.find(rma!)));
        return 0;
      case 'receive':
        console.log(`Received.\n${await show(await returns.receive(rma!, how('return.receive')))}`);
        break;
      case 'inspect': {
        const outcome = { passed: values.passed === true, note: (values.note as string | undefined) ?? null, giaRecheck: (values['gia-recheck'] as string | undefined) ?? null };
        const done = await returns.inspect(rma!, outcome, how(outcome.passed ? 'return.inspect' : 'return.decline'));
        console.log(`${outcome.passed ? 'Inspection passed: its diamonds are back on sale, stocked pieces back in stock.' : 'Declined: send the piece back to the shopper, insured.'}\n${await show(done)}`);
        if (outcome.passed) return 0;
        break;
      }
      case 'refund':
        console.log(`Refunded${values['exchange-for'] ? ` as an exchange toward ${visible(String(values['exchange-for']).trim().toUpperCase())}` : ''}.\n${await show(await returns.refund(rma!, { reference: (values.reference as string | undefined) ?? null, exchangeOrder: (values['exchange-for'] as string | undefined) ?? null }, how('return.refund')))}`);
        break;
      case 'cancel-return':
        console.log(`Cancelled; its label no longer works.\n${await show(await returns.cancel(rma!, how('return.cancel')))}`);
        break;
    }
    return 'mail';
  });
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
      passed: { type: 'boolean', default: false },
      failed: { type: 'boolean', default: false },
      note: { type: 'string' },
      'gia-recheck': { type: 'string' },
      'exchange-for': { type: 'string' },
      reference: { type: 'string' },
      fee: { type: 'string' },
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
  const needsReturn = RETURN_COMMANDS.includes(command);
  if (needsReturn || command === 'returns') return returnCommand(command, orderNumber, extra, values);
  if (TICKET_COMMANDS.includes(command)) return ticketCommand(command, orderNumber, extra, values, visible);
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
  const limit = limitOf(values, 50);
  if (limit === null) {
    console.error(LIMIT_PROBLEM);
    return 2;
  }
  if (values.refunded && command !== 'cancel') {
    console.error('--refunded belongs to "cancel".');
    return 2;
  }
  const belongs: [keyof typeof values, string][] = [['carrier', 'ship'], ['tracking', 'ship'], ['insured', 'ship'], ['until', 'delay'], ['reason', 'delay'], ['passed', 'inspect'], ['failed', 'inspect'], ['note', 'inspect'], ['gia-recheck', 'inspect'], ['reference', 'refund'], ['exchange-for', 'refund'], ['fee', 'ticket-start']];
  for (const [option, owner] of belongs) {
    if (values[option] !== undefined && values[option] !== false && command !== owner) {
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

  return runDeskSession(visible, async ({ config, d, mail, now }) => {
    const desk = createOrderDesk({
      db: d,
      storeEmail: config.STORE_EMAIL,
      wireTransfer: wireTransferOf(config),
      inventory: createInventoryService({ db: d.db }),
      mail,
      signatureRequiredFromCents: config.SIGNATURE_REQUIRED_FROM,
    });
    // Every change made here is on the audit log, as the back office's are, under the terminal's user and host.
    const audit = createAuditLog({ db: d.db, now });
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
    return 'mail';
  });
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof TypeError && (err as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(`${visible(err.message)}\n\n${USAGE}`);
  else console.error(`The order desk failed: ${visible(err instanceof Error ? err.message : String(err))}`);
  process.exitCode = 1;
}
