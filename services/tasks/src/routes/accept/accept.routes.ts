import { acceptTaskRequest, activateParams, priorities } from '@baton/contracts';
import {
  type AppEnv,
  conflict,
  enqueueEvent,
  HttpError,
  jsonBody,
  notFound,
  pathParams,
  requireAuth,
} from '@baton/service-kit';
import { Hono } from 'hono';
import { decodeUid, hashToken } from '../../accept-tokens';
import type { TasksDeps } from '../../context';
import { actingAs } from '../../erasure';
import { audienceOf, selectTaskViews } from '../../views';

export const acceptMessages = {
  otherAccount: 'This link is for another account.',
  notYours: 'You can only accept tasks for your own account.',
  accepted: 'Task accepted.',
  acceptedTrusted: 'Task accepted. The sender is now one of your trusted users.',
  trustFailed: 'Task accepted, but the sender could not be added to your trusted users.',
  already: 'This task was already accepted.',
} as const;

/** Accept links (SPEC §2 Accept-task page, §4, §7 Accepting). */
export function acceptRoutes(deps: TasksDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.verifyAccess);

  app.get('/activate/:uidb64/:token/:taskId/:action', auth, async (c) => {
    const me = c.get('auth');
    const params = pathParams(c, activateParams);
    const answer = (status: 'accepted' | 'expired' | 'invalid') => c.json({ status });
    const grant = await deps.db
      .selectFrom('accept_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(params.token))
      .executeTakeFirst();
    if (!grant || grant.task_id !== params.taskId) return answer('invalid');
    const row = await selectTaskViews(deps.db).where('t.id', '=', params.taskId).executeTakeFirst();
    const role = params.action === 'assign_accept' ? 'assign' : 'invite';
    if (!row || row.kind !== role || row.recipient_email !== grant.email || !row.recipient_id)
      return answer('invalid');
    if (decodeUid(params.uidb64) !== row.recipient_id) return answer('invalid');
    // The right link, opened by someone else: the page offers to sign out and continue as the recipient.
    if (row.recipient_id !== me.userId) throw new HttpError(403, 'forbidden', acceptMessages.otherAccount);
    if (grant.used_at || row.accepted_at) return answer('accepted');
    if (grant.expires_at <= new Date()) return answer('expired');
    return c.json({
      status: 'valid' as const,
      task: {
        title: row.title,
        description: row.description,
        owner: row.owner_email,
        deadline: row.due_date,
        priority: priorities.indexOf(row.priority),
      },
    });
  });

  app.post('/accept_task', auth, async (c) => {
    const me = c.get('auth');
    const body = await jsonBody(c, acceptTaskRequest);
    if (body.user_email.toLowerCase() !== me.email.toLowerCase())
      throw new HttpError(403, 'forbidden', acceptMessages.notYours);
    const row = await selectTaskViews(deps.db).where('t.id', '=', body.task_id).executeTakeFirst();
    if (!row || row.recipient_id !== me.userId || row.kind !== body.role) throw notFound('Task not found.');
    // One accept per recipient, however many arrive at once: the update only matches while pending.
    const accepted = await deps.db.transaction().execute(async (trx) => {
      await actingAs(trx, me.userId);
      const updated = await trx
        .updateTable('task_recipients')
        .set({ accepted_at: new Date() })
        .where('task_id', '=', row.id)
        .where('user_id', '=', me.userId)
        .where('accepted_at', 'is', null)
        .returning('task_id')
        .executeTakeFirst();
      if (!updated) return false;
      await trx
        .updateTable('accept_tokens')
        .set({ used_at: new Date() })
        .where('task_id', '=', row.id)
        .where('used_at', 'is', null)
        .execute();
      await enqueueEvent(trx, 'tasks.task.accepted', {
        actorId: me.userId,
        audience: audienceOf(row),
        data: { taskId: row.id, title: row.title, userId: me.userId, role: body.role },
      });
      return true;
    });
    if (!accepted) throw conflict(acceptMessages.already);
    deps.afterOutboxWrite();
    if (!body.trusted) return c.json({ message: acceptMessages.accepted });
    // Trust lives in identity: ask it on the person's behalf, with their own token.
    const trust = await deps
      .identity('/api/settings/trusted-users/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: c.req.header('authorization') ?? '' },
        body: JSON.stringify({ trusted_email: row.owner_email }),
      })
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'adding a trusted user through identity failed');
        return null;
      });
    // 409: the sender was trusted already, which is what the person asked for.
    const trustedNow = trust !== null && (trust.ok || trust.status === 409);
    return c.json({ message: trustedNow ? acceptMessages.acceptedTrusted : acceptMessages.trustFailed });
  });

  return app;
}
