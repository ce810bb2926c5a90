import { addCommentRequest, commentMessages, commentsQuery, taskIdParam } from '@baton/contracts';
import { type AppEnv, HttpError, jsonBody, pathParams, queryParams, requireAuth } from '@baton/service-kit';
import { Hono } from 'hono';
import { taskFor } from '../../access';
import type { TasksDeps } from '../../context';
import { addComment, listComments } from './comments.service';

/** SPEC §7 Comments: the thread of a delegated task and adding to it, for the people of SPEC §6. */
export function commentRoutes(deps: TasksDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.verifyAccess);

  app.get('/task_comments/:taskId', auth, async (c) => {
    const me = c.get('auth');
    const { taskId } = pathParams(c, taskIdParam);
    const { after } = queryParams(c, commentsQuery);
    await taskFor(deps.db, taskId, me.userId, 'readComments');
    return c.json({ comments: await listComments(deps.db, taskId, after) });
  });

  app.post('/api/add_comment/', auth, async (c) => {
    const me = c.get('auth');
    const body = await jsonBody(c, addCommentRequest);
    if (body.user_email !== me.email.toLowerCase())
      throw new HttpError(403, 'forbidden', commentMessages.notYou);
    return c.json(await addComment(deps, me, body.task_id, body.content), 201);
  });

  return app;
}
