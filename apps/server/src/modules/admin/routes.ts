import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  ADMIN_SESSION_HOURS,
  ORDER_STEPS,
  adminNumbersResponseSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderResponseSchema,
  adminOrderStepResponseSchema,
  adminPasswordRequestSchema,
  adminQueueResponseSchema,
  adminSessionSchema,
  adminSignInRequestSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  errorResponseSchema,
  messageResponseSchema,
  reauthErrorSchema,
  staffInviteRequestSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffRoleRequestSchema,
  validationErrorSchema,
  type AdminSession,
  type StaffRole,
} from '@everstone/contract';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { Authenticate } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import { toUser, type RoleChange, type StaffDirectory } from '../accounts/index.ts';
import { actorOf } from './actor.ts';
import { requireOwnPage } from './own-page.ts';
import { registerRequestRoutes, type RequestRouteDeps } from './requests-routes.ts';
import { registerStoneRoutes, type StoneRouteDeps } from './stones-routes.ts';
import { registerCatalogRoutes, type CatalogRouteDeps } from './catalog-routes.ts';
import { numbersOf } from './numbers.ts';
import type { BuilderStarts } from '../ring-builder/index.ts';
import { adminOrderOf, runOrderStep } from './orders.ts';
import { sessionTimes, type AdminSessionRow, type AdminSessions } from './sessions.ts';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface AdminRouteDeps extends RequestRouteDeps, StoneRouteDeps, CatalogRouteDeps {
  /** Who opened the ring builder, for the numbers' conversion. */
  starts: BuilderStarts;
  now: () => Date;
  sessions: AdminSessions;
  staff: StaffDirectory;
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
  /** The body's type when it is not JSON (the stone import's text/csv); any other is a 415 (own-page.ts). */
  bodyType?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The back-office session of a request in the admin scope. */
    adminSession?: AdminSessionRow;
  }
}

const COOKIE = 'everstone_admin';
const cookieName = (secure: boolean) => (secure ? `__Secure-${COOKIE}` : COOKIE);
const COOKIE_PATH = '/api/admin';

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');


function sessionAnswer(request: FastifyRequest, session: AdminSessionRow): AdminSession {
  const auth = request.auth!;
  return { user: { id: auth.user.id, email: auth.user.email, name: auth.user.name }, role: auth.role as StaffRole, ...sessionTimes(session) };
}

const ONE_ORDER = z.object({ orderNumber: z.string().min(1).max(40) });
const ONE_MEMBER = z.object({ id: z.coerce.number({ error: 'The id must be a whole number.' }).int().positive('The id must be a positive whole number.') });

/**
 * The back office's API (docs/decisions/018-back-office.md, docs/api.md "Back office"). POST /admin/session signs in;
 * every other route is in one scope whose hook asks for a live back-office session of a staff member (401 without,
 * 403 for a shopper), then for an owner where the route says so (403), then for the password entered lately where
 * the route is sensitive (403 with `reauth: true`). A change sent from another site's page is refused: the cookie is
 * SameSite=Strict, and every change, the sign-in included, must come as JSON with the store's own Origin (own-page.ts).
 */
export function adminRoutes(deps: AdminRouteDeps): FastifyPluginAsyncZod {
  const { sessions, staff, desk, audit, limiter } = deps;
  const name = cookieName(deps.secureCookie);
  const loginFailures = limiter.failures(RATE_LIMITS.loginFailures);

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
    } else {
      if (token) clearCookie(reply);
      // A shopper's bearer token opens nothing here; saying so beats asking them to sign in with it again.
      const shopper = await deps.authenticate(request.headers.authorization);
      if (shopper && shopper.role === 'customer') throw new ForbiddenError(ADMIN_MESSAGES.notStaff);
      throw new UnauthorizedError(found === 'ended' ? ADMIN_MESSAGES.expired : ADMIN_MESSAGES.signedOut);
    }
    const config = request.routeOptions.config as AdminRouteConfig;
    if (config.owner && request.auth.role !== 'owner') throw new ForbiddenError(ADMIN_MESSAGES.ownerOnly);
    if (config.sensitive && !sessions.recentlyConfirmed(found)) {
      return reply.status(403).send({ message: ADMIN_MESSAGES.reauth, reauth: true });
    }
  }

  /** The audit entry of a role change, and the person's sessions ended with it, in the change's transaction. */
  const recordRole = (request: FastifyRequest, action: 'staff.invite' | 'staff.role' | 'staff.remove') => async (trx: Parameters<Parameters<StaffDirectory['invite']>[1]>[0], change: RoleChange) => {
    await audit.record(trx, actorOf(request), { action, subject: { type: 'staff', id: change.member.email }, before: change.before, after: change.after });
    if (action !== 'staff.invite') await sessions.endAllOf(change.member.id, trx);
  };

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
        const { token, session } = await sessions.create(Number(user.id), request.clientAddress);
        request.auth = { user: toUser(user), role, tokenId: session.id };
        // Who opened the back office, when and from where: an owner reading the log sees a stranger's address.
        await audit.recordNow(actorOf(request), { action: 'session.sign_in', subject: { type: 'staff', id: user.email } });
        request.log.info({ userId: user.id }, 'signed in to the back office');
        setCookie(reply, token);
        return noStore(reply).send(sessionAnswer(request, session));
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
        { schema: { tags: ['back office'], summary: 'The back-office session: who, which role, until when', response: { 200: adminSessionSchema, ...staffOnly } } },
        async (request) => sessionAnswer(request, request.adminSession!),
      );

      scope.delete(
        '/admin/session',
        { schema: { tags: ['back office'], summary: 'Sign out of the back office', response: { 200: messageResponseSchema, ...staffOnly } } },
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
          preValidation: limiter.guard(RATE_LIMITS.accountChanges),
        },
        async (request) => {
          if (!(await staff.checkPassword(request.auth!.user.id, request.body.password))) {
            throw new ValidationError({ password: [ADMIN_MESSAGES.passwordWrong] }, ADMIN_MESSAGES.passwordWrong);
          }
          request.adminSession = await sessions.confirmed(request.adminSession!);
          return sessionAnswer(request, request.adminSession);
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

      for (const step of ORDER_STEPS) {
        const isSensitive = step === 'refund';
        scope.post(
          `/admin/orders/:orderNumber/${step}`,
          {
            config: { sensitive: isSensitive } satisfies AdminRouteConfig,
            schema: {
              tags: ['back office'],
              summary: `Order step: ${step}`,
              params: ONE_ORDER,
              response: { 200: adminOrderStepResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...(isSensitive ? sensitive : staffOnly) },
            },
          },
          async (request) => runOrderStep(desk, audit, step, request.params.orderNumber, actorOf(request)),
        );
      }

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
      registerCatalogRoutes(scope, deps);

      // Owners only.
      scope.get(
        '/admin/staff',
        { config: { owner: true } satisfies AdminRouteConfig, schema: { tags: ['back office'], summary: 'The staff and their roles (owners)', response: { 200: staffListResponseSchema, ...staffOnly } } },
        async () => ({ staff: await staff.list() }),
      );

      scope.post(
        '/admin/staff',
        {
          config: { owner: true, sensitive: true } satisfies AdminRouteConfig,
          schema: {
            tags: ['back office'],
            summary: 'Invite a person to the staff (owners): an email with a link to choose a password',
            body: staffInviteRequestSchema,
            response: { 201: staffMemberResponseSchema, 422: validationErrorSchema, ...sensitive },
          },
        },
        async (request, reply) => {
          const member = await staff.invite(request.body, recordRole(request, 'staff.invite'));
          return reply.status(201).send({ message: `${member.name} was invited. They have an email to sign in with.`, member });
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
          const member = await staff.setRole(request.auth!.user.id, request.params.id, request.body.role, recordRole(request, 'staff.role'));
          return { message: `${member.name} is now ${member.role === 'owner' ? 'an owner' : 'staff'}.`, member };
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
            response: { 200: messageResponseSchema, 404: errorResponseSchema, ...sensitive },
          },
        },
        async (request) => {
          const member = await staff.remove(request.auth!.user.id, request.params.id, recordRole(request, 'staff.remove'));
          return { message: `${member.name} no longer has access to the back office.` };
        },
      );

      scope.get(
        '/admin/audit',
        {
          config: { owner: true } satisfies AdminRouteConfig,
          schema: { tags: ['back office'], summary: 'The audit log, newest first (owners)', querystring: auditListQuerySchema, response: { 200: auditListResponseSchema, 400: validationErrorSchema, ...staffOnly } },
        },
        async (request) => audit.list(request.query),
      );
    });
  };
}
