import {
  addTrustedUserRequest,
  createTrustedUserRequest,
  idParam,
  identityMessages as m,
} from '@baton/contracts';
import {
  type AppEnv,
  badRequest,
  conflict,
  enqueueEvent,
  enqueueMail,
  HttpError,
  jsonBody,
  notFound,
  pathParams,
} from '@baton/service-kit';
import { Hono } from 'hono';
import type { IdentityDeps } from '../../context';
import { trustInvitationMail } from '../../mails';
import { authenticated } from '../../middleware';
import { findUserById, findVerifiedUserByEmail } from '../../users';
import {
  deleteTrusted,
  getTrusted,
  insertTrusted,
  listTrusted,
  recordInvitation,
} from './trusted.repository';

/** The signed-in person's trusted senders (SPEC §2 Settings, §7 Trusted users). */
export function trustedRoutes(deps: IdentityDeps) {
  const app = new Hono<AppEnv>();
  app.use('/api/settings/trusted-users/', authenticated(deps));
  app.use('/trusted-users/*', authenticated(deps));

  /**
   * Trusts an account of a confirmed address, or invites any other e-mail to join (trust applies once that
   * address is confirmed: an unconfirmed account may belong to someone who merely typed it).
   */
  async function addTrusted(ownerId: string, email: string, requestId: string) {
    const owner = await findUserById(deps.db, ownerId);
    if (!owner) throw new HttpError(401, 'unauthorized', 'Token is invalid or expired');
    if (email === owner.email) throw badRequest(m.trustedSelf);
    const target = await findVerifiedUserByEmail(deps.db, email);
    if (!target) {
      const sent = await deps.db.transaction().execute(async (trx) => {
        const fresh = await recordInvitation(trx, owner.id, email);
        if (fresh) {
          await deps.mailCaps.consume(trx, email, owner.id);
          const link = new URL('/signup', deps.config.PUBLIC_URL).toString();
          await enqueueMail(trx, trustInvitationMail(email, owner, link));
        }
        return fresh;
      });
      if (sent) deps.afterOutboxWrite();
      return {
        status: 200 as const,
        body: { invitation_sent: true as const, message: m.trustedInvited, email },
      };
    }
    const id = await deps.db.transaction().execute(async (trx) => {
      const inserted = await insertTrusted(trx, owner.id, target.id);
      if (inserted) {
        await enqueueEvent(trx, 'identity.trust.added', {
          actorId: owner.id,
          audience: [owner.id],
          data: { ownerId: owner.id, trustedUserId: target.id, trustedEmail: target.email },
          requestId,
        });
      }
      return inserted;
    });
    if (!id) throw conflict(m.trustedExists);
    deps.afterOutboxWrite();
    const entry = await getTrusted(deps.db, id);
    if (!entry) throw notFound(m.trustedNotFound);
    return {
      status: 201 as const,
      body: { ...entry, invitation_sent: false as const, message: `${target.email} added as trusted.` },
    };
  }

  app.get('/api/settings/trusted-users/', async (c) =>
    c.json(await listTrusted(deps.db, c.get('auth').userId)),
  );

  app.post('/api/settings/trusted-users/', async (c) => {
    const body = await jsonBody(c, addTrustedUserRequest);
    const result = await addTrusted(c.get('auth').userId, body.trusted_email, c.get('requestId'));
    return c.json(result.body, result.status);
  });

  app.post('/trusted-users/', async (c) => {
    const body = await jsonBody(c, createTrustedUserRequest);
    const result = await addTrusted(c.get('auth').userId, body.email, c.get('requestId'));
    return c.json(result.body, result.status);
  });

  app.delete('/trusted-users/:id/', async (c) => {
    const { id } = pathParams(c, idParam);
    const ownerId = c.get('auth').userId;
    const removed = await deps.db.transaction().execute(async (trx) => {
      const row = await deleteTrusted(trx, ownerId, id);
      if (row) {
        await enqueueEvent(trx, 'identity.trust.removed', {
          actorId: ownerId,
          audience: [ownerId],
          data: { ownerId, trustedUserId: row.trusted_id },
          requestId: c.get('requestId'),
        });
      }
      return row;
    });
    // Someone else's entry looks exactly like a missing one.
    if (!removed) throw notFound(m.trustedNotFound);
    deps.afterOutboxWrite();
    return c.json({ message: m.trustedRemoved });
  });

  return app;
}
