import { deleteAccountRequest, identityMessages as m, preferences } from '@baton/contracts';
import { type AppEnv, badRequest, enqueueEvent, jsonBody } from '@baton/service-kit';
import { Hono } from 'hono';
import type { IdentityDeps } from '../../context';
import { authenticated } from '../../middleware';
import { verifyPassword } from '../../passwords';
import { revokeSessions } from '../../sessions';
import { findUserById, preferencesOf } from '../../users';

/** The account itself: its preferences, and its deletion. */
export function accountRoutes(deps: IdentityDeps) {
  const app = new Hono<AppEnv>();
  app.use('/api/settings/preferences/', authenticated(deps));

  // Kept on the account, not only on the device, so that a new device starts with the person's choice.
  app.get('/api/settings/preferences/', async (c) => {
    const row = await deps.db
      .selectFrom('users')
      .select('notification_sound_enabled')
      .where('id', '=', c.get('auth').userId)
      .executeTakeFirstOrThrow();
    return c.json(preferencesOf(row));
  });

  app.put('/api/settings/preferences/', async (c) => {
    const body = await jsonBody(c, preferences);
    const row = await deps.db
      .updateTable('users')
      .set({ notification_sound_enabled: body.notificationSoundEnabled })
      .where('id', '=', c.get('auth').userId)
      .returning('notification_sound_enabled')
      .executeTakeFirstOrThrow();
    return c.json(preferencesOf(row));
  });

  // Identity erases the person and tells every other service to do the same.

  app.post('/delete-account/', authenticated(deps), async (c) => {
    const { userId, email } = c.get('auth');
    // The budget of change-password: both check the current password, so guesses count together.
    await deps.limits.passwordChange.consume(userId);
    const body = await jsonBody(c, deleteAccountRequest);
    // The password as login checks it: an open session alone (a borrowed device) cannot erase the account.
    const user = await findUserById(deps.db, userId);
    if (!user || !(await verifyPassword(user.password_hash, body.password))) {
      throw badRequest(m.deleteWrongPassword);
    }
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
