import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/index.ts';

/** The person at a back-office request, as the audit log names them. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = request.auth!;
  return { id: auth.user.id, email: auth.user.email, name: auth.user.name, from: request.clientAddress };
}
