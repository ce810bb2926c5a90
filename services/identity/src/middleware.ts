import { type AppEnv, bearerToken, unauthorized } from '@baton/service-kit';
import type { MiddlewareHandler } from 'hono';
import type { IdentityDeps } from './context';
import { isSessionActive } from './sessions';

/**
 * Identity's own guard: a valid access token whose session (refresh family) is still open, so
 * logout, reuse detection and password changes take effect on identity's routes at once.
 */
export function authenticated(deps: IdentityDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw unauthorized();
    const auth = await deps.verifyAccess(token).catch(() => undefined);
    if (!auth || !(await isSessionActive(deps.db, auth.sessionId)))
      throw unauthorized('Token is invalid or expired');
    c.set('auth', auth);
    await next();
  };
}
