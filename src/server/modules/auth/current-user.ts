import type { FastifyRequest } from 'fastify';
import type { Role } from '#shared/contract/user.ts';
import type { Deps } from '#server/deps.ts';
import { forbidden, unauthorized } from '#server/lib/app-error.ts';
import { findSessionCaller } from './accounts.repository.ts';
import { tokenFromHeader } from './tokens.ts';

/** The signed-in caller of a request. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guards (plugins/auth.ts) once the caller is known. */
    authUser: AuthUser | null;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * The caller the access token names, with the account and the token's session read again (one
 * query), so a blocked user is refused (403) and an ended session (logout, password change, role
 * change) is refused (401) even while the token has not expired.
 */
export async function findCurrentUser(
  deps: Deps,
  authorization: string | undefined,
): Promise<AuthUser> {
  const token = tokenFromHeader(authorization);
  if (!token) throw unauthorized();
  const now = deps.clock.now();
  const claims = await deps.accessTokens.verify(token, now);
  if (!claims) throw unauthorized(SESSION_EXPIRED);
  const state = await findSessionCaller(deps.db, claims.sub, claims.sid, now);
  if (!state) throw unauthorized(SESSION_EXPIRED);
  // Blocking also ends the sessions; the block is named first so the client can say why.
  if (state.isBlocked) throw forbidden('Your account has been blocked.');
  if (!state.sessionOpen) throw unauthorized(SESSION_EXPIRED);
  return { id: state.id, email: state.email, name: state.name, role: state.role };
}

/** The caller of a guarded route; guards have already refused anyone else. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
