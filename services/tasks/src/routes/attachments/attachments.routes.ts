import { taskIdParam } from '@baton/contracts';
import { fileMessages } from '@baton/contracts/constants';
import { type AppEnv, notFound, pathParams, requireAuth } from '@baton/service-kit';
import { Hono } from 'hono';
import { taskFor } from '../../access';
import type { TasksDeps } from '../../context';

/**
 * GET /api/preview/{taskId}/ and GET /api/download/presign/{taskId}/ (SPEC §7 Files): whoever may see the
 * task (owner, recipient, pending recipient) gets a short-lived URL of its file; anyone else the same 404
 * as for the task itself.
 */
export function attachmentRoutes(deps: TasksDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.verifyAccess);

  const fileOf = async (taskId: string, userId: string) => {
    const { row } = await taskFor(deps.db, taskId, userId, 'view');
    if (!row.attachment_key) throw notFound(fileMessages.noAttachment);
    return row.attachment_key;
  };

  app.get('/api/preview/:taskId/', auth, async (c) => {
    const me = c.get('auth');
    const { taskId } = pathParams(c, taskIdParam);
    const key = await fileOf(taskId, me.userId);
    return c.json(await deps.files.grant(me, { kind: 'task', id: taskId }, key, 'inline'));
  });

  app.get('/api/download/presign/:taskId/', auth, async (c) => {
    const me = c.get('auth');
    const { taskId } = pathParams(c, taskIdParam);
    const key = await fileOf(taskId, me.userId);
    const { url } = await deps.files.grant(me, { kind: 'task', id: taskId }, key, 'attachment');
    return c.json({ url });
  });

  return app;
}
