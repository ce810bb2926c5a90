import { deleteAccountRequest, identityMessages as m } from '@baton/contracts';
import { type AppEnv, enqueueEvent, jsonBody } from '@baton/service-kit';
import { Hono } from 'hono';
import type { IdentityDeps } from '../../context';
import { authenticated } from '../../middleware';
import { revokeSessions } from '../../sessions';

/** Account deletion: identity erases the person and tells every other service to do the same. */
export function accountRoutes(deps: IdentityDeps) {
  const app = new Hono<AppEnv>();

  app.post('/delete-account/', authenticated(deps), async (c) => {
    await jsonBody(c, deleteAccountRequest);
    const { userId, email } = c.get('auth');
    await deps.db.transaction().execute(async (trx) => {
      // Open sockets close first; then sessions, tokens, resets and trust in both directions go with the
      // user row (ON DELETE CASCADE).
      await revokeSessions(trx, { userId }, 'account deleted');
      await trx.deleteFrom('trust_invitations').where('email', '=', email).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
      await enqueueEvent(trx, 'identity.user.deleted', {
        actorId: userId,
        audience: [userId],
        data: { userId, email },
        requestId: c.get('requestId'),
      });
    });
    deps.afterOutboxWrite();
    return c.json({ message: m.deleteDone });
  });

  return app;
}
