import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type User } from '@everstone/contract';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';

/** Who may do what: shoppers are customers; the back office's staff and owners are set by the store. */
export const ROLES = ['customer', 'staff', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** Who a request is signed in as, with which token (so logout and password changes know which one), and their role. */
export interface SignedIn {
  user: User;
  role: Role;
  tokenId: number;
}

/** Reads an `Authorization` header: the user it signs in, or null (none, unknown, revoked, expired). */
export type Authenticate = (authorization: string | undefined) => Promise<SignedIn | null>;

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
  /**
   * onRequest hook of a scope for some roles only (the back office): 401 without a valid token, 403 for a signed-in
   * user of another role, before the body is read.
   */
  requireRole(...roles: Role[]): (request: FastifyRequest) => Promise<void>;
}

/** The sign-in check of every scope; `authenticate` is the accounts module's, passed in (plugins know no module). */
export function registerAuth(app: FastifyInstance, authenticate: Authenticate): Auth {
  app.decorateRequest('auth', null);
  async function requireSignedIn(request: FastifyRequest): Promise<void> {
    const signedIn = await authenticate(request.headers.authorization);
    if (!signedIn) throw new UnauthorizedError(ACCOUNT_MESSAGES.unauthenticated);
    request.auth = signedIn;
  }
  return {
    requireSignedIn,
    requireRole(...roles) {
      return async function requireRole(request) {
        await requireSignedIn(request);
        if (!roles.includes(request.auth!.role)) throw new ForbiddenError(ACCOUNT_MESSAGES.notAllowed);
      };
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
