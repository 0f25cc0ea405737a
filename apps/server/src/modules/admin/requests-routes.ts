import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  adminAppointmentListQuerySchema,
  adminAppointmentListResponseSchema,
  adminAppointmentResponseSchema,
  adminCancelAppointmentRequestSchema,
  adminRescheduleRequestSchema,
  adminCustomRequestListResponseSchema,
  adminCustomRequestResponseSchema,
  adminCustomerListQuerySchema,
  adminCustomerListResponseSchema,
  adminCustomerResponseSchema,
  adminHandledRequestSchema,
  adminHomePreviewListQuerySchema,
  adminHomePreviewListResponseSchema,
  adminHomePreviewStepResponseSchema,
  HOME_PREVIEW_STEP_LABELS,
  HOME_PREVIEW_STEPS,
  SENSITIVE_HOME_PREVIEW_STEPS,
  homePreviewReferenceRequestSchema,
  keepHomePreviewRequestSchema,
  receiveHomePreviewRequestSchema,
  reauthErrorSchema,
  shipHomePreviewRequestSchema,
  adminMessageListResponseSchema,
  adminMessageResponseSchema,
  adminNewsletterSummarySchema,
  adminReplyRequestSchema,
  adminRequestListQuerySchema,
  errorResponseSchema,
  messageResponseSchema,
  validationErrorSchema,
} from '@everstone/contract';
import type { AccountService, CustomerDirectory } from '../accounts/index.ts';
import type { AddressService } from '../addresses/index.ts';
import type { AppointmentDesk, RecordAppointment } from '../appointments/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { ContactDesk, RecordContact } from '../contact/index.ts';
import type { CustomRequestDesk, RecordCustomRequest } from '../custom-requests/index.ts';
import type { HomePreviewService } from '../home-preview/index.ts';
import type { NewsletterService } from '../newsletter/index.ts';
import type { OrderDesk } from '../orders/index.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import { actorOf } from './actor.ts';
import { runHomePreviewStep, withHistory, type HomePreviewStepInput } from './home-previews.ts';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface RequestRouteDeps {
  customers: CustomerDirectory;
  accounts: AccountService;
  addresses: AddressService;
  desk: OrderDesk;
  contact: ContactDesk;
  customRequests: CustomRequestDesk;
  homePreview: HomePreviewService;
  newsletter: NewsletterService;
  appointments: AppointmentDesk;
  audit: AuditLog;
  limiter: RateLimiter;
}

const staffOnly = { 401: errorResponseSchema, 403: errorResponseSchema };
const ONE_ID = z.object({ id: z.coerce.number({ error: 'The id must be a whole number.' }).int().positive('The id must be a positive whole number.') });
const ONE_NUMBER = z.object({ number: z.string().min(1).max(40) });
const sensitive = { 401: errorResponseSchema, 403: z.union([reauthErrorSchema, errorResponseSchema]) };

/** The bodies of Home Preview's steps that take one (the others take none). */
const HOME_PREVIEW_STEP_BODIES = {
  deposit: homePreviewReferenceRequestSchema,
  ship: shipHomePreviewRequestSchema,
  receive: receiveHomePreviewRequestSchema,
  refund: homePreviewReferenceRequestSchema,
  keep: keepHomePreviewRequestSchema,
  cancel_refund: homePreviewReferenceRequestSchema,
} as const;

/**
 * The back office's customers and requests (contact messages, custom ring requests, Home Preview, the newsletter).
 * Registered inside the admin scope: its hook has already checked the session and the role.
 */
export function registerRequestRoutes(scope: App, deps: RequestRouteDeps): void {
  const { customers, desk, contact, customRequests, audit } = deps;
  const by = (request: FastifyRequest) => ({ email: request.auth!.user.email, name: request.auth!.user.name });
  /** An account as the back office shows it: its role to owners only (staff learn who the staff are from no list). */
  const shownTo = <T extends { role: string }>(request: FastifyRequest, account: T): T | Omit<T, 'role'> => {
    if (request.auth!.role === 'owner') return account;
    const { role: _role, ...rest } = account;
    return rest;
  };
  const recordContact =
    (request: FastifyRequest, action: 'message.reply' | 'message.handled'): RecordContact =>
    (trx, message, change) =>
      audit.record(trx, actorOf(request), { action, subject: { type: 'message', id: String(message.id) }, before: change.before, after: change.after });
  const recordRequest =
    (request: FastifyRequest): RecordCustomRequest =>
    (trx, r, change) =>
      audit.record(trx, actorOf(request), { action: 'custom_request.handled', subject: { type: 'custom_request', id: r.request_number }, before: change.before, after: change.after });

  scope.get(
    '/admin/customers',
    {
      schema: {
        tags: ['back office'],
        summary: 'Find customers by name or email, newest accounts first',
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerListResponseSchema, 400: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const { q, page, per_page } = request.query;
      const found = await customers.search(q, page, per_page);
      const counts = await desk.countsByUser(found.customers.map((c) => c.id));
      return { customers: found.customers.map((c) => ({ ...shownTo(request, c), orders: counts.get(c.id) ?? 0 })), total: found.total, page, per_page };
    },
  );

  scope.get(
    '/admin/customers/:id',
    {
      schema: {
        tags: ['back office'],
        summary: 'One customer: addresses, orders and Home Preview requests; apart, the messages and custom ring requests sent with their email typed in (never a password or token)',
        params: ONE_ID,
        response: { 200: adminCustomerResponseSchema, 404: errorResponseSchema, ...staffOnly },
      },
    },
    async (request) => {
      const customer = await customers.find(request.params.id);
      const [addresses, orders, messages, requests, previews] = await Promise.all([
        deps.addresses.listOfUser(customer.id),
        desk.ofUser(customer.id),
        contact.byEmail(customer.email),
        customRequests.byEmail(customer.email),
        deps.homePreview.listOfUser(customer.id, customer.email).then((list) => Promise.all(list.map((p) => withHistory(audit, p)))),
      ]);
      return {
        customer: { ...shownTo(request, customer), orders: orders.length, addresses, order_list: orders, home_previews: previews, matched_by_email: { messages, custom_requests: requests } },
      };
    },
  );

  scope.post(
    '/admin/customers/:id/password-reset',
    {
      schema: {
        tags: ['back office'],
        summary: 'Email the customer a link to choose a new password (their password is never shown or set by staff)',
        description: 'Counts on the storefront’s limit per recipient of reset emails (429 past it).',
        params: ONE_ID,
        response: { 200: messageResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema, ...staffOnly },
      },
    },
    async (request) => {
      const customer = await customers.find(request.params.id);
      // The same inbox, the same limit as "Forgot your password?": staff cannot be made to flood a customer with links.
      await deps.limiter.recipient(RATE_LIMITS.passwordEmail, request, customer.email, ADMIN_MESSAGES.resetEmailLimit);
      await deps.accounts.requestPasswordReset(customer.email, async (trx) => {
        await audit.record(trx, actorOf(request), { action: 'customer.reset_email', subject: { type: 'customer', id: customer.email }, after: { reset_email: 'sent' } });
      });
      return { message: `A link to choose a new password was emailed to ${customer.email}.` };
    },
  );

  scope.get(
    '/admin/messages',
    {
      schema: {
        tags: ['back office'],
        summary: 'Contact messages: open ones (longest waiting first), handled ones, or all',
        querystring: adminRequestListQuerySchema,
        response: { 200: adminMessageListResponseSchema, 400: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const { state, page, per_page } = request.query;
      return { ...(await contact.list(state, page, per_page)), page, per_page };
    },
  );

  scope.post(
    '/admin/messages/:id/reply',
    {
      schema: {
        tags: ['back office'],
        summary: 'Email a reply to the message’s sender; it is kept with the message, which is marked handled',
        params: ONE_ID,
        body: adminReplyRequestSchema,
        response: { 200: adminMessageResponseSchema, 404: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const message = await contact.reply(request.params.id, request.body.body, by(request), recordContact(request, 'message.reply'));
      return { message: `Your reply was emailed to ${message.email}.`, contact: message };
    },
  );

  scope.post(
    '/admin/messages/:id/handled',
    {
      schema: {
        tags: ['back office'],
        summary: 'Mark a contact message handled, or open again',
        params: ONE_ID,
        body: adminHandledRequestSchema,
        response: { 200: adminMessageResponseSchema, 404: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const message = await contact.setHandled(request.params.id, request.body.handled, by(request), recordContact(request, 'message.handled'));
      return { message: message.handled_at ? 'Marked handled.' : 'Open again.', contact: message };
    },
  );

  scope.get(
    '/admin/custom-requests',
    {
      schema: {
        tags: ['back office'],
        summary: 'Custom ring requests: open ones soonest due first, answered ones, or all',
        querystring: adminRequestListQuerySchema,
        response: { 200: adminCustomRequestListResponseSchema, 400: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const { state, page, per_page } = request.query;
      return { ...(await customRequests.list(state, page, per_page)), page, per_page };
    },
  );

  scope.post(
    '/admin/custom-requests/:number/handled',
    {
      schema: {
        tags: ['back office'],
        summary: 'Mark a custom ring request answered, or open again',
        params: ONE_NUMBER,
        body: adminHandledRequestSchema,
        response: { 200: adminCustomRequestResponseSchema, 404: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const r = await customRequests.setHandled(request.params.number, request.body.handled, by(request), recordRequest(request));
      return { message: r.handled_at ? `Request ${r.request_number} is marked answered.` : `Request ${r.request_number} is open again.`, request: r };
    },
  );

  scope.get(
    '/admin/home-previews',
    {
      schema: {
        tags: ['back office'],
        summary: 'Home Preview requests, newest first',
        querystring: adminHomePreviewListQuerySchema,
        response: { 200: adminHomePreviewListResponseSchema, 400: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const { status, page, per_page } = request.query;
      const { previews, total } = await deps.homePreview.listForStaff(status === 'all' ? null : status, page, per_page);
      return { previews: await Promise.all(previews.map((p) => withHistory(audit, p))), total, page, per_page };
    },
  );

  scope.get(
    '/admin/home-previews/:number',
    {
      schema: {
        tags: ['back office'],
        summary: 'One Home Preview request with its steps and history',
        params: ONE_NUMBER,
        response: { 200: adminHomePreviewStepResponseSchema.pick({ preview: true }), 404: errorResponseSchema, ...staffOnly },
      },
    },
    async (request) => ({ preview: await withHistory(audit, await deps.homePreview.desk.find(request.params.number)) }),
  );

  for (const step of HOME_PREVIEW_STEPS) {
    const isSensitive = SENSITIVE_HOME_PREVIEW_STEPS.includes(step);
    const body = step in HOME_PREVIEW_STEP_BODIES ? HOME_PREVIEW_STEP_BODIES[step as keyof typeof HOME_PREVIEW_STEP_BODIES] : undefined;
    scope.post(
      `/admin/home-previews/:number/${step}`,
      {
        config: { sensitive: isSensitive },
        schema: {
          tags: ['back office'],
          summary: `Home Preview step: ${HOME_PREVIEW_STEP_LABELS[step]}`,
          params: ONE_NUMBER,
          ...(body ? { body } : {}),
          response: { 200: adminHomePreviewStepResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, ...(isSensitive ? sensitive : staffOnly) },
        },
      },
      async (request) =>
        runHomePreviewStep(deps.homePreview.desk, audit, { step, ...(request.body as object | undefined) } as HomePreviewStepInput, request.params.number, actorOf(request)),
    );
  }

  const recordAppointment =
    (request: FastifyRequest, action: 'appointment.reschedule' | 'appointment.cancel'): RecordAppointment =>
    (trx, a, change) =>
      audit.record(trx, actorOf(request), { action, subject: { type: 'appointment', id: String(a.id) }, before: change.before, after: change.after });

  scope.get(
    '/admin/appointments',
    {
      schema: {
        tags: ['back office'],
        summary: 'The appointments of a day or a week (from a New York day), in time order',
        querystring: adminAppointmentListQuerySchema,
        response: { 200: adminAppointmentListResponseSchema, 400: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const { from, days } = request.query;
      return { appointments: await deps.appointments.list(from, days), from, days };
    },
  );

  scope.post(
    '/admin/appointments/:id/reschedule',
    {
      schema: {
        tags: ['back office'],
        summary: 'Move an appointment to a free slot; the shopper is emailed the new time',
        params: ONE_ID,
        body: adminRescheduleRequestSchema,
        response: { 200: adminAppointmentResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const appointment = await deps.appointments.reschedule(request.params.id, request.body.starts_at, request.body.note, recordAppointment(request, 'appointment.reschedule'));
      return { message: `The appointment is moved, and ${appointment.name} was emailed the new time.`, appointment };
    },
  );

  scope.post(
    '/admin/appointments/:id/cancel',
    {
      schema: {
        tags: ['back office'],
        summary: 'Cancel an appointment; the shopper is emailed and the slot is free again',
        params: ONE_ID,
        body: adminCancelAppointmentRequestSchema,
        response: { 200: adminAppointmentResponseSchema, 404: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const appointment = await deps.appointments.cancel(request.params.id, request.body.note, recordAppointment(request, 'appointment.cancel'));
      return { message: `The appointment is cancelled, and ${appointment.name} was emailed.`, appointment };
    },
  );

  scope.get(
    '/admin/newsletter',
    { schema: { tags: ['back office'], summary: 'How many addresses receive the newsletter', response: { 200: adminNewsletterSummarySchema, ...staffOnly } } },
    async () => deps.newsletter.summary(),
  );

  scope.get(
    '/admin/newsletter/subscribers.csv',
    {
      schema: {
        tags: ['back office'],
        summary: 'The newsletter’s subscribers as CSV (email, subscribed_at); the export is on the audit log',
        produces: ['text/csv'],
        response: { 200: z.string(), ...staffOnly },
      },
    },
    async (request, reply) => {
      const csv = await deps.newsletter.subscribersCsv();
      await audit.recordNow(actorOf(request), { action: 'newsletter.export', subject: { type: 'newsletter', id: 'subscribers' }, after: { rows: csv.split('\r\n').length - 2 } });
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="everstone-newsletter-${day}.csv"`).send(csv);
    },
  );
}
