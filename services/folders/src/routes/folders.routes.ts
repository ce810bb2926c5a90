import {
  attachTasksRequest,
  createFolderRequest,
  folderIdParam,
  folderListQuery,
  idParam,
  updateFolderRequest,
} from '@baton/contracts';
import { fileMessages } from '@baton/contracts/constants';
import { type AppEnv, jsonBody, notFound, parseOr400, pathParams, requireAuth } from '@baton/service-kit';
import { Hono } from 'hono';
import type { FoldersDeps } from '../context';
import { attachTasks, createFolder, deleteFolder, folderFor, updateFolder } from '../folders.service';
import { selectFolders, toFolder } from '../views';

/** SPEC §7 Folders: each person's own folders; anyone else's answer like a missing id. */
export function folderRoutes(deps: FoldersDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.verifyAccess);

  app.get('/api/folders/', auth, async (c) => {
    const { archived } = parseOr400(folderListQuery, c.req.query());
    const rows = await selectFolders(deps.db)
      .where('f.owner_id', '=', c.get('auth').userId)
      .where('f.is_archived', '=', archived === '1')
      .execute();
    return c.json({ folders: rows.map(toFolder) });
  });

  app.post('/api/folders/', auth, async (c) => {
    const body = await jsonBody(c, createFolderRequest);
    return c.json(await createFolder(deps, c.get('auth'), body), 201);
  });

  app.put('/api/folders/:id/', auth, async (c) => {
    const { id } = pathParams(c, idParam);
    const body = await jsonBody(c, updateFolderRequest);
    const row = await folderFor(deps, id, c.get('auth').userId);
    return c.json(await updateFolder(deps, c.get('auth'), row, body));
  });

  app.delete('/api/folders/:id/', auth, async (c) => {
    const { id } = pathParams(c, idParam);
    await deleteFolder(deps, c.get('auth'), await folderFor(deps, id, c.get('auth').userId));
    return c.body(null, 204);
  });

  app.post('/api/folders/:id/attach-tasks/', auth, async (c) => {
    const { id } = pathParams(c, idParam);
    const body = await jsonBody(c, attachTasksRequest);
    const row = await folderFor(deps, id, c.get('auth').userId);
    return c.json({ folder: await attachTasks(deps, c.get('auth'), row, body.task_ids) });
  });

  for (const [path, disposition] of [
    ['/api/folders/:folderId/preview-basefile/', 'inline'],
    ['/api/folders/:folderId/download-basefile/', 'attachment'],
  ] as const) {
    app.get(path, auth, async (c) => {
      const me = c.get('auth');
      const { folderId } = pathParams(c, folderIdParam);
      const row = await folderFor(deps, folderId, me.userId);
      if (!row.base_file_key) throw notFound(fileMessages.noBaseFile);
      const granted = await deps.files.grant(
        me,
        { kind: 'folder', id: row.id },
        row.base_file_key,
        disposition,
      );
      return c.json(disposition === 'inline' ? granted : { url: granted.url });
    });
  }

  return app;
}
