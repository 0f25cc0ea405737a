import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { formatCents } from '@everstone/contract';
import { acceptFormBodies } from '../../lib/form-body.ts';
import { escapeHtml } from '../mail/index.ts';
import type { WalletSimulator } from './simulator.ts';

/** The page is a provider's page, not the store's: no scripts at all, its own inline styles, posts only to itself. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef1f5;color:#1c2430;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:16px}
  main{width:100%;max-width:420px;background:#fff;border-radius:12px;box-shadow:0 8px 28px rgba(20,30,50,.12);padding:28px 24px}
  .brand{font-weight:700;letter-spacing:.02em;color:#14366b;margin:0 0 4px}
  .note{margin:0 0 20px;padding:8px 12px;border-radius:8px;background:#fff6db;color:#5b4500;font-size:14px}
  h1{font-size:22px;margin:0 0 4px}
  .amount{font-size:32px;font-weight:700;margin:8px 0 4px}
  dl{margin:16px 0 24px;font-size:14px;color:#4a5565}
  dt{font-weight:600;color:#1c2430}
  dd{margin:0 0 8px;overflow-wrap:anywhere}
  .actions{display:grid;gap:12px}
  button{font:inherit;font-weight:600;min-height:48px;border-radius:24px;border:2px solid #14366b;cursor:pointer}
  button[value=approve]{background:#14366b;color:#fff}
  button[value=cancel]{background:#fff;color:#14366b}
  button:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
  p.done{margin:16px 0 0}
  a{color:#14366b}
`;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
        `<body><main>${body}</main></body></html>`,
    );
}

const header =
  '<p class="brand">Everstone Test Wallet</p>' +
  '<p class="note" role="note">This is the store’s payment simulator: approving moves no money. A store taking real payments uses PayPal instead.</p>';

/** No Origin (an old browser), 'null' (a privacy setting) or this host; a malformed one is a foreign one. */
function isSameOrigin(origin: string | undefined, host: string): boolean {
  if (!origin || origin === 'null') return true;
  return URL.parse(origin)?.host === host;
}

/**
 * The offline simulator's approval page (what PayPal's checkout page is for a real payment): the amount and two
 * choices, approve or cancel, each sending the shopper back to the store's return or cancel URL.
 */
export function simulatorRoutes(simulator: WalletSimulator): FastifyPluginAsync {
  return async function (app) {
    acceptFormBodies(app);

    app.get<{ Params: { id: string } }>('/wallet-simulator/:id', { schema: { hide: true } }, async (request, reply) => {
      const payment = await simulator.find(request.params.id);
      if (!payment) {
        return page(reply, 404, 'Payment not found', `${header}<h1>Payment not found</h1><p>This payment does not exist. Please return to the store and check out again.</p>`);
      }
      const amount = formatCents(payment.amount_cents);
      if (payment.status !== 'CREATED' && payment.status !== 'APPROVED') {
        return page(
          reply,
          200,
          'Payment already completed',
          `${header}<h1>This payment is complete</h1><p class="done">The payment of ${escapeHtml(amount)} has already been ${payment.status === 'VOIDED' ? 'closed' : 'made'}. You can close this page.</p>`,
        );
      }
      return page(
        reply,
        200,
        `Pay ${amount} — Everstone Test Wallet`,
        `${header}<h1>Approve your payment</h1>` +
          `<p class="amount">${escapeHtml(amount)} <small>${escapeHtml(payment.currency)}</small></p>` +
          `<dl><dt>To</dt><dd>Everstone Fine Jewelry</dd><dt>For</dt><dd>${escapeHtml(payment.description)}</dd>` +
          `<dt>Payment</dt><dd>${escapeHtml(payment.id)}</dd></dl>` +
          `<form method="post" class="actions"><button type="submit" name="decision" value="approve">Pay ${escapeHtml(amount)}</button>` +
          `<button type="submit" name="decision" value="cancel">Cancel and return to Everstone</button></form>`,
      );
    });

    app.post<{ Params: { id: string }; Body: { decision?: string } | undefined }>(
      '/wallet-simulator/:id',
      { schema: { hide: true } },
      async (request, reply) => {
        // Only this page's own form: another site cannot approve a payment in the shopper's name.
        if (!isSameOrigin(request.headers.origin, request.host)) {
          return page(reply, 403, 'Not allowed', `${header}<h1>Not allowed</h1><p>Please approve the payment on this page.</p>`);
        }
        const decision = request.body?.decision;
        if (decision !== 'approve' && decision !== 'cancel') {
          return page(reply, 400, 'Choose an option', `${header}<h1>Choose an option</h1><p>Please go back and choose Pay or Cancel.</p>`);
        }
        const next = decision === 'approve' ? await simulator.approve(request.params.id) : await simulator.cancel(request.params.id);
        if (!next) return page(reply, 404, 'Payment not found', `${header}<h1>Payment not found</h1><p>This payment does not exist.</p>`);
        return reply.redirect(next, 303);
      },
    );
  };
}
