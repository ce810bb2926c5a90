import { identityMessages as m, verifyEmailRequest, verifyResendRequest } from '@baton/contracts';
import { type AppEnv, badRequest, clientAddress, jsonBody, unauthorized } from '@baton/service-kit';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { IdentityDeps } from '../../context';
import { authenticated } from '../../middleware';
import { sha256 } from '../../secrets';
import { findUserById, markVerified, sendVerification } from '../../users';

/** Confirming the address a person signed up with (the link mailed at sign-up), and mailing a new link. */
export function verifyRoutes(deps: IdentityDeps) {
  const app = new Hono<AppEnv>();

  // Public: the link may be opened in a browser where the person is not signed in.
  app.post('/api/auth/verify-email/', async (c) => {
    await deps.limits.verify.consume(clientAddress(c));
    const { token } = await jsonBody(c, verifyEmailRequest);
    const verified = await deps.db.transaction().execute(async (trx) => {
      // Deleting the row is the single use: concurrent clicks of one link have one winner.
      const link = await trx
        .deleteFrom('email_verifications')
        .where('token_hash', '=', sha256(token))
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      return link ? markVerified(trx, link.user_id) : false;
    });
    if (!verified) throw badRequest(m.verifyInvalid);
    deps.afterOutboxWrite();
    return c.json({ message: m.verifyDone });
  });

  app.post('/api/auth/verify-email/resend/', authenticated(deps), async (c) => {
    await jsonBody(c, verifyResendRequest);
    const user = await findUserById(deps.db, c.get('auth').userId);
    if (!user) throw unauthorized();
    if (user.email_verified_at) return c.json({ message: m.verifyAlready });
    await deps.limits.accountMail.consume(user.email);
    await deps.db.transaction().execute((trx) => sendVerification(trx, deps.config, user));
    deps.afterOutboxWrite();
    return c.json({ message: m.verifySent(user.email) });
  });

  return app;
}
