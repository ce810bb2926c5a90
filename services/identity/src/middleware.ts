import { type AppEnv, bearerToken, unauthorized } from '@baton/service-kit';
import type { MiddlewareHandler } from 'hono';
import type { IdentityDeps } from './context';
import { isSessionActive } from './sessions';
import { findUserById, toPublicUser } from './users';

/**
 * Who an `Authorization` header speaks for: a valid access token whose session (refresh family) is still
 * open, so logout, reuse detection and password changes take effect on identity's routes at once.
 */
export async function authenticate(deps: IdentityDeps, authorization: string | undefined) {
  const token = bearerToken(authorization);
  if (!token) throw unauthorized();
  const auth = await deps.verifyAccess(token).catch(() => undefined);
  if (!auth || !(await isSessionActive(deps.db, auth.sessionId)))
    throw unauthorized('Token is invalid or expired');
  return auth;
}

/** Identity's own guard (`authenticate` on every request). */
export function authenticated(deps: IdentityDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('auth', await authenticate(deps, c.req.header('authorization')));
    await next();
  };
}

/**
 * The session check (GET /api/token/check/) whole, without a framework: the route runs it, and the
 * gateway-cost benchmark runs it on bare `node:http` to weigh Hono and the gateway against it.
 */
export async function tokenCheck(deps: IdentityDeps, authorization: string | undefined) {
  const auth = await authenticate(deps, authorization);
  const user = await findUserById(deps.db, auth.userId);
  if (!user) throw unauthorized('Token is invalid or expired');
  return {
    ok: true as const,
    status: 'ok' as const,
    user: toPublicUser(user),
    emailVerified: user.email_verified_at !== null,
  };
}
