import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  createRegisterRequestSchema,
  createUpdateUserRequestSchema,
  emailVerifyRequestSchema,
  errorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  passwordEmailRequestSchema,
  passwordEmailResponseSchema,
  passwordResetRequestSchema,
  registerResponseSchema,
  userResponseSchema,
  userSchema,
  validationErrorSchema,
  type Clock,
} from '@everstone/contract';
import { requireUser, type Auth } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { AccountService } from './service.ts';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

// Answers that carry a token or account data must not be kept by any cache on the way.
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * GET /sanctum/csrf-cookie (§4: fetched at start-up, before the user is loaded). The API authenticates with
 * bearer tokens, which browsers never attach on their own, so there is no cookie session to forge; the
 * cookie is set because the storefront's client expects it, and is harmless.
 */
function csrfCookieRoute(app: App) {
  app.get(
    '/sanctum/csrf-cookie',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sets the XSRF-TOKEN cookie the storefront fetches at start-up',
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const secure = request.protocol === 'https' ? '; Secure' : '';
      const value = randomBytes(32).toString('base64url');
      return reply
        .header('set-cookie', `XSRF-TOKEN=${value}; Path=/; Max-Age=7200; SameSite=Lax${secure}`)
        .header('cache-control', 'no-store')
        .status(204)
        .send();
    },
  );
}

/** POST /password/reset, served both at the root (§7's path) and under /api. */
function passwordResetRoute(app: App, service: AccountService, limiter: RateLimiter) {
  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token of an emailed reset link',
        description:
          'The token works once, within its lifetime, and only with the email it was sent to. On success every sign-in ' +
          'token of the user is revoked. An unknown, used or expired token answers 422 with errors.token.',
        body: passwordResetRequestSchema,
        response: { 200: messageResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
      },
      preValidation: limiter.guard(RATE_LIMITS.passwordReset),
    },
    async (request) => {
      const answer = await service.resetPassword(request.body);
      // The owner proved control of the address: failed sign-ins of others no longer pause the account.
      await limiter.failures(RATE_LIMITS.loginFailures).clearAccount(request.body.email);
      return answer;
    },
  );
}

/** Everything under /api: sign-up, sign-in, password reset, and the signed-in user's own account. */
export function accountRoutes(service: AccountService, deps: { auth: Auth; limiter: RateLimiter; now: Clock }): FastifyPluginAsyncZod {
  const { auth, limiter } = deps;
  const loginFailures = limiter.failures(RATE_LIMITS.loginFailures);
  return async function (app) {
    app.post(
      '/register',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Create an account (§3 registration payload)',
          description:
            'title Mr, Mrs or Ms; name; a unique email (letter case ignored); birth_date and anniversary_date as ' +
            'YYYY-MM-DD or null (real dates, not in the future); a password of at least 8 characters. Does not sign in.',
          body: createRegisterRequestSchema(deps.now),
          response: { 201: registerResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: limiter.guard(RATE_LIMITS.register),
      },
      async (request, reply) => reply.status(201).send(await service.register(request.body)),
    );

    app.post(
      '/login',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Sign in: a bearer token for the Authorization header',
          description:
            'A wrong password and an unknown email answer the same 401, in the same time. Failed attempts are limited ' +
            'per account on one device, per device, and per account from everywhere (429; the last one is lifted by a ' +
            'password reset); successful ones are not counted.',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, 401: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: [limiter.guard(RATE_LIMITS.login), loginFailures.check],
      },
      async (request, reply) => {
        const answer = await service.login(request.body);
        await loginFailures.succeeded(request);
        request.log.info({ userId: answer.user.id }, 'signed in');
        return noStore(reply).send(answer);
      },
    );

    app.post(
      '/password/email',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Email a password reset link',
          description: 'Answers the same whether or not the address has an account; only an account receives the email.',
          body: passwordEmailRequestSchema,
          response: { 200: passwordEmailResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: limiter.guard(RATE_LIMITS.passwordEmail),
      },
      async (request) => service.requestPasswordReset(request.body.email),
    );

    passwordResetRoute(app, service, limiter);
    csrfCookieRoute(app);

    app.post(
      '/email/verify',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Verify an account’s email address with the token of its emailed link',
          description:
            'The link ({PUBLIC_URL}/verify-email/{token}) is sent at sign-up and on request; its token works once, within ' +
            'EMAIL_VERIFICATION.linkHours (72 hours), and needs no sign-in (the token is the proof). An unknown, used or expired ' +
            'token answers 422 with errors.token. A completed password reset verifies the address too.',
          body: emailVerifyRequestSchema,
          response: { 200: messageResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: limiter.guard(RATE_LIMITS.emailVerify),
      },
      async (request) => service.verifyEmail(request.body.token),
    );

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', auth.requireSignedIn);
      signedIn.addHook('onSend', async (_request, reply) => {
        noStore(reply);
      });

      signedIn.get(
        '/user',
        {
          schema: {
            tags: ['accounts'],
            summary: 'The signed-in user',
            security: [{ bearer: [] }],
            response: { 200: userSchema, 401: errorResponseSchema },
          },
        },
        async (request) => service.currentUser(requireUser(request)),
      );

      signedIn.put(
        '/user',
        {
          schema: {
            tags: ['accounts'],
            summary: 'Change the account details (title, name, email, dates)',
            description: 'The same rules as sign-up. Changing the email also needs current_password.',
            security: [{ bearer: [] }],
            body: createUpdateUserRequestSchema(deps.now),
            response: { 200: userResponseSchema, 401: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
          },
          preValidation: limiter.guard(RATE_LIMITS.accountChanges),
        },
        async (request) => service.updateUser(requireUser(request), request.body, request.clientAddress),
      );

      signedIn.post(
        '/user/password',
        {
          schema: {
            tags: ['accounts'],
            summary: 'Change the password (current password, new password twice)',
            description: 'Every other sign-in token of the user is revoked; this one keeps working.',
            security: [{ bearer: [] }],
            body: changePasswordRequestSchema,
            response: { 200: messageResponseSchema, 401: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
          },
          preValidation: limiter.guard(RATE_LIMITS.accountChanges),
        },
        async (request) => service.changePassword(requireUser(request), request.body),
      );

      signedIn.post(
        '/email/verification',
        {
          schema: {
            tags: ['accounts'],
            summary: 'Email the signed-in account a new link to verify its address',
            description:
              'Always to the account’s own address. 409 when it is verified already; 429 past 3 links in 15 minutes or 10 a day ' +
              'to one address (as reset links).',
            security: [{ bearer: [] }],
            response: { 200: messageResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
          },
        },
        async (request) =>
          service.sendVerificationLink(requireUser(request), (email) => limiter.recipient(RATE_LIMITS.verificationEmail, request, email)),
      );

      signedIn.post(
        '/logout',
        {
          schema: {
            tags: ['accounts'],
            summary: 'Sign out: revokes the token of this request',
            security: [{ bearer: [] }],
            response: { 200: messageResponseSchema, 401: errorResponseSchema },
          },
        },
        async (request) => service.logout(requireUser(request)),
      );
    });
  };
}

/** The two calls §7 lists without the /api prefix. */
export function accountRootRoutes(service: AccountService, deps: { limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    csrfCookieRoute(app);
    passwordResetRoute(app, service, deps.limiter);
  };
}
