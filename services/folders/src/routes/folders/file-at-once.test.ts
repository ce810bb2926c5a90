import type { Task } from '@baton/contracts';
import { InProcessBus } from '@baton/service-kit';
import { eventually, readJson, type SignedUpUser } from '@baton/test-kit';
import { expect, it } from 'vitest';
import { useTestFolders } from '../../testing';

/** A bus on which tasks' events take 400 ms to go out: folders has not heard of a new task for that long. */
class SlowTaskEvents extends InProcessBus {
  override async publish(...args: Parameters<InProcessBus['publish']>) {
    if (args[0].startsWith('tasks.')) await new Promise((r) => setTimeout(r, 400));
    return super.publish(...args);
  }
}

const env = useTestFolders({ bus: new SlowTaskEvents() });
const t = () => env.t;
const form = { title: 'Just made', dueDate: '2026-12-01', priority: 'Moderate' };

const attach = (who: SignedUpUser, folderId: string, ids: string[]) =>
  t().folderCall('POST', `/api/folders/${folderId}/attach-tasks/`, who.access, { task_ids: ids });
const folderOfTask = async (who: SignedUpUser, id: string) => {
  const { tasks } = await readJson(t().post('/api/tasks/personal/', { userEmail: who.email }, who.access));
  return (tasks as Task[]).find((task) => task.id === id)?.folder?.name;
};

it('files a task the moment tasks committed it, before its event arrives, and the late event keeps it filed', async () => {
  const ana = await t().person();
  const ben = await t().person();
  const folder = await readJson(t().folderCall('POST', '/api/folders/', ana.access, { name: 'Now' }));
  const { id } = await readJson(t().post('/create_list', form, ana.access));
  const bens = (await readJson(t().post('/create_list', form, ben.access))).id;
  const sent = await readJson(
    t().post('/send_email/assign_user/', { ...form, email: ben.email }, ana.access),
  );
  // Not yet heard of here: someone else's and a delegated task are still refused, and nothing is filed.
  for (const ids of [[id, bens], [sent.id]]) {
    const refused = await attach(ana, folder.id, ids);
    expect(refused.status).toBe(400);
  }
  const filed = await attach(ana, folder.id, [id]);
  expect(filed.status).toBe(200);
  expect((await readJson(filed)).folder).toMatchObject({ id: folder.id, task_count: 1 });
  // The created event, older than the filing, arrives: tasks shows the folder, folders still holds it.
  await eventually(async () => (await folderOfTask(ana, id)) === 'Now');
  const row = await t()
    .foldersDb.selectFrom('tasks')
    .select('folder_id')
    .where('id', '=', id)
    .executeTakeFirst();
  expect(row?.folder_id).toBe(folder.id);
});
