import { readdir } from 'node:fs/promises';
import {
  bulkResponse,
  bulkUndoResponse,
  commentsResponse,
  findMessages,
  limits,
  progressLogsResponse,
  type Task,
  taskAnswer,
} from '@baton/contracts';
import { samples, uploadFile } from '@baton/files/testing';
import { accountDeletion, readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { eventually, recordEvents, useTestTasks } from '../../testing';
import { sweepBulkChanges } from './bulk.sweep';

const env = useTestTasks();
const form = { title: 'Mine', dueDate: '2026-12-31', priority: 'Lenient' };

async function personal(who: SignedUpUser, n: number, extra: Record<string, unknown> = {}) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push(
      (await readJson(env.t.post('/create_list', { ...form, title: `Mine ${i}`, ...extra }, who.access))).id,
    );
  return ids;
}
const bulk = async (who: SignedUpUser, task_ids: string[], action: string, value?: unknown) => {
  const res = await env.t.post('/api/tasks/bulk/', { task_ids, action, value }, who.access);
  if (res.status !== 200) throw new Error(`bulk ${action} failed: ${res.status}`);
  return bulkResponse.parse(await readJson(res)).change_id;
};
const undo = (who: SignedUpUser, changeId: string) =>
  env.t.post('/api/tasks/bulk/undo/', { change_id: changeId }, who.access);
const taskOf = async (who: SignedUpUser, id: string) =>
  taskAnswer.parse(await readJson(env.t.get(`/api/tasks/${id}/`, who.access))).task;
const tasksOf = (who: SignedUpUser, ids: string[]) => Promise.all(ids.map((id) => taskOf(who, id)));
/** Moves the change back in time, as if `seconds` had passed since it was made. */
const age = (changeId: string, seconds: number) =>
  env.t.db
    .updateTable('bulk_changes')
    .set({ created_at: sql<Date>`created_at - make_interval(secs => ${seconds})` })
    .where('id', '=', changeId)
    .execute();
const refusal = async (res: Response) => ({ status: res.status, error: (await readJson(res)).error });

describe('POST /api/tasks/bulk/undo/', () => {
  it('puts the fields back as one change, with the events of each task, once', async () => {
    const { t } = env;
    const ada = await t.person();
    const ids = await personal(ada, 2);
    const [other] = await personal(ada, 1, { priority: 'Moderate' });
    const before = await tasksOf(ada, ids);
    const events = await recordEvents(t, ['tasks.task.updated']);
    const changeId = await bulk(ada, ids, 'priority', 'Immediate');

    const res = await undo(ada, changeId);
    expect(res.status).toBe(200);
    const { tasks } = bulkUndoResponse.parse(await readJson(res));
    expect(tasks.map((x) => [x.id, x.priority])).toEqual(ids.map((id) => [id, 'Lenient']));
    expect(await tasksOf(ada, ids)).toEqual(before);
    expect((await taskOf(ada, other as string)).priority).toBe('Moderate');
    await eventually(async () => events.length === 4);
    expect(events.map((e) => (e.data as { task: Task }).task.priority)).toEqual([
      'Immediate',
      'Immediate',
      'Lenient',
      'Lenient',
    ]);

    expect(await refusal(await undo(ada, changeId))).toEqual({
      status: 409,
      error: findMessages.undoExpired,
    });
  });

  it('reopens what it completed and takes back the next occurrences completing made', async () => {
    const { t } = env;
    const ada = await t.person();
    const ids = await personal(ada, 1, { dueDate: '2026-12-07', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    const events = await recordEvents(t, ['tasks.task.reopened', 'tasks.task.deleted']);
    const changeId = await bulk(ada, ids, 'complete', true);
    const series = () =>
      t.db.selectFrom('tasks').select(['id', 'completed', 'next_made']).where('owner_id', '=', ada.id);
    const made = (await series().where('id', 'not in', ids).executeTakeFirstOrThrow()).id;

    expect((await undo(ada, changeId)).status).toBe(200);
    expect(await series().execute()).toEqual([{ id: ids[0], completed: false, next_made: false }]);
    await eventually(async () => events.length === 2);
    expect(events.map((e) => [e.type, (e.data as { taskId?: string }).taskId])).toEqual([
      ['tasks.task.deleted', made],
      ['tasks.task.reopened', undefined],
    ]);
  });

  it('files the tasks back where they were', async () => {
    const { t } = env;
    const ada = await t.person();
    const folderId = crypto.randomUUID();
    await t.db
      .insertInto('folders')
      .values({ id: folderId, owner_id: ada.id, name: 'Q1', color: null })
      .execute();
    const ids = [...(await personal(ada, 1, { folder_id: folderId })), ...(await personal(ada, 1))];
    const changeId = await bulk(ada, ids, 'folder', null);
    expect((await undo(ada, changeId)).status).toBe(200);
    expect((await tasksOf(ada, ids)).map((x) => x.folder?.id ?? null)).toEqual([folderId, null]);
  });

  it('brings deleted tasks back whole: comments, progress notes, recipient and attachment, whose file stays', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const file = await uploadFile(t.files.request, ada.access, {
      name: 'plan.pdf',
      type: 'application/pdf',
      bytes: samples.pdf(),
    });
    const shared = await t.delegated(ada, bob, { role: 'invite', form: { attachmentKey: file.key } });
    const comment = (who: SignedUpUser, content: string) =>
      t.post('/api/add_comment/', { task_id: shared, user_email: who.email, content }, who.access);
    expect((await comment(bob, 'On it')).status).toBe(201);
    expect((await comment(ada, 'Thanks')).status).toBe(201);
    expect(
      (await t.post(`/progress/${shared}/`, { progress: 40, message: 'Halfway' }, bob.access)).status,
    ).toBe(200);
    const [own] = await personal(ada, 1);
    const ids = [shared, own as string];
    const thread = async () =>
      commentsResponse.parse(await readJson(t.get(`/task_comments/${shared}`, bob.access)));
    const history = async () =>
      progressLogsResponse.parse(await readJson(t.get(`/progress-logs/${shared}/`, ada.access)));
    const [before, comments, logs] = [await tasksOf(ada, ids), await thread(), await history()];
    const bobsView = await taskOf(bob, shared);
    const onDisk = async () => (await readdir(t.files.dir)).includes(file.key);
    const uploadState = async () =>
      (
        await t.files.files.deps.db
          .selectFrom('uploads')
          .select('state')
          .where('key', '=', file.key)
          .executeTakeFirstOrThrow()
      ).state;

    const events = await recordEvents(t, [
      'tasks.task.created',
      'tasks.task.deleted',
      'tasks.attachment.detached',
    ]);
    const changeId = await bulk(ada, ids, 'delete');
    await eventually(async () => events.length === 2);
    expect((await t.get(`/api/tasks/${shared}/`, bob.access)).status).toBe(404);
    // The file outlives the delete while it may be undone: no detached event went to files.
    expect(await sweepBulkChanges(t.tasks.deps)).toBe(0);
    expect(await onDisk()).toBe(true);

    const res = await undo(ada, changeId);
    expect(res.status).toBe(200);
    expect(
      bulkUndoResponse
        .parse(await readJson(res))
        .tasks.map((x) => x.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(await tasksOf(ada, ids)).toEqual(before);
    expect(await taskOf(bob, shared)).toEqual(bobsView);
    expect(await thread()).toEqual(comments);
    expect(await history()).toEqual(logs);
    await eventually(async () => events.length === 4);
    expect(events.map((e) => e.type)).toEqual([
      'tasks.task.deleted',
      'tasks.task.deleted',
      'tasks.task.created',
      'tasks.task.created',
    ]);
    expect(events[2]?.audience.sort()).toEqual([ada.id, bob.id].sort());
    expect(await onDisk()).toBe(true);
    expect(await uploadState()).toBe('attached');

    // Deleted again and never undone: once the window closed, the sweep tells files to let the file go.
    const again = await bulk(ada, ids, 'delete');
    await age(again, limits.bulkUndoSeconds + 1);
    expect(await refusal(await undo(ada, again))).toEqual({ status: 409, error: findMessages.undoExpired });
    await age(again, 3600);
    await sweepBulkChanges(t.tasks.deps);
    const detached = () => events.filter((e) => e.type === 'tasks.attachment.detached');
    // files and this recorder are separate consumers: either may hear the event first.
    await eventually(
      async () => detached().length > 0 && !(await onDisk()) && (await uploadState()) === 'deleted',
    );
    expect(detached().map((e) => e.data)).toEqual([{ taskId: shared, key: file.key }]);
    // Forgotten: nothing left to undo.
    expect((await undo(ada, again)).status).toBe(404);
  });

  it("answers someone else's change, or an unknown one, 404, and leaves it undoable by its maker", async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const ids = await personal(ada, 1);
    const changeId = await bulk(ada, ids, 'priority', 'Immediate');
    expect(await refusal(await undo(bob, changeId))).toEqual({
      status: 404,
      error: findMessages.undoExpired,
    });
    expect((await undo(ada, crypto.randomUUID())).status).toBe(404);
    expect((await t.post('/api/tasks/bulk/undo/', { change_id: 'nope' }, ada.access)).status).toBe(400);
    expect((await t.post('/api/tasks/bulk/undo/', { change_id: changeId })).status).toBe(401);
    expect((await taskOf(ada, ids[0] as string)).priority).toBe('Immediate');
    expect((await undo(ada, changeId)).status).toBe(200);
  });

  it('refuses (409 undoConflict) and undoes nothing when one task changed since, by anyone', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const ids = await personal(ada, 2);
    const shared = await t.delegated(ada, bob, { role: 'invite', form: { priority: 'Lenient' } });
    const all = [...ids, shared];
    const changeId = await bulk(ada, all, 'priority', 'Immediate');

    // The recipient's progress changes the task.
    expect((await t.post(`/progress/${shared}/`, { progress: 20 }, bob.access)).status).toBe(200);
    expect(await refusal(await undo(ada, changeId))).toEqual({
      status: 409,
      error: findMessages.undoConflict,
    });
    expect((await tasksOf(ada, all)).map((x) => x.priority)).toEqual(['Immediate', 'Immediate', 'Immediate']);

    // The owner's own edit of one of them, too.
    const second = await bulk(ada, ids, 'due_date', '2027-05-01');
    const edit = { ...form, id: ids[1], title: 'Renamed', dueDate: '2027-05-01', priority: 'Immediate' };
    expect((await t.post('/create_list', edit, ada.access)).status).toBe(200);
    expect(await refusal(await undo(ada, second))).toEqual({ status: 409, error: findMessages.undoConflict });
    expect((await tasksOf(ada, ids)).map((x) => x.dueDate)).toEqual(['2027-05-01', '2027-05-01']);
  });

  it('undoes a change after which only comments came (they are not the task)', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const shared = await t.delegated(ada, bob, { role: 'invite', form: { priority: 'Lenient' } });
    const changeId = await bulk(ada, [shared], 'priority', 'Immediate');
    const comment = { task_id: shared, user_email: bob.email, content: 'Noted' };
    expect((await t.post('/api/add_comment/', comment, bob.access)).status).toBe(201);
    expect((await undo(ada, changeId)).status).toBe(200);
    expect((await taskOf(ada, shared)).priority).toBe('Lenient');
    const { comments } = commentsResponse.parse(
      await readJson(t.get(`/task_comments/${shared}`, ada.access)),
    );
    expect(comments.map((c) => c.content)).toEqual(['Noted']);
  });

  it('refuses once the window closed (409 undoExpired)', async () => {
    const { t } = env;
    const ada = await t.person();
    const ids = await personal(ada, 1);
    const changeId = await bulk(ada, ids, 'priority', 'Immediate');
    await age(changeId, limits.bulkUndoSeconds - 5);
    // Just inside the window still undoes.
    const inTime = await bulk(ada, ids, 'priority', 'Moderate');
    await age(inTime, limits.bulkUndoSeconds - 5);
    expect((await undo(ada, inTime)).status).toBe(200);
    await age(changeId, 10);
    expect(await refusal(await undo(ada, changeId))).toEqual({
      status: 409,
      error: findMessages.undoExpired,
    });
    expect((await taskOf(ada, ids[0] as string)).priority).toBe('Immediate');
  });

  it("forgets a person's changes with their account", async () => {
    const { t } = env;
    const ada = await t.person();
    await bulk(ada, await personal(ada, 1), 'priority', 'Immediate');
    expect((await t.identity.post('/delete-account/', accountDeletion(ada), ada.access)).status).toBe(200);
    await eventually(
      async () =>
        (await t.db.selectFrom('bulk_changes').select('id').where('user_id', '=', ada.id).execute())
          .length === 0,
    );
  });
});
