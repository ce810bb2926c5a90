import { routes } from '@baton/contracts';
import { fileMessages } from '@baton/contracts/constants';
import { contractRoutes, notFound, requireAuth } from '@baton/service-kit';
import type { FoldersDeps } from '../../context';
import { foldersOf, toFolder } from './folders.repository';
import { attachTasks, createFolder, deleteFolder, folderFor, updateFolder } from './folders.service';

/** SPEC §7 Folders: each person's own folders; anyone else's answer like a missing id. */
export function folderRoutes(deps: FoldersDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.listFolders, async ({ query, auth }) => ({
    folders: (await foldersOf(deps.db, auth.userId, query.archived === '1')).map(toFolder),
  }));

  mount(routes.createFolder, ({ body, auth }) => createFolder(deps, auth, body));

  mount(routes.updateFolder, async ({ params, body, auth }) =>
    updateFolder(deps, auth, await folderFor(deps, params.id, auth.userId), body),
  );

  mount(routes.deleteFolder, async ({ params, auth }, c) => {
    await deleteFolder(deps, auth, await folderFor(deps, params.id, auth.userId));
    return c.body(null, 204);
  });

  mount(routes.attachTasks, async ({ params, body, auth }) => {
    const row = await folderFor(deps, params.id, auth.userId);
    return { folder: await attachTasks(deps, auth, row, body.task_ids) };
  });

  /** The base file's URL, shown inline (preview) or downloaded. */
  const baseFile = async (
    me: Parameters<typeof attachTasks>[1],
    folderId: string,
    disposition: 'inline' | 'attachment',
  ) => {
    const row = await folderFor(deps, folderId, me.userId);
    if (!row.base_file_key) throw notFound(fileMessages.noBaseFile);
    return deps.files.grant(me, { kind: 'folder', id: row.id }, row.base_file_key, disposition);
  };
  mount(routes.previewBaseFile, ({ params, auth }) => baseFile(auth, params.folderId, 'inline'));
  mount(routes.downloadBaseFile, async ({ params, auth }) => ({
    url: (await baseFile(auth, params.folderId, 'attachment')).url,
  }));

  return app;
}
