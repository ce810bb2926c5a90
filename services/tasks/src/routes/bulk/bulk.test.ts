import { bulkResponse, findMessages, limits, type Task, taskAnswer } from '@baton/contracts';
import type { SignedUpUser } from '@baton/test-kit';
import { readJson } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { eventually, recordEvents, useTestTasks } from '../../testing';

const env = useTestTasks();
const path = '/api/tasks/bulk/';
const form = { title: 'Mine', dueDate: '2026-12-31', priority: 'Lenient' };

async function personal(who: SignedUpUser, n: number, extra: Record<string, unknown> = {}) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { id } = await readJson(
      env.t.post('/create_list', { ...form, title: `Mine ${i}`, ...extra }, who.access),
    );
    ids.push(id);
  }
  return ids;
}
const bulk = (who: SignedUpUser, task_ids: string[], action: string, value?: unknown) =>
  env.t.post(path, { task_ids, action, value }, who.access);
const taskOf = async (who: SignedUpUser, id: string) =>
  taskAnswer.parse(await readJson(env.t.get(`/api/tasks/${id}/`, who.access))).task;
const tasksOf = (who: SignedUpUser, ids: string[]) => Promise.all(ids.map((id) => taskOf(who, id)));
const folderOf = async (ownerId: string) => {
  const id = crypto.randomUUID();
  await env.t.db
    .insertInto('folders')
    .values({ id, owner_id: ownerId, name: 'Launch', color: null })
    .execute();
  return id;
};
/** A task's row as stored, to tell that a refused change changed nothing at all. */
const rowsOf = (ids: string[]) =>
  env.t.db.selectFrom('tasks').selectAll().where('id', 'in', ids).orderBy('id').execute();

describe('POST /api/tasks/bulk/: each action', () => {
  it('completes and reopens, publishing what /completed/{id} publishes for each task', async () => {
    const { t } = env;
    const ada = await t.person();
    const ids = await personal(ada, 3);
    const events = await recordEvents(t, ['tasks.task.completed', 'tasks.task.reopened']);
    const done = await bulk(ada, ids, 'complete', true);
    expect(done.status).toBe(200);
    const answer = bulkResponse.parse(await readJson(done));
    expect(answer.deleted).toEqual([]);
    expect(answer.tasks.map((x) => [x.id, x.completed])).toEqual(ids.map((id) => [id, true]));
    expect((await tasksOf(ada, ids)).every((x) => x.completed && x.completedAt)).toBe(true);
    await eventually(async () => events.length === 3);
    expect(events.map((e) => [e.type, e.actorId, e.audience])).toEqual(
      ids.map(() => ['tasks.task.completed', ada.id, [ada.id]]),
    );

    expect((await bulk(ada, ids, 'complete', false)).status).toBe(200);
    expect((await tasksOf(ada, ids)).some((x) => x.completed || x.completedAt)).toBe(false);
    await eventually(async () => events.length === 6);
    expect(events.slice(3).every((e) => e.type === 'tasks.task.reopened')).toBe(true);
  });

  it('sets the priority, the due date and the folder, with a tasks.task.updated each', async () => {
    const { t } = env;
    const ada = await t.person();
    const ids = await personal(ada, 2);
    const folderId = await folderOf(ada.id);
    const events = await recordEvents(t, ['tasks.task.updated']);

    expect((await bulk(ada, ids, 'priority', 'Immediate')).status).toBe(200);
    expect((await tasksOf(ada, ids)).map((x) => x.priority)).toEqual(['Immediate', 'Immediate']);
    expect((await bulk(ada, ids, 'due_date', '2027-01-15')).status).toBe(200);
    expect((await tasksOf(ada, ids)).map((x) => x.dueDate)).toEqual(['2027-01-15', '2027-01-15']);
    const filed = bulkResponse.parse(await readJson(bulk(ada, ids, 'folder', folderId)));
    expect(filed.tasks.map((x) => x.folder?.id)).toEqual([folderId, folderId]);
    // The folders service files by the event's task (folders' consumer of tasks.task.updated).
    await eventually(async () => events.length === 6);
    expect(events.slice(4).map((e) => (e.data as { task: Task }).task.folder?.id)).toEqual([
      folderId,
      folderId,
    ]);

    expect((await bulk(ada, ids, 'folder', null)).status).toBe(200);
    expect((await tasksOf(ada, ids)).map((x) => x.folder)).toEqual([null, null]);
    await eventually(async () => events.length === 8);
  });

  it('deletes, with a tasks.task.deleted each, and none of the other tasks', async () => {
    const { t } = env;
    const ada = await t.person();
    const [keep, ...ids] = await personal(ada, 3);
    const events = await recordEvents(t, ['tasks.task.deleted', 'tasks.attachment.detached']);
    const gone = bulkResponse.parse(await readJson(bulk(ada, ids, 'delete')));
    expect(gone).toMatchObject({ tasks: [], deleted: ids });
    for (const id of ids) expect((await t.get(`/api/tasks/${id}/`, ada.access)).status).toBe(404);
    expect((await taskOf(ada, keep as string)).id).toBe(keep);
    await eventually(async () => events.length === 2);
    expect(events.map((e) => (e.data as { taskId: string }).taskId)).toEqual(ids);
    expect(events.every((e) => e.type === 'tasks.task.deleted')).toBe(true);
  });

  it('refuses a folder that is not the owner’s (404), as filing one task does', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const ids = await personal(ada, 2);
    const res = await bulk(ada, ids, 'folder', await folderOf(bob.id));
    expect(res.status).toBe(404);
    expect((await tasksOf(ada, ids)).map((x) => x.folder)).toEqual([null, null]);
  });
});

describe('POST /api/tasks/bulk/: all or nothing', () => {
  it("changes none of mine when one task is a stranger's or missing (404 bulkNotFound)", async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const mine = await personal(ada, 3);
    const [theirs] = await personal(bob, 1);
    const all = [...mine, theirs as string];
    const before = await rowsOf(all);
    for (const action of [
      ['complete', true],
      ['priority', 'Immediate'],
      ['due_date', '2027-02-01'],
      ['folder', null],
      ['delete', null],
    ] as const) {
      const res = await bulk(
        ada,
        [mine[0] as string, theirs as string, ...mine.slice(1)],
        action[0],
        action[1],
      );
      expect(res.status, action[0]).toBe(404);
      expect((await readJson(res)).error).toBe(findMessages.bulkNotFound);
    }
    const missing = await bulk(ada, [...mine, crypto.randomUUID()], 'priority', 'Immediate');
    expect(missing.status).toBe(404);
    expect(await rowsOf(all)).toEqual(before);
    expect(
      await t.db.selectFrom('bulk_changes').select('id').where('user_id', '=', ada.id).execute(),
    ).toEqual([]);
  });
});

describe('POST /api/tasks/bulk/: as the task’s own route', () => {
  it('moves a repeating task’s series with its first due date, as an edit does', async () => {
    const { t } = env;
    const ada = await t.person();
    const repeating = await personal(ada, 1, { dueDate: '2026-12-07', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    expect((await bulk(ada, repeating, 'due_date', '2026-12-14')).status).toBe(200);
    expect((await rowsOf(repeating)).map((row) => [row.due_date, row.series_start])).toEqual([
      ['2026-12-14', '2026-12-14'],
    ]);
  });

  it('makes a repeating task’s next occurrence when it completes it, once', async () => {
    const { t } = env;
    const ada = await t.person();
    const repeating = await personal(ada, 1, { dueDate: '2026-12-07', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    expect((await bulk(ada, repeating, 'complete', true)).status).toBe(200);
    const series = await t.db
      .selectFrom('tasks')
      .select(['due_date', 'completed'])
      .where('owner_id', '=', ada.id)
      .orderBy('due_date')
      .execute();
    expect(series).toEqual([
      { due_date: '2026-12-07', completed: true },
      { due_date: '2026-12-14', completed: false },
    ]);
  });
});

describe('POST /api/tasks/bulk/: SPEC §6 for each action', () => {
  it('lets the owner edit and delete a delegated task, and its accepted recipient complete it', async () => {
    const { t } = env;
    const [ada, bob, cy] = [await t.person(), await t.person(), await t.person()];
    const assigned = await t.delegated(ada, bob, { role: 'assign' });
    const invited = await t.delegated(ada, bob, { role: 'invite' });
    const pending = await t.delegated(ada, cy, { role: 'assign', accepted: false });
    const [own] = await personal(ada, 1);
    const ids = [assigned, invited];
    const status = async (who: SignedUpUser, taskIds: string[], action: string, value?: unknown) => {
      const res = await bulk(who, taskIds, action, value);
      if (res.status === 403) expect((await readJson(res)).error).toBe(findMessages.bulkForbidden);
      return res.status;
    };

    // The owner: priority and due date, not complete; filing is for personal tasks only.
    expect(await status(ada, ids, 'priority', 'Immediate')).toBe(200);
    expect(await status(ada, ids, 'due_date', '2027-03-01')).toBe(200);
    expect(await status(ada, ids, 'complete', true)).toBe(403);
    expect(await status(ada, [own as string, assigned], 'folder', await folderOf(ada.id))).toBe(403);
    // The recipient: complete, nothing else.
    expect(await status(bob, ids, 'complete', true)).toBe(200);
    expect((await tasksOf(ada, ids)).map((x) => x.completed)).toEqual([true, true]);
    expect(await status(bob, ids, 'priority', 'Lenient')).toBe(403);
    expect(await status(bob, ids, 'due_date', '2027-04-01')).toBe(403);
    expect(await status(bob, ids, 'folder', null)).toBe(403);
    expect(await status(bob, ids, 'delete')).toBe(403);
    expect((await tasksOf(ada, ids)).map((x) => x.priority)).toEqual(['Immediate', 'Immediate']);
    // Not accepted yet: the recipient may only look.
    expect(await status(cy, [pending], 'complete', true)).toBe(403);
    // A recipient's task among the recipient's own: one forbidden refuses all.
    const [bobs] = await personal(bob, 1);
    expect(await status(bob, [bobs as string, assigned], 'priority', 'Immediate')).toBe(403);
    expect((await taskOf(bob, bobs as string)).priority).toBe('Lenient');
    // A stranger learns nothing: 404, as for a missing task.
    expect(await status(cy, [assigned], 'complete', false)).toBe(404);

    expect(await status(ada, ids, 'delete')).toBe(200);
    expect((await t.get(`/api/tasks/${assigned}/`, bob.access)).status).toBe(404);
  });
});

describe('POST /api/tasks/bulk/: bad requests', () => {
  it('refuses duplicates, too many, none, unknown actions and values that do not fit the action', async () => {
    const { t } = env;
    const ada = await t.person();
    const [id] = (await personal(ada, 1)) as [string];
    const refused = async (body: unknown, message: string) => {
      const res = await t.post(path, body, ada.access);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(await readJson(res))).toContain(message);
    };
    await refused({ task_ids: [id, id], action: 'priority', value: 'Immediate' }, findMessages.bulkDuplicate);
    const many = Array.from({ length: limits.bulkMax + 1 }, () => crypto.randomUUID());
    await refused({ task_ids: many, action: 'delete' }, findMessages.bulkTooMany);
    await refused({ task_ids: [], action: 'delete' }, findMessages.bulkEmpty);
    await refused({ task_ids: [id], action: 'archive', value: true }, findMessages.bulkBadAction);
    await refused({ task_ids: [id], action: 'complete', value: 'yes' }, findMessages.bulkBadValue);
    await refused({ task_ids: [id], action: 'priority', value: 'Urgent' }, findMessages.bulkBadValue);
    await refused({ task_ids: [id], action: 'due_date', value: 'tomorrow' }, '"path":"value"');
    await refused({ task_ids: [id], action: 'folder', value: 'not-a-folder' }, '"path":"value"');
    await refused({ task_ids: ['not-an-id'], action: 'delete' }, 'task_ids');
    // Just under the limit passes validation (then meets the missing tasks).
    expect((await t.post(path, { task_ids: many.slice(1), action: 'delete' }, ada.access)).status).toBe(404);
    expect((await t.post(path, { task_ids: [id], action: 'delete' })).status).toBe(401);
    expect((await taskOf(ada, id)).id).toBe(id);
  });
});
