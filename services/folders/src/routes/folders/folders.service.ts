import { randomUUID } from 'node:crypto';
import {
  type createFolderRequest,
  folderMessages,
  folderPalette,
  type updateFolderRequest,
} from '@baton/contracts';
import { limits } from '@baton/contracts/constants';
import { type AuthContext, badRequest, type ClaimedFile, enqueueEvent, notFound } from '@baton/service-kit';
import type { z } from 'zod';
import type { FoldersDeps, FoldersTrx } from '../../context';
import {
  deleteFolderRow,
  type FolderRow,
  fileTasks,
  folderView,
  insertFolderRow,
  knownTaskIds,
  ownFolder,
  rememberTasks,
  updateFolderRow,
} from './folders.repository';

type Create = z.output<typeof createFolderRequest>;
type Update = z.output<typeof updateFolderRequest>;

const palette = new Map(Object.values(folderPalette).map((hex) => [hex.toUpperCase(), hex]));

/** A palette colour as the palette writes it, null for "no colour"; anything else is a 400. */
function paletteColor(color: string | null) {
  if (color === null) return null;
  const hex = palette.get(color.toUpperCase());
  if (!hex) throw badRequest(folderMessages.palette);
  return hex;
}

/** SPEC §5: the label defaults to the file's name without its extension. */
const labelOf = (label: string | null | undefined, file: ClaimedFile) =>
  label ||
  file.name.replace(/\.[^.]+$/, '').slice(0, limits.baseFileLabel) ||
  file.name.slice(0, limits.baseFileLabel);

/** The folder if `ownerId` owns it; anyone else gets the 404 of a missing id. */
export async function folderFor(deps: FoldersDeps, id: string, ownerId: string) {
  const row = await ownFolder(deps.db, id, ownerId);
  if (!row) throw notFound(folderMessages.notFound);
  return row;
}

async function announce(trx: FoldersTrx, me: AuthContext, id: string, kind: 'created' | 'updated') {
  const folder = await folderView(trx, id);
  await enqueueEvent(trx, kind === 'created' ? 'folders.folder.created' : 'folders.folder.updated', {
    actorId: me.userId,
    audience: [me.userId],
    data: { folder },
  });
  return folder;
}

/** The base file a folder let go of (replaced, removed, or the folder deleted): files deletes it. */
async function detach(trx: FoldersTrx, me: AuthContext, folderId: string, key: string | null) {
  if (!key) return;
  await enqueueEvent(trx, 'folders.basefile.detached', {
    actorId: me.userId,
    audience: [],
    data: { folderId, key },
  });
}

export async function createFolder(deps: FoldersDeps, me: AuthContext, body: Create) {
  const id = randomUUID();
  const color = paletteColor(body.color);
  const field = { key: body.baseFileKey, url: body.baseFileUrl };
  return deps.files.withChange(me, { kind: 'folder', id }, null, field, (file) =>
    insertFolder(deps, me, body, id, color, file),
  );
}

function insertFolder(
  deps: FoldersDeps,
  me: AuthContext,
  body: Create,
  id: string,
  color: string | null,
  file: ClaimedFile | null | undefined,
) {
  return deps.write(async (trx) => {
    await insertFolderRow(trx, {
      id,
      owner_id: me.userId,
      name: body.name,
      color,
      base_file_key: file?.key ?? null,
      base_file_url: file?.url ?? null,
      base_file_label: file ? labelOf(body.baseFileLabel, file) : null,
      sort_order: body.sort_order,
      is_archived: body.is_archived,
    });
    return announce(trx, me, id, 'created');
  });
}

export async function updateFolder(deps: FoldersDeps, me: AuthContext, row: FolderRow, body: Update) {
  const ref = { kind: 'folder', id: row.id } as const;
  const field = { key: body.baseFileKey, url: body.baseFileUrl };
  return deps.files.withChange(me, ref, row.base_file_key, field, (file) =>
    changeFolder(deps, me, row, body, file),
  );
}

function changeFolder(
  deps: FoldersDeps,
  me: AuthContext,
  row: FolderRow,
  body: Update,
  file: ClaimedFile | null | undefined,
) {
  const changes = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.color !== undefined ? { color: paletteColor(body.color) } : {}),
    ...(body.sort_order !== undefined ? { sort_order: body.sort_order } : {}),
    ...(body.is_archived !== undefined ? { is_archived: body.is_archived } : {}),
    ...(body.baseFileLabel !== undefined && row.base_file_key ? { base_file_label: body.baseFileLabel } : {}),
    ...(file === null ? { base_file_key: null, base_file_url: null, base_file_label: null } : {}),
    ...(file
      ? {
          base_file_key: file.key,
          base_file_url: file.url,
          base_file_label: labelOf(body.baseFileLabel, file),
        }
      : {}),
  };
  return deps.write(async (trx) => {
    await updateFolderRow(trx, row.id, changes);
    if (file !== undefined) await detach(trx, me, row.id, row.base_file_key);
    return announce(trx, me, row.id, 'updated');
  });
}

/** Deletes the folder; its tasks stay, unfiled (tasks hears `folders.folder.deleted`), its base file goes. */
export async function deleteFolder(deps: FoldersDeps, me: AuthContext, row: FolderRow) {
  await deps.write(async (trx) => {
    await deleteFolderRow(trx, row.id);
    await enqueueEvent(trx, 'folders.folder.deleted', {
      actorId: me.userId,
      audience: [me.userId],
      data: { folderId: row.id },
    });
    await detach(trx, me, row.id, row.base_file_key);
  });
}

/**
 * The caller's personal tasks among `ids` that tasks has committed but whose events have not reached this
 * service yet (a task filed the moment it was made): asked of tasks, and kept here as their events would.
 * Their events, older than the filing, then leave the folder as filed (`consumers/tasks.consumer.ts`).
 */
async function learnNewTasks(deps: FoldersDeps, me: AuthContext, ids: string[]) {
  const known = new Set(await knownTaskIds(deps.db, ids));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const fresh = await deps.tasks.ownPersonal(me, unknown);
  if (fresh.length > 0) await rememberTasks(deps.db, me.userId, fresh);
}

/** Files the caller's own personal tasks in the folder; any other id refuses the whole call. */
export async function attachTasks(deps: FoldersDeps, me: AuthContext, row: FolderRow, taskIds: string[]) {
  const ids = [...new Set(taskIds.map((id) => id.toLowerCase()))];
  await learnNewTasks(deps, me, ids);
  return deps.write(async (trx) => {
    const filed = await fileTasks(trx, row.id, me.userId, ids);
    // Rolls the transaction back: nothing is filed unless everything may be.
    if (filed.length !== ids.length) throw badRequest(folderMessages.notYourTasks);
    await enqueueEvent(trx, 'folders.tasks.attached', {
      actorId: me.userId,
      audience: [me.userId],
      data: { folderId: row.id, taskIds: ids },
    });
    return folderView(trx, row.id);
  });
}
