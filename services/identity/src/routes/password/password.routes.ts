import {
  changePasswordRequest,
  identityMessages as m,
  passwordResetCheckRequest,
  passwordResetConfirmRequest,
  passwordResetRequest,
  uuid,
} from '@baton/contracts';
import { type AppEnv, badRequest, clientAddress, enqueueMail, jsonBody } from '@baton/service-kit';
import { Hono } from 'hono';
import { type ExpressionBuilder, sql } from 'kysely';
import type { IdentityDeps } from '../../context';
import type { IdentityTables } from '../../db/schema';
import { resetMail } from '../../mails';
import { authenticated } from '../../middleware';
import { hashNewPassword, verifyPassword } from '../../passwords';
import { randomSecret, sha256 } from '../../secrets';
import { revokeSessions } from '../../sessions';
import { findUserByEmail, findUserById, markVerified } from '../../users';

/** The reset row of a link that still works: this person's and this token's, unused and unexpired. */
const usableLink =
  (uid: string, token: string) => (eb: ExpressionBuilder<IdentityTables, 'password_resets'>) =>
    eb.and([
      eb('user_id', '=', uid),
      eb('token_hash', '=', sha256(token)),
      eb('used_at', 'is', null),
      eb('expires_at', '>', sql<Date>`now()`),
    ]);

/** What a person's new password must not be built from. */
const personalWords = (user: { email: string; first_name: string; last_name: string } | undefined) =>
  user ? [user.email, user.first_name, user.last_name] : [];

/** Password reset by mailed link, and password change in settings. */
export function passwordRoutes(deps: IdentityDeps) {
  const app = new Hono<AppEnv>();

  app.post('/api/auth/password-reset/request/', async (c) => {
    await deps.limits.reset.consume(clientAddress(c));
    const body = await jsonBody(c, passwordResetRequest);
    const email = body.email.toLowerCase();
    // Counted for every address, known or not, so a 429 reveals nothing either.
    await deps.limits.resetAccount.consume(email);
    const user = await findUserByEmail(deps.db, email);
    if (user) {
      const token = randomSecret();
      const ttl = deps.config.RESET_TOKEN_TTL_MINUTES;
      await deps.db.transaction().execute(async (trx) => {
        // Only the newest link works.
        await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
        await trx
          .insertInto('password_resets')
          .values({
            user_id: user.id,
            token_hash: sha256(token),
            expires_at: new Date(Date.now() + ttl * 60_000),
          })
          .execute();
        const link = new URL('/reset-password', deps.config.PUBLIC_URL);
        link.searchParams.set('uid', user.id);
        link.searchParams.set('token', token);
        await enqueueMail(trx, resetMail(user.email, link.toString(), ttl));
      });
      deps.afterOutboxWrite();
    }
    return c.json({ message: m.resetRequested });
  });

  /** Whose a reset link is, while it works; a 400 otherwise (an index lookup, before anything slow). */
  async function resetLinkOwner(link: { uid: string; token: string }) {
    if (!uuid.safeParse(link.uid).success) throw badRequest(m.resetInvalid);
    const usable = await deps.db
      .selectFrom('password_resets')
      .select('user_id')
      .where(usableLink(link.uid, link.token))
      .executeTakeFirst();
    if (!usable) throw badRequest(m.resetInvalid);
    return usable.user_id;
  }

  // The page asks first, so a used or expired link says so before anyone types a password.
  app.post('/api/auth/password-reset/check/', async (c) => {
    await deps.limits.resetConfirm.consume(clientAddress(c));
    await resetLinkOwner(await jsonBody(c, passwordResetCheckRequest));
    return c.json({ valid: true as const });
  });

  app.post('/api/auth/password-reset/confirm/', async (c) => {
    await deps.limits.resetConfirm.consume(clientAddress(c));
    const body = await jsonBody(c, passwordResetConfirmRequest);
    // The link is checked before the (deliberately slow) hash: a bad link costs an index lookup.
    const userId = await resetLinkOwner(body);
    const person = await findUserById(deps.db, userId);
    const passwordHash = await hashNewPassword(body.newPassword, personalWords(person));
    const done = await deps.db.transaction().execute(async (trx) => {
      // The conditional update is the single winner among concurrent uses of one link.
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: sql<Date>`now()` })
        .where(usableLink(body.uid, body.token))
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) return false;
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()` })
        .where('id', '=', claimed.user_id)
        .execute();
      await revokeSessions(trx, { userId: claimed.user_id }, 'password reset');
      // The link reached the address: it is theirs (and whoever signed it up without it is now locked out).
      await markVerified(trx, claimed.user_id);
      return true;
    });
    if (!done) throw badRequest(m.resetInvalid);
    deps.afterOutboxWrite();
    return c.json({ message: m.resetDone });
  });

  app.post('/api/settings/change-password/', authenticated(deps), async (c) => {
    const auth = c.get('auth');
    await deps.limits.passwordChange.consume(auth.userId);
    const body = await jsonBody(c, changePasswordRequest);
    const user = await findUserById(deps.db, auth.userId);
    if (!user || !(await verifyPassword(user.password_hash, body.currentPassword))) {
      throw badRequest(m.changeWrongCurrent);
    }
    const passwordHash = await hashNewPassword(body.newPassword, personalWords(user));
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()` })
        .where('id', '=', user.id)
        .execute();
      // Every other device signs in again; this one stays signed in.
      await revokeSessions(trx, { userId: user.id, except: auth.sessionId }, 'password changed');
    });
    deps.afterOutboxWrite();
    return c.json({ message: m.changeDone });
  });

  return app;
}
