import {
  type BulkAction,
  type BulkRequest,
  type BulkResponse,
  type BulkUndoResponse,
  limits,
  findMessages as m,
} from '@baton/contracts';
import { type AuthContext, conflict, enqueueEvent, HttpError, notFound } from '@baton/service-kit';
import type { Updateable } from 'kysely';
import { type Action, actingAs, may, type Relation, relationOf } from '../../access';
import type { TasksDeps, TasksTrx } from '../../context';
import type { TasksTable } from '../../db/schema';
import { endCommentSockets } from '../comments/comments.service';
import { seriesColumns } from '../tasks/recurrence';
import { makeNextOccurrence } from '../tasks/recurrence.service';
import {
  audienceOf,
  deleteTaskRow,
  type TaskViewRow,
  taskViewIn,
  taskViews,
  toTask,
  updateTaskRow,
} from '../tasks/tasks.repository';
import { assertOwnFolder } from '../tasks/tasks.service';
import {
  changedSince,
  forgetGone,
  lockChange,
  lockTasks,
  markUndone,
  recordAfter,
  recordChange,
  restoreDeleted,
  restoreTaskColumns,
} from './bulk.repository';

/** What SPEC §6 asks of a person for each action: what the task's own route checks. */
const needs: Record<BulkAction, Action> = {
  complete: 'complete',
  priority: 'edit',
  due_date: 'edit',
  // Only personal tasks are filed (`/create_list` and folders' attach-tasks alike): checked below.
  folder: 'edit',
  delete: 'delete',
};

/**
 * The tasks, locked, in the order asked, if `userId` may do `action` on every one: 404 when one is missing
 * or not theirs to see (a stranger does not learn which), else 403 when they may not do it to one.
 */
async function permittedTasks(trx: TasksTrx, userId: string, { action, task_ids }: BulkRequest) {
  await lockTasks(trx, task_ids);
  const rows = new Map((await taskViews(trx, task_ids)).map((row) => [row.id, row]));
  const relations = task_ids.map((id) => {
    const row = rows.get(id);
    const relation: Relation = row ? relationOf(row, userId) : 'stranger';
    return { row, relation };
  });
  if (relations.some(({ relation }) => relation === 'stranger'))
    throw new HttpError(404, 'not_found', m.bulkNotFound);
  const refused = ({ row, relation }: (typeof relations)[number]) =>
    !row || !may(row.kind, relation, needs[action]) || (action === 'folder' && row.kind !== 'personal');
  if (relations.some(refused)) throw new HttpError(403, 'forbidden', m.bulkForbidden);
  return relations.flatMap(({ row }) => row ?? []);
}

/** The columns a field action sets on `row`, as the task's own route sets them. */
function changesOf(
  body: Exclude<BulkRequest, { action: 'delete' }>,
  row: TaskViewRow,
): Updateable<TasksTable> {
  switch (body.action) {
    case 'complete':
      return { completed: body.value, completed_at: body.value ? new Date() : null };
    case 'priority':
      return { priority: body.value };
    case 'due_date':
      // As an edit does: moving a series' first occurrence moves its start (400 when the rule then fails).
      return { due_date: body.value, ...seriesColumns(undefined, body.value, row) };
    case 'folder':
      return { folder_id: body.value };
  }
}

/** The event a task's own route publishes for this change. */
const eventOf = (action: BulkAction, view: TaskViewRow) =>
  action === 'complete'
    ? view.completed
      ? 'tasks.task.completed'
      : 'tasks.task.reopened'
    : 'tasks.task.updated';

async function publishTask(trx: TasksTrx, actorId: string, action: BulkAction, id: string) {
  const view = await taskViewIn(trx, id);
  const subject = action === 'delete' ? 'tasks.task.created' : eventOf(action, view);
  await enqueueEvent(trx, subject, {
    actorId,
    audience: audienceOf(view),
    data: { task: toTask(view, view.owner_id) },
  });
  return view;
}

/** The task's own delete, less the file: files lets go of it once the change can no longer be undone. */
async function deleteOne(trx: TasksTrx, actorId: string, row: TaskViewRow) {
  await deleteTaskRow(trx, row.id);
  await endCommentSockets(trx, row.id, audienceOf(row));
  await enqueueEvent(trx, 'tasks.task.deleted', {
    actorId,
    audience: audienceOf(row),
    data: { taskId: row.id, title: row.title },
  });
}

/**
 * POST /api/tasks/bulk/: one action on many tasks in one transaction, each task checked and changed as its
 * own route would (the same columns, the same events through the outbox), all or nothing. The change is
 * kept to be undone for limits.bulkUndoSeconds.
 */
export async function bulkChange(deps: TasksDeps, me: AuthContext, body: BulkRequest): Promise<BulkResponse> {
  const actorId = me.userId;
  return deps.write(async (trx) => {
    await actingAs(trx, actorId);
    const rows = await permittedTasks(trx, actorId, body);
    if (body.action === 'folder') await assertOwnFolder(trx, body.value, actorId);
    const changeId = await recordChange(trx, actorId, body.action, body.task_ids);
    if (body.action === 'delete') {
      for (const row of rows) await deleteOne(trx, actorId, row);
      return { change_id: changeId, tasks: [], deleted: rows.map((row) => row.id) };
    }
    const tasks = [];
    const made: string[] = [];
    for (const row of rows) {
      await updateTaskRow(trx, row.id, changesOf(body, row));
      tasks.push(toTask(await publishTask(trx, actorId, body.action, row.id), actorId));
      // A repeating task's next occurrence, as completing it alone makes it; an undo takes it away again.
      const next =
        body.action === 'complete' && body.value ? await makeNextOccurrence(trx, actorId, row.id) : null;
      if (next) made.push(next);
    }
    await recordAfter(trx, changeId, [...body.task_ids, ...made]);
    return { change_id: changeId, tasks, deleted: [] };
  });
}

/**
 * POST /api/tasks/bulk/undo/: puts every task of the person's change back as it was, as one change (the
 * events again), once, within limits.bulkUndoSeconds. Someone else's or an unknown change: 404; expired or
 * undone already: 409; a task changed since by anyone: 409, and nothing is undone.
 */
export async function undoBulkChange(
  deps: TasksDeps,
  me: AuthContext,
  changeId: string,
): Promise<BulkUndoResponse> {
  const actorId = me.userId;
  return deps.write(async (trx) => {
    await actingAs(trx, actorId);
    const change = await lockChange(trx, changeId, actorId, limits.bulkUndoSeconds);
    if (!change) throw notFound(m.undoExpired);
    if (!change.open) throw conflict(m.undoExpired);
    const { action, before_ids: restored, after_ids: left } = change;
    await lockTasks(trx, [...restored, ...left]);
    if (await changedSince(trx, changeId)) throw conflict(m.undoConflict);
    // The next occurrences completing made go again.
    for (const id of left.filter((id) => !restored.includes(id)))
      await deleteOne(trx, actorId, await taskViewIn(trx, id));
    if (action === 'delete') await restoreDeleted(trx, changeId);
    else await restoreTaskColumns(trx, changeId);
    await forgetGone(trx, restored);
    const tasks = [];
    for (const id of restored) tasks.push(toTask(await publishTask(trx, actorId, action, id), actorId));
    await markUndone(trx, changeId);
    return { tasks };
  });
}
