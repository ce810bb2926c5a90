import { randomUUID } from 'node:crypto';
import type { EventEnvelope, Folder, Task } from '@baton/contracts';
import { createLogger, NatsBus, startDurableConsumer } from '@baton/service-kit';
import { onEach } from '@baton/service-kit/testing';
import { eventually, readJson, type SignedUpUser, startPrivateNats, uniqueName } from '@baton/test-kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestFolders, type TestFolders } from './testing';

/** folders, tasks, identity and files on a private nats-server with JetStream: events both ways. */
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let bus: NatsBus;
let t: TestFolders;
let ana: SignedUpUser;
const folderEvents: EventEnvelope[] = [];

beforeAll(async () => {
  nats = await startPrivateNats('folders');
  bus = await NatsBus.connect({
    url: nats.url,
    name: 'folders-events-test',
    logger: createLogger({ name: 'test' }),
  });
  t = await startTestFolders({ bus });
  await startDurableConsumer({
    bus,
    db: t.db,
    logger: t.tasks.deps.logger,
    spec: { durable: uniqueName('watch'), stream: 'FOLDERS' },
    handlers: onEach(['folders.>'], async (event) => {
      folderEvents.push(event);
    }),
  });
  ana = await t.person();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await bus?.close().catch(() => undefined);
  await nats?.stop();
});

const taskIn = async (id: string) => {
  const { tasks } = await readJson(t.post('/api/tasks/personal/', { userEmail: ana.email }, ana.access));
  return (tasks as Task[]).find((task) => task.id === id);
};
const newTask = async (title: string) => {
  const { id } = await readJson(
    t.post('/create_list', { title, dueDate: '2026-12-01', priority: 'Moderate' }, ana.access),
  );
  await eventually(() =>
    t.foldersDb.selectFrom('tasks').select('id').where('id', '=', id).executeTakeFirst(),
  );
  return id as string;
};
const countOf = async (id: string) =>
  ((await readJson(t.folderCall('GET', '/api/folders/', ana.access))).folders as Folder[]).find(
    (f) => f.id === id,
  )?.task_count;

it('renames, recolours and deletions reach the tasks’ folder field; a deleted folder’s tasks come back unfiled', async () => {
  const folder: Folder = await readJson(
    t.folderCall('POST', '/api/folders/', ana.access, { name: 'Launch', color: '#38B2AC' }),
  );
  const [one, two] = [await newTask('One'), await newTask('Two')];
  await t.folderCall('POST', `/api/folders/${folder.id}/attach-tasks/`, ana.access, { task_ids: [one, two] });
  await eventually(async () => (await taskIn(two))?.folder?.id === folder.id);
  expect((await taskIn(one))?.folder).toEqual({ id: folder.id, name: 'Launch', color: '#38B2AC' });

  await t.folderCall('PUT', `/api/folders/${folder.id}/`, ana.access, {
    name: 'Launch day',
    color: '#ED64A6',
  });
  await eventually(async () => (await taskIn(one))?.folder?.name === 'Launch day');
  expect((await taskIn(two))?.folder).toEqual({ id: folder.id, name: 'Launch day', color: '#ED64A6' });

  expect((await t.folderCall('DELETE', `/api/folders/${folder.id}/`, ana.access)).status).toBe(204);
  await eventually(async () => (await taskIn(one))?.folder === null && (await taskIn(two))?.folder === null);
  expect(folderEvents.filter((e) => e.type === 'folders.folder.deleted')).toHaveLength(1);
});

it('keeps counts right as filed tasks are completed, reopened, created in the folder and deleted', async () => {
  const folder: Folder = await readJson(
    t.folderCall('POST', '/api/folders/', ana.access, { name: 'Counts' }),
  );
  const [a, b] = [await newTask('A'), await newTask('B')];
  await t.folderCall('POST', `/api/folders/${folder.id}/attach-tasks/`, ana.access, { task_ids: [a, b] });
  expect(await countOf(folder.id)).toBe(2);
  await t.post(`/completed/${a}`, { completed: true }, ana.access);
  await eventually(async () => (await countOf(folder.id)) === 1);
  await t.post(`/completed/${a}`, { completed: false }, ana.access);
  await eventually(async () => (await countOf(folder.id)) === 2);
  await t.post(
    '/create_list',
    { title: 'C', dueDate: '2026-12-01', priority: 'Lenient', folder_id: folder.id },
    ana.access,
  );
  await eventually(async () => (await countOf(folder.id)) === 3);
  await t.post(`/delete_list/${b}`, { id: b }, ana.access);
  await eventually(async () => (await countOf(folder.id)) === 2);
});

it('a redelivered event changes nothing twice', async () => {
  const folder: Folder = await readJson(t.folderCall('POST', '/api/folders/', ana.access, { name: 'Once' }));
  const task = await newTask('Once');
  await t.folderCall('POST', `/api/folders/${folder.id}/attach-tasks/`, ana.access, { task_ids: [task] });
  await eventually(async () => (await taskIn(task))?.folder?.id === folder.id);
  const attached = await eventually(async () =>
    folderEvents.find(
      (e) => e.type === 'folders.tasks.attached' && (e.data as { folderId: string }).folderId === folder.id,
    ),
  );
  // The task moves on (unfiled by a later decision), then the old attach arrives again under a new message id.
  await t.post(
    '/create_list',
    { id: task, title: 'Once', dueDate: '2026-12-01', priority: 'Moderate', folder_id: null },
    ana.access,
  );
  await eventually(async () => (await taskIn(task))?.folder === null);
  await bus.publish(attached.type, attached, { msgId: `${attached.id}-again` });
  // An attach of nothing, on the stream behind the repeat: once tasks has processed it, it has been through the repeat.
  const later = { ...attached, id: randomUUID(), data: { folderId: folder.id, taskIds: [] } };
  await bus.publish(later.type, later, { msgId: later.id });
  await eventually(() =>
    t.db
      .selectFrom('kit_processed_events')
      .select('event_id')
      .where('event_id', '=', later.id)
      .where('consumer', '=', 'tasks-folders')
      .executeTakeFirst(),
  );
  expect((await taskIn(task))?.folder).toBeNull();
  const processed = await t.db
    .selectFrom('kit_processed_events')
    .select('consumer')
    .where('event_id', '=', attached.id)
    .where('consumer', '=', 'tasks-folders')
    .execute();
  expect(processed).toHaveLength(1);
  expect(await countOf(folder.id)).toBe(0);
});
