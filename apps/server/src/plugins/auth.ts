import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@everstone/contract';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { AccountService, SignedIn } from '../modules/accounts/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the signed-in scope's hook; null elsewhere. */
    auth: SignedIn | null;
  }
}

export interface Auth {
  /**
   * onRequest hook of a signed-in scope: a request without a valid bearer token is answered 401 before its
   * body is even read. Routes in the scope read the user with requireUser.
   */
  requireSignedIn(request: FastifyRequest): Promise<void>;
}

export function registerAuth(app: FastifyInstance, accounts: AccountService): Auth {
  app.decorateRequest('auth', null);
  return {
    async requireSignedIn(request) {
      const signedIn = await accounts.authenticate(request.headers.authorization);
      if (!signedIn) throw new UnauthorizedError(ACCOUNT_MESSAGES.unauthenticated);
      request.auth = signedIn;
    },
  };
}

/** The signed-in user of a request in a signed-in scope. */
export function requireUser(request: FastifyRequest): SignedIn {
  if (!request.auth) throw new UnauthorizedError(ACCOUNT_MESSAGES.unauthenticated);
  return request.auth;
}

/** Guards a record that names its owner: anyone else's id is a 403, never the record. */
export function requireOwner(signedIn: SignedIn, ownerId: number, message: string = ACCOUNT_MESSAGES.notYourAccount): void {
  if (signedIn.user.id !== ownerId) throw new ForbiddenError(message);
}
