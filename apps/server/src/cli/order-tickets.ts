/**
 * The order desk's resize and repair commands (`npm run orders -- tickets | ticket | ticket-receive | ticket-start |
 * ticket-ship | ticket-cancel`): the same steps as the back office's tickets panel, each on the audit log under the
 * terminal's user and host, each emailing the shopper where the step calls for it. docs/operations.md, "Resizes and
 * repairs".
 */
import {
  CARE_KIND_LABELS,
  CARE_NUMBER_PATTERN,
  CARRIERS,
  allowedCareSteps,
  formatAmount,
  formatEasternTime,
  priceToCents,
  trackingNumberProblem,
  type CareStep,
  type CareTicket,
  type Carrier,
} from '@everstone/contract';
import { publicUrlOf, wireTransferOf } from '../config.ts';
import { commandLineActor, createAuditLog } from '../modules/audit/index.ts';
import { createInventoryService } from '../modules/inventory/index.ts';
import { createCare, createOrderDesk, type CareStepBy } from '../modules/orders/index.ts';
import { LIMIT_PROBLEM, deskTable, limitOf, runDeskSession, strayOption } from './desk-session.ts';

/** The desk's command of each ticket step, and the other way round. */
const COMMAND_OF: Record<CareStep, string> = { receive: 'ticket-receive', start: 'ticket-start', ship: 'ticket-ship', cancel: 'ticket-cancel' };
export const TICKET_COMMANDS = ['tickets', 'ticket', ...Object.values(COMMAND_OF)];
/** Which options each ticket command takes. */
const TICKET_OPTIONS: Record<string, string[]> = { tickets: ['limit'], ticket: [], 'ticket-receive': [], 'ticket-start': ['fee', 'reference'], 'ticket-ship': ['carrier', 'tracking'], 'ticket-cancel': [] };

export const TICKET_USAGE = `Resizes and repairs (the shopper books a resize from the order page; staff open a repair in the back office):
  tickets                         the open resizes and repairs, oldest first
  ticket NUMBER                   one ticket: its order, line, sizes or work, state and fee
  ticket-receive NUMBER           the piece arrived at the store; the shopper is emailed
  ticket-start NUMBER [--fee AMOUNT --reference REF]
                                  the piece goes to the bench; a quoted resize or a repair records its fee,
                                  taken from the shopper first, with that payment's reference
  ticket-ship NUMBER --carrier ${CARRIERS.join('|')} --tracking NUMBER
                                  the piece goes back, insured for its line's price; the shopper is emailed
                                  the tracking link
  ticket-cancel NUMBER            withdraws a ticket whose piece is not yet at the bench

NUMBER is a ticket's number: RS-… a resize, RP-… a repair.`;

/** One ticket as the desk prints it; `visible` shows the shopper's words without obeying them. */
function describeTicket(t: CareTicket, orderNumber: string, customer: string, line: string, visible: (text: string) => string): string {
  const work = t.kind === 'resize' ? `size ${t.from_size && t.from_size !== 'unknown' ? `${t.from_size} → ` : ''}${t.to_size ?? ''}${t.free ? ' (the free resize)' : ''}` : visible(t.description ?? '');
  return [
    `${t.number}  ${CARE_KIND_LABELS[t.kind].toLowerCase()}, ${t.status_label.toLowerCase()}, order ${orderNumber}`,
    `  customer   ${customer}`,
    `  line ${String(t.line).padEnd(5)} ${line}`,
    `  work       ${work}`,
    `  requested  ${formatEasternTime(t.requested_at)}`,
    ...(t.received_at ? [`  received   ${formatEasternTime(t.received_at)}`] : []),
    ...(t.work_started_at ? [`  at bench   ${formatEasternTime(t.work_started_at)}`] : []),
    ...(t.shipped_at ? [`  shipped    ${formatEasternTime(t.shipped_at)}`] : []),
    ...(t.fee !== null && priceToCents(t.fee) ? [`  fee        ${formatAmount(t.fee)} USD`] : []),
    `  next       ${allowedCareSteps(t.status).map((s) => COMMAND_OF[s]).join(' or ') || 'nothing: it is closed'}`,
  ].join('\n');
}

/** The ticket commands: list, show and each staff step. Answers the process's exit code. */
export async function ticketCommand(command: string, number: string | undefined, extra: string[], values: Record<string, string | boolean | undefined>, visible: (text: string) => string): Promise<number> {
  if (command === 'tickets' ? number !== undefined : !number || extra.length > 0) {
    console.error(command === 'tickets' ? '"tickets" takes no argument; use "ticket NUMBER" for one.' : `"${command}" takes one ticket number (RS-… or RP-…).\n\n${TICKET_USAGE}`);
    return 2;
  }
  if (number !== undefined && !CARE_NUMBER_PATTERN.test(number.trim().toUpperCase())) {
    console.error(`"${command}" takes a ticket number such as RS-7KQ2M9XD (a resize) or RP-7KQ2M9XD (a repair).`);
    return 2;
  }
  const stray = strayOption(command, values, TICKET_OPTIONS[command]!);
  if (stray) {
    console.error(stray);
    return 2;
  }
  if (command === 'ticket-ship') {
    if (!(CARRIERS as readonly string[]).includes(String(values.carrier ?? ''))) {
      console.error(`"ticket-ship" needs --carrier ${CARRIERS.join('|')}.`);
      return 2;
    }
    const problem = typeof values.tracking !== 'string' ? 'The tracking number is required (--tracking NUMBER).' : trackingNumberProblem(values.carrier as Carrier, values.tracking);
    if (problem) {
      console.error(visible(problem));
      return 2;
    }
  }
  if (command === 'ticket-start' && values.fee !== undefined && priceToCents(String(values.fee)) === null) {
    console.error('--fee must be an amount such as 85.00.');
    return 2;
  }
  const limit = limitOf(values, 200);
  if (limit === null) {
    console.error(LIMIT_PROBLEM);
    return 2;
  }

  return runDeskSession(visible, async ({ config, d, mail, now }) => {
    const care = createCare({ db: d, mail, storeEmail: config.STORE_EMAIL, publicUrl: publicUrlOf(config), wireTransfer: wireTransferOf(config), signatureRequiredFromCents: config.SIGNATURE_REQUIRED_FROM, now });
    const desk = createOrderDesk({ db: d, storeEmail: config.STORE_EMAIL, wireTransfer: wireTransferOf(config), inventory: createInventoryService({ db: d.db }), mail, signatureRequiredFromCents: config.SIGNATURE_REQUIRED_FROM });
    const audit = createAuditLog({ db: d.db, now });
    const actor = commandLineActor('npm run orders');
    const how = (step: CareStep): CareStepBy => ({
      by: actor.email,
      record: (trx, before, after, orderNumber, detail) =>
        audit.record(trx, actor, {
          action: `care.${step}`,
          subject: { type: 'order', id: orderNumber },
          before: before ? { ticket: before.number, ticket_status: before.status } : null,
          after: { ticket: after.number, ticket_status: after.status, ...detail },
        }),
    });
    const show = async (done: Awaited<ReturnType<typeof care.find>>) => {
      const order = await desk.find(done.order.order_number);
      return describeTicket(done.view, order.order_number, `${visible(order.user_name)} <${visible(order.contact_email)}>`, visible(order.lines[done.view.line - 1]?.description ?? ''), visible);
    };
    switch (command) {
      case 'tickets': {
        const open = await care.openTickets(limit);
        if (open.length === 0) console.log('No resizes or repairs are open.');
        else {
          const rows = open.map(({ ticket: t, orderNumber, userName, line }) => [t.number, t.status, orderNumber, String(line), formatEasternTime(t.requested_at).slice(0, 10), visible(userName)]);
          console.log(deskTable(['TICKET', 'STATUS', 'ORDER', 'LINE', 'REQUESTED', 'CUSTOMER'], rows));
        }
        return 0;
      }
      case 'ticket':
        console.log(await show(await care.find(number!)));
        return 0;
      case 'ticket-receive':
        console.log(`Received.\n${await show(await care.receive(number!, how('receive')))}`);
        break;
      case 'ticket-start':
        console.log(`At the bench.\n${await show(await care.start(number!, { fee: (values.fee as string | undefined) ?? null, reference: (values.reference as string | undefined) ?? null }, how('start')))}`);
        return 0;
      case 'ticket-ship':
        console.log(`Shipped back.\n${await show(await care.ship(number!, { carrier: values.carrier as Carrier, trackingNumber: values.tracking as string }, how('ship')))}`);
        break;
      case 'ticket-cancel':
        console.log(`Cancelled.\n${await show(await care.cancel(number!, how('cancel')))}`);
        break;
    }
    return 'mail';
  });
}
