import { type AppEnv, bearerToken, unauthorized } from '@baton/service-kit';
import type { MiddlewareHandler } from 'hono';
import type { IdentityDeps } from './context';
import { isSessionActive } from './routes/auth/sessions.service';

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

/** Identity's own guard of its protected routes (`authenticate` on every request), for `contractRoutes`. */
export function authenticated(deps: IdentityDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('auth', await authenticate(deps, c.req.header('authorization')));
    await next();
  };
}
