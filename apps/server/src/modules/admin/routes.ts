import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  ADMIN_SESSION_HOURS,
  ORDER_STEPS,
  ORDER_STEP_LABELS,
  SENSITIVE_ORDER_STEPS,
  adminFulfilmentResponseSchema,
  delayOrderRequestSchema,
  productionStepRequestSchema,
  shipOrderRequestSchema,
  adminNumbersResponseSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderResponseSchema,
  adminOrderStepResponseSchema,
  adminCodeRequestSchema,
  adminPasswordRequestSchema,
  adminQueueResponseSchema,
  adminSessionSchema,
  adminSignInRequestSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  errorResponseSchema,
  invitationAcceptRequestSchema,
  invitationLookupResponseSchema,
  invitationTokenParamsSchema,
  messageResponseSchema,
  reauthErrorSchema,
  recoveryCodesResponseSchema,
  secondFactorEnrolledSchema,
  secondFactorEnrollmentSchema,
  secondFactorStatusSchema,
  staffInvitationResponseSchema,
  staffInviteRequestSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffRoleRequestSchema,
  validationErrorSchema,
  type AdminSession,
  type AdminSessionStage,
  type StaffRole,
  RETURN_STEPS,
  RETURN_STEP_LABELS,
  CARE_STEPS,
  CARE_STEP_LABELS,
  repairRequestSchema,
  shipTicketRequestSchema,
  startTicketRequestSchema,
  adminReturnStepResponseSchema,
  inspectReturnRequestSchema,
  refundReturnRequestSchema,
} from '@everstone/contract';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { Authenticate } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import { toUser, type SecondFactors, type StaffDirectory } from '../accounts/index.ts';
import { actorOf } from './actor.ts';
import type { AuditQuery } from '../audit/index.ts';
import { requireOwnPage } from './own-page.ts';
import { registerRequestRoutes, type RequestRouteDeps } from './requests-routes.ts';
import { registerStoneRoutes, type StoneRouteDeps } from './stones-routes.ts';
import { registerJewelryRoutes, type CatalogRouteDeps } from './jewelry-routes.ts';
import { registerDocumentRoutes, type DocumentRouteDeps } from './documents-routes.ts';
import { numbersOf } from './numbers.ts';
import type { BuilderStarts } from '../ring-builder/index.ts';
import { adminOrderOf, runOrderStep, type StepInput } from './orders.ts';
import { openRepair, returnQueueOf, runCareStep, runReturnStep, ticketQueueOf, type CareStepInput, type ReturnStepInput } from './returns.ts';
import type { Care, Returns } from '../orders/index.ts';
import { sessionTimes, type AdminSessionRow, type AdminSessions } from './sessions.ts';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface AdminRouteDeps extends RequestRouteDeps, StoneRouteDeps, CatalogRouteDeps, DocumentRouteDeps {
  /** Returns and their refunds (the orders module). */
  returns: Returns;
  /** Resize and repair tickets (the orders module). */
  care: Care;
  /** Who opened the ring builder, for the numbers' conversion. */
  starts: BuilderStarts;
  now: () => Date;
  sessions: AdminSessions;
  staff: StaffDirectory;
  secondFactors: SecondFactors;
  /** The storefront's bearer sign-in, only to tell a signed-in shopper (403) from a stranger (401). */
  authenticate: Authenticate;
  limiter: RateLimiter;
  /** Send the cookie only over HTTPS (PUBLIC_URL is https). */
  secureCookie: boolean;
}

/** What a route of the back office asks beyond a staff session. */
export interface AdminRouteConfig {
  /** Owners only (staff get 403). */
  owner?: boolean;
  /** The password entered within ADMIN_REAUTH_MINUTES (else 403 with `reauth: true`). */
  sensitive?: boolean;
  /**
   * The stages of a session the route opens to (default: a full session only). The steps that finish a sign-in (the
   * second factor's code, setting one up) are open to a sign-in half done.
   */
  stages?: readonly AdminSessionStage[];
  /** The body's type when it is not JSON (the stone import's text/csv); any other is a 415 (own-page.ts). */
  bodyType?: string;
}

declare module 'fastify' {
  // A back-office route's own config (read by the scope's hook) is known to Fastify's route options.
  interface FastifyContextConfig {
    owner?: boolean;
    sensitive?: boolean;
    stages?: readonly AdminSessionStage[];
    bodyType?: string;
  }
  interface FastifyRequest {
    /** The back-office session of a request in the admin scope. */
    adminSession?: AdminSessionRow;
  }
}

const COOKIE = 'everstone_admin';
const cookieName = (secure: boolean) => (secure ? `__Secure-${COOKIE}` : COOKIE);
const COOKIE_PATH = '/api/admin';

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The answer to an owner's change that waits for a second owner. */
const waitingWords = (name: string, effectiveAt: string) =>
  `${name} is the only other owner, so this change waits: it takes effect on ${new Date(effectiveAt).toUTCString()} unless an owner cancels it, or sooner if another owner confirms it. Every owner has been emailed.`;



const ONE_ORDER = z.object({ orderNumber: z.string().min(1).max(40) });
const ANY_STAGE = ['full', 'second_factor', 'enroll'] as const satisfies readonly AdminSessionStage[];
const ONE_MEMBER = z.object({ id: z.coerce.number({ error: 'The id must be a whole number.' }).int().positive('The id must be a positive whole number.') });

/**
 * The back office's API (docs/decisions/018-back-office.md, docs/api.md "Back office"). POST /admin/session signs in;
 * every other route is in one scope whose hook asks for a live back-office session of a staff member (401 without,
 * 403 for a shopper), then for an owner where the route says so (403), then for the password entered lately where
 * the route is sensitive (403 with `reauth: true`). A change sent from another site's page is refused: the cookie is
 * SameSite=Strict, and every change, the sign-in included, must come as JSON with the store's own Origin (own-page.ts).
 */
export function adminRoutes(deps: AdminRouteDeps): FastifyPluginAsyncZod {
  const { sessions, staff, secondFactors, desk, audit, limiter } = deps;
  const name = cookieName(deps.secureCookie);
  const loginFailures = limiter.failures(RATE_LIMITS.loginFailures);
  const codeFailures = limiter.failures(RATE_LIMITS.secondFactorFailures);

  async function sessionAnswer(request: FastifyRequest, session: AdminSessionRow): Promise<AdminSession> {
    const auth = request.auth!;
    const role = auth.role as StaffRole;
    return {
      user: { id: auth.user.id, email: auth.user.email, name: auth.user.name },
      role,
      stage: session.stage,
      second_factor: { enrolled: await secondFactors.isEnrolled(auth.user.id), required: secondFactors.required(role) },
      ...sessionTimes(session),
    };
  }

  /**
   * The log's filter by person: an account id as typed (#12 or 12), the command line, or an email — the account that
   * has it now, found by its id (entries it made under an older name or address included), and the command line's
   * user@host starting so.
   */
  async function actorFilterOf(raw: string | undefined): Promise<AuditQuery['actor']> {
    if (!raw) return undefined;
    if (raw === 'command-line') return 'command-line';
    const id = /^#?(\d{1,12})$/.exec(raw);
    if (id) return { id: Number(id[1]) };
    const account = raw.includes('@') ? await deps.accounts.findByEmail(raw) : null;
    return { id: account?.id ?? null, commandLine: raw };
  }

  /** Opens a full session (the sign-in is done): the cookie, and the entry on the log saying how it was opened. */
  async function openSession(request: FastifyRequest, reply: FastifyReply, userId: number, how: Record<string, unknown> | null): Promise<AdminSessionRow> {
    const { token, session } = await sessions.create(userId, request.clientAddress);
    request.auth = { ...request.auth!, tokenId: session.id };
    request.adminSession = session;
    // Who opened the back office, when and from where: an owner reading the log sees a stranger's address.
    await audit.recordNow(actorOf(request), { action: 'session.sign_in', subject: { type: 'staff', id: request.auth.user.email }, after: how });
    request.log.info({ userId }, 'signed in to the back office');
    setCookie(reply, token);
    return session;
  }

  function setCookie(reply: FastifyReply, token: string) {
    reply.setCookie(name, token, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: deps.secureCookie, maxAge: ADMIN_SESSION_HOURS * 3600 });
  }
  function clearCookie(reply: FastifyReply) {
    reply.clearCookie(name, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: deps.secureCookie });
  }

  async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[name];
    const found = token ? await sessions.resolve(token) : null;
    if (found && found !== 'ended') {
      const member = await staff.staffRole(found.user_id);
      if (!member) {
        // No longer on the staff: the session ends with the role.
        await sessions.endAllOf(found.user_id);
        clearCookie(reply);
        throw new ForbiddenError(ADMIN_MESSAGES.notStaff);
      }
      request.auth = { user: toUser(member.user), role: member.role, tokenId: found.id };
      request.adminSession = found;
      // A sign-in half done opens only the steps that finish it.
      const stages = (request.routeOptions.config as AdminRouteConfig).stages ?? ['full'];
      if (!stages.includes(found.stage)) {
        throw new UnauthorizedError(found.stage === 'enroll' ? ADMIN_MESSAGES.enrollNeeded : found.stage === 'second_factor' ? ADMIN_MESSAGES.secondFactorNeeded : ADMIN_MESSAGES.signedOut);
      }
    } else {
      if (token) clearCookie(reply);
      // A shopper's bearer token opens nothing here; saying so beats asking them to sign in with it again.
      const shopper = await deps.authenticate(request.headers.authorization);
      if (shopper && shopper.role === 'customer') throw new ForbiddenError(ADMIN_MESSAGES.notStaff);
      throw new UnauthorizedError(found === 'ended' ? ADMIN_MESSAGES.expired : ADMIN_MESSAGES.signedOut);
    }
    const config = request.routeOptions.config as AdminRouteConfig;
    if (config.owner && request.auth.role !== 'owner') throw new ForbiddenError(ADMIN_MESSAGES.ownerOnly);
    // A sign-in half done has just had its password entered.
    if (config.sensitive && found.stage === 'full' && !sessions.recentlyConfirmed(found)) {
      return reply.status(403).send({ message: ADMIN_MESSAGES.reauth, reauth: true });
    }
  }


  return async (app: App) => {
    await app.register(cookie);
    // Every change, the sign-in included, comes from the store's own pages as JSON, before any session is looked up.
    app.addHook('onRequest', async (request) => requireOwnPage(request));

    app.post(
      '/admin/session',
      {
        schema: {
          tags: ['back office'],
          summary: 'Sign in to the back office: sets its session cookie',
          description:
            'For staff and owners. The session is an httpOnly, SameSite=Strict cookie on /api/admin, ending after ' +
            'ADMIN_IDLE_MINUTES without a request or ADMIN_SESSION_HOURS in all. A shopper’s right password answers 403. ' +
            'Failed attempts count against the same limits as the storefront’s sign-in.',
          body: adminSignInRequestSchema,
          response: { 200: adminSessionSchema, 401: errorResponseSchema, 403: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: [limiter.guard(RATE_LIMITS.login), loginFailures.check],
      },
      async (request, reply) => {
        const { user, role } = await staff.signIn(request.body.email, request.body.password);
        await loginFailures.succeeded(request);
        const userId = Number(user.id);
        request.auth = { user: toUser(user), role, tokenId: 0 };
        // With a second factor, or one required and not set up yet, the password opens only the step that finishes.
        const stage: AdminSessionStage = (await secondFactors.isEnrolled(userId)) ? 'second_factor' : secondFactors.required(role) ? 'enroll' : 'full';
        if (stage === 'full') {
          const session = await openSession(request, reply, userId, null);
          return noStore(reply).send(await sessionAnswer(request, session));
        }
        const { token, session } = await sessions.create(userId, request.clientAddress, stage);
        request.auth.tokenId = session.id;
        setCookie(reply, token);
        return noStore(reply).send(await sessionAnswer(request, session));
      },
    );

    // An invitation's link: the page shows who is invited as what, then takes the new password. Tokens are 256 random
    // bits; the limit only bounds the work. The token travels in the body, never in a URL a log would keep.
    app.post(
      '/admin/invitations/lookup',
      {
        schema: {
          tags: ['back office'],
          summary: 'An invitation’s link: who is invited, as what, until when',
          body: invitationTokenParamsSchema,
          response: { 200: invitationLookupResponseSchema, 404: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: limiter.guard(RATE_LIMITS.passwordReset),
      },
      async (request, reply) => noStore(reply).send(await staff.invitation(request.body.token)),
    );

    app.post(
      '/admin/invitations/accept',
      {
        schema: {
          tags: ['back office'],
          summary: 'Accept an invitation: a new password, the role, and every earlier session of the account ended',
          description:
            'The only way a staff role is granted to an address: the link emailed by an owner’s invitation, used once within ' +
            'STAFF_INVITE_DAYS. The address’s account (made now if there is none) gets the new password; its sign-in tokens, ' +
            'reset links and back-office sessions end.',
          body: invitationAcceptRequestSchema,
          response: { 200: messageResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: limiter.guard(RATE_LIMITS.passwordReset),
      },
      async (request, reply) => {
        await staff.acceptInvitation({ token: request.body.token, password: request.body.password }, request.clientAddress);
        return noStore(reply).send({ message: ADMIN_MESSAGES.invitationAccepted });
      },
    );

    await app.register(async (scope: App) => {
      scope.addHook('onRequest', requireStaff);
      scope.addHook('onSend', async (_request, reply) => {
        noStore(reply);
      });
      const staffOnly = { 401: errorResponseSchema, 403: errorResponseSchema };
      const sensitive = { 401: errorResponseSchema, 403: z.union([reauthErrorSchema, errorResponseSchema]) };

      scope.get(
        '/admin/session',
        {
          config: { stages: ANY_STAGE } satisfies AdminRouteConfig,
          schema: { tags: ['back office'], summary: 'The back-office session: who, which role, which stage of signing in, until when', response: { 200: adminSessionSchema, ...staffOnly } },
        },
        async (request) => sessionAnswer(request, request.adminSession!),
      );

      scope.delete(
        '/admin/session',
        {
          config: { stages: ANY_STAGE } satisfies AdminRouteConfig,
          schema: { tags: ['back office'], summary: 'Sign out of the back office (or give up a sign-in half done)', response: { 200: messageResponseSchema, ...staffOnly } },
        },
        async (request, reply) => {
          await sessions.end(request.adminSession!.id);
          clearCookie(reply);
          return { message: ADMIN_MESSAGES.signedOutDone };
        },
      );

      scope.post(
        '/admin/session/confirm',
        {
          schema: {
            tags: ['back office'],
            summary: 'Enter the password again, for sensitive actions (ADMIN_REAUTH_MINUTES)',
            body: adminPasswordRequestSchema,
            response: { 200: adminSessionSchema, 422: validationErrorSchema, 429: errorResponseSchema, ...staffOnly },
          },
          preValidation: [limiter.guard(RATE_LIMITS.accountChanges), loginFailures.check],
        },
        async (request) => {
          if (!(await staff.checkPassword(request.auth!.user.id, request.body.password))) {
            // A wrong password here is a wrong sign-in: it counts toward the account's sign-in limits and is on the log,
            // so a session left open cannot be used to guess the password quietly.
            await audit.recordNow(actorOf(request), { action: 'session.reauth_failed', subject: { type: 'staff', id: request.auth!.user.email } });
            throw new ValidationError({ password: [ADMIN_MESSAGES.passwordWrong] }, ADMIN_MESSAGES.passwordWrong);
          }
          await loginFailures.succeeded(request);
          request.adminSession = await sessions.confirmed(request.adminSession!);
          return sessionAnswer(request, request.adminSession);
        },
      );

      scope.post(
        '/admin/session/second-factor',
        {
          config: { stages: ['second_factor'] } satisfies AdminRouteConfig,
          schema: {
            tags: ['back office'],
            summary: 'Finish signing in with the authenticator app’s code, or a recovery code',
            description: 'Open to a sign-in whose password was right and whose person has a second factor. A code is accepted once. Wrong codes count per person (RATE_LIMITS.secondFactorFailures) and are on the audit log.',
            body: adminCodeRequestSchema,
            response: { 200: adminSessionSchema, 422: validationErrorSchema, 429: errorResponseSchema, ...staffOnly },
          },
          preValidation: codeFailures.check,
        },
        async (request, reply) => {
          const user = request.auth!.user;
          const verified = await secondFactors.verify(user, request.body.code, request.clientAddress);
          if (!verified) {
            await audit.recordNow(actorOf(request), { action: 'session.second_factor_failed', subject: { type: 'staff', id: user.email } });
            throw new ValidationError({ code: [ADMIN_MESSAGES.codeWrong] }, ADMIN_MESSAGES.codeWrong);
          }
          await codeFailures.succeeded(request);
          await sessions.end(request.adminSession!.id);
          const session = await openSession(request, reply, user.id, { second_factor: verified.kind });
          return noStore(reply).send(await sessionAnswer(request, session));
        },
      );

      scope.post(
        '/admin/session/enrollment',
        {
          config: { stages: ['enroll', 'full'], sensitive: true } satisfies AdminRouteConfig,
          schema: {
            tags: ['back office'],
            summary: 'Start setting up a second factor: a new TOTP secret for the authenticator app',
            description: 'At the sign-in that requires one (stage enroll), or later from a full session with the password entered lately.',
            response: { 200: secondFactorEnrollmentSchema, 409: errorResponseSchema, ...sensitive },
          },
        },
        async (request) => secondFactors.begin(request.auth!.user),
      );

      scope.post(
        '/admin/session/enrollment/confirm',
        {
          config: { stages: ['enroll', 'full'], sensitive: true } satisfies AdminRouteConfig,
          schema: {
            tags: ['back office'],
            summary: 'Finish setting up a second factor with the app’s first code: the recovery codes, shown once',
            body: adminCodeRequestSchema,
            response: { 200: secondFactorEnrolledSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema, ...sensitive },
          },
          preValidation: codeFailures.check,
        },
        async (request, reply) => {
          const codes = await secondFactors.confirm(actorOf(request), request.body.code);
          await codeFailures.succeeded(request);
          let session = request.adminSession!;
          if (session.stage !== 'full') {
            await sessions.end(session.id);
            session = await openSession(request, reply, request.auth!.user.id, { second_factor: 'enrolled' });
          }
          return noStore(reply).send({
            message: 'Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once, if your phone is lost.',
            recovery_codes: codes,
            session: await sessionAnswer(request, session),
          });
        },
      );

      scope.get(
        '/admin/account/second-factor',
        { schema: { tags: ['back office'], summary: 'Your second factor: set up or not, required or not, recovery codes left', response: { 200: secondFactorStatusSchema, ...staffOnly } } },
        async (request) => secondFactors.status(request.auth!.user.id, request.auth!.role as StaffRole),
      );

      scope.post(
        '/admin/account/second-factor/recovery-codes',
        {
          config: { sensitive: true } satisfies AdminRouteConfig,
          schema: { tags: ['back office'], summary: 'New recovery codes (the old ones stop working)', response: { 200: recoveryCodesResponseSchema, 409: errorResponseSchema, ...sensitive } },
        },
        async (request) => ({
          message: 'Your new recovery codes are below; the old ones no longer work.',
          recovery_codes: await secondFactors.regenerate(actorOf(request)),
        }),
      );

      scope.delete(
        '/admin/account/second-factor',
        {
          config: { sensitive: true } satisfies AdminRouteConfig,
          schema: { tags: ['back office'], summary: 'Turn your second factor off, where the store does not require it of your role', response: { 200: messageResponseSchema, 409: errorResponseSchema, ...sensitive } },
        },
        async (request) => {
          await secondFactors.disable(actorOf(request), request.auth!.role as StaffRole);
          return { message: ADMIN_MESSAGES.secondFactorOff };
        },
      );

      scope.get(
        '/admin/queue',
        { schema: { tags: ['back office'], summary: 'What waits on staff: wires to match, reviews, ring sizes, holds ending', response: { 200: adminQueueResponseSchema, ...staffOnly } } },
        async () => {
          const [orders, customRequestsDue, openMessages] = await Promise.all([desk.queue(), deps.customRequests.dueToday(), deps.contact.openCount()]);
          return { ...orders, custom_requests: customRequestsDue, open_messages: openMessages };
        },
      );

      scope.get(
        '/admin/orders',
        {
          schema: {
            tags: ['back office'],
            summary: 'Orders: search, filters, sort and paging',
            querystring: adminOrderListQuerySchema,
            response: { 200: adminOrderListResponseSchema, 400: validationErrorSchema, ...staffOnly },
          },
        },
        async (request) => {
          const query = request.query;
          const { orders, total } = await desk.search(query);
          return { orders, total, page: query.page, per_page: query.per_page };
        },
      );

      scope.get(
        '/admin/orders/:orderNumber',
        { schema: { tags: ['back office'], summary: 'One order as staff see it', params: ONE_ORDER, response: { 200: adminOrderResponseSchema, 404: errorResponseSchema, ...staffOnly } } },
        async (request) => ({ order: await adminOrderOf(desk, audit, request.params.orderNumber) }),
      );

      const STEP_BODIES = { production: productionStepRequestSchema, ship: shipOrderRequestSchema, delay: delayOrderRequestSchema } as const;
      for (const step of ORDER_STEPS) {
        const isSensitive = SENSITIVE_ORDER_STEPS.includes(step);
        const body = step in STEP_BODIES ? STEP_BODIES[step as keyof typeof STEP_BODIES] : undefined;
        scope.post(
          `/admin/orders/:orderNumber/${step}`,
          {
            config: { sensitive: isSensitive } satisfies AdminRouteConfig,
            schema: {
              tags: ['back office'],
              summary: `Order step: ${ORDER_STEP_LABELS[step]}`,
              params: ONE_ORDER,
              ...(body ? { body } : {}),
              response: { 200: adminOrderStepResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, ...(isSensitive ? sensitive : staffOnly) },
            },
          },
          async (request) => runOrderStep(desk, audit, { step, ...(request.body as object | undefined) } as StepInput, request.params.orderNumber, actorOf(request)),
        );
      }

      const ONE_RETURN = z.object({ rma: z.string() });
      const RETURN_BODIES = { inspect: inspectReturnRequestSchema, refund: refundReturnRequestSchema } as const;
      for (const step of RETURN_STEPS) {
        // A refund moves money: the password again, as an order's refund asks it.
        const isSensitive = step === 'refund';
        const body = step in RETURN_BODIES ? RETURN_BODIES[step as keyof typeof RETURN_BODIES] : undefined;
        scope.post(
          `/admin/returns/:rma/${step}`,
          {
            config: { sensitive: isSensitive } satisfies AdminRouteConfig,
            schema: {
              tags: ['back office'],
              summary: `Return step: ${RETURN_STEP_LABELS[step]}`,
              params: ONE_RETURN,
              ...(body ? { body } : {}),
              response: { 200: adminReturnStepResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, ...(isSensitive ? sensitive : staffOnly) },
            },
          },
          async (request) => runReturnStep(deps.returns, desk, audit, { step, ...(request.body as object | undefined) } as ReturnStepInput, request.params.rma, actorOf(request)),
        );
      }

      const ONE_TICKET = z.object({ number: z.string() });
      const CARE_BODIES = { start: startTicketRequestSchema, ship: shipTicketRequestSchema } as const;
      for (const step of CARE_STEPS) {
        const body = step in CARE_BODIES ? CARE_BODIES[step as keyof typeof CARE_BODIES] : undefined;
        scope.post(
          `/admin/tickets/:number/${step}`,
          {
            schema: {
              tags: ['back office'],
              summary: `Resize or repair step: ${CARE_STEP_LABELS[step]}`,
              params: ONE_TICKET,
              ...(body ? { body } : {}),
              response: { 200: adminReturnStepResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
            },
          },
          async (request) => runCareStep(deps.care, desk, audit, { step, ...(request.body as object | undefined) } as CareStepInput, request.params.number, actorOf(request)),
        );
      }
      scope.post(
        '/admin/orders/:orderNumber/repairs',
        {
          schema: {
            tags: ['back office'],
            summary: 'Open a repair of a line of a delivered order, for a piece brought to the showroom (it starts received)',
            params: ONE_ORDER,
            body: repairRequestSchema,
            response: { 200: adminReturnStepResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
          },
        },
        async (request) => openRepair(deps.care, desk, audit, request.params.orderNumber, request.body, actorOf(request)),
      );

      scope.get(
        '/admin/fulfilment',
        {
          schema: {
            tags: ['back office'],
            summary: 'The fulfilment queue: orders to make, to ship, late against their ships-by date, and in transit',
            response: { 200: adminFulfilmentResponseSchema, ...staffOnly },
          },
        },
        async () => ({ ...(await desk.fulfilment()), returns: await returnQueueOf(deps.returns), tickets: await ticketQueueOf(deps.care) }),
      );

      scope.get(
        '/admin/numbers',
        {
          schema: {
            tags: ['back office'],
            summary: 'Numbers at a glance: orders and revenue today, this month and by day; stones sold; the ring builder’s conversion',
            response: { 200: adminNumbersResponseSchema, ...staffOnly },
          },
        },
        async () => numbersOf(deps),
      );

      registerRequestRoutes(scope, deps);
      registerStoneRoutes(scope, deps);
      registerJewelryRoutes(scope, deps);
      registerDocumentRoutes(scope, deps);

      // Owners only.
      scope.get(
        '/admin/staff',
        { config: { owner: true } satisfies AdminRouteConfig, schema: { tags: ['back office'], summary: 'The staff and their roles (owners)', response: { 200: staffListResponseSchema, ...staffOnly } } },
        async (request) => staff.list(request.auth!.user.id),
      );

      scope.post(
        '/admin/staff',
        {
          config: { owner: true, sensitive: true } satisfies AdminRouteConfig,
          schema: {
            tags: ['back office'],
            summary: 'Invite a person to the staff (owners): nothing is granted until they use the emailed link',
            description: 'The role is offered, not given: only the link emailed to the address grants it, with a new password. Every owner is emailed.',
            body: staffInviteRequestSchema,
            response: { 201: staffInvitationResponseSchema, 422: validationErrorSchema, ...sensitive },
          },
        },
        async (request, reply) => {
          const invitation = await staff.invite(actorOf(request), request.body);
          return reply.status(201).send({ message: `${invitation.name} was invited. They have an email with a link to accept.`, invitation });
        },
      );

      scope.delete(
        '/admin/staff/invitations/:id',
        {
          config: { owner: true } satisfies AdminRouteConfig,
          schema: { tags: ['back office'], summary: 'Withdraw an invitation not yet used (owners)', params: ONE_MEMBER, response: { 200: messageResponseSchema, 404: errorResponseSchema, ...staffOnly } },
        },
        async (request) => {
          const invitation = await staff.revokeInvitation(actorOf(request), request.params.id);
          return { message: `The invitation to ${invitation.email} was withdrawn.` };
        },
      );

      scope.post(
        '/admin/staff/changes/:id/confirm',
        {
          config: { owner: true, sensitive: true } satisfies AdminRouteConfig,
          schema: {
            tags: ['back office'],
            summary: 'Confirm an owner’s change that waits for a second owner (owners; not the one who asked)',
            params: ONE_MEMBER,
            response: { 200: staffMemberResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...sensitive },
          },
        },
        async (request) => {
          const member = await staff.confirmChange(actorOf(request), request.params.id);
          return { message: `${member.name} is now ${member.role === 'owner' ? 'an owner' : member.role === 'staff' ? 'staff' : 'off the staff'}.`, member, change: null };
        },
      );

      scope.delete(
        '/admin/staff/changes/:id',
        {
          config: { owner: true } satisfies AdminRouteConfig,
          schema: { tags: ['back office'], summary: 'Cancel an owner’s change that waits (owners)', params: ONE_MEMBER, response: { 200: messageResponseSchema, 404: errorResponseSchema, ...staffOnly } },
        },
        async (request) => {
          await staff.cancelChange(actorOf(request), request.params.id);
          return { message: 'The change was cancelled. Every owner has been told.' };
        },
      );

      scope.put(
        '/admin/staff/:id',
        {
          config: { owner: true, sensitive: true } satisfies AdminRouteConfig,
          schema: {
            tags: ['back office'],
            summary: 'Change a staff member’s role (owners); their back-office sessions end',
            params: ONE_MEMBER,
            body: staffRoleRequestSchema,
            response: { 200: staffMemberResponseSchema, 404: errorResponseSchema, ...sensitive },
          },
        },
        async (request) => {
          const { member, change } = await staff.setRole(actorOf(request), request.params.id, request.body.role);
          if (change) return { message: waitingWords(member.name, change.effective_at), member, change };
          return { message: `${member.name} is now ${member.role === 'owner' ? 'an owner' : 'staff'}.`, member, change };
        },
      );

      scope.delete(
        '/admin/staff/:id',
        {
          config: { owner: true, sensitive: true } satisfies AdminRouteConfig,
          schema: {
            tags: ['back office'],
            summary: 'Take a person off the staff (owners): the account stays a shopper’s; their sessions end',
            params: ONE_MEMBER,
            response: { 200: staffMemberResponseSchema, 404: errorResponseSchema, ...sensitive },
          },
        },
        async (request) => {
          const { member, change } = await staff.remove(actorOf(request), request.params.id);
          if (change) return { message: waitingWords(member.name, change.effective_at), member, change };
          return { message: `${member.name} no longer has access to the back office.`, member, change };
        },
      );

      scope.get(
        '/admin/audit',
        {
          config: { owner: true } satisfies AdminRouteConfig,
          schema: { tags: ['back office'], summary: 'The audit log, newest first (owners)', querystring: auditListQuerySchema, response: { 200: auditListResponseSchema, 400: validationErrorSchema, ...staffOnly } },
        },
        async (request) => {
          const { actor, ...query } = request.query;
          return audit.list({ ...query, actor: await actorFilterOf(actor) });
        },
      );
    });
  };
}
