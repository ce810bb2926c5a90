import type { Folder } from '@baton/contracts';
import { eventually, readJson } from '@baton/test-kit';
import { expect, it } from 'vitest';
import { useTestFolders } from './testing';

/** tasks' bulk actions (POST /api/tasks/bulk/) and their undo, as folders counts them. */
const env = useTestFolders();

it("keeps folders' counts right through bulk filing, completing, deleting and their undo", async () => {
  const { t } = env;
  const ana = await t.person();
  const bulk = async (task_ids: string[], action: string, value?: unknown) => {
    const res = await t.post('/api/tasks/bulk/', { task_ids, action, value }, ana.access);
    expect(res.status).toBe(200);
    return (await readJson(res)).change_id as string;
  };
  const undo = async (changeId: string) =>
    expect((await t.post('/api/tasks/bulk/undo/', { change_id: changeId }, ana.access)).status).toBe(200);
  const countOf = async (id: string) =>
    ((await readJson(t.folderCall('GET', '/api/folders/', ana.access))).folders as Folder[]).find(
      (f) => f.id === id,
    )?.task_count;
  const folder: Folder = await readJson(t.folderCall('POST', '/api/folders/', ana.access, { name: 'Bulk' }));
  const ids: string[] = [];
  for (const title of ['A', 'B', 'C']) {
    const { id } = await readJson(
      t.post('/create_list', { title, dueDate: '2026-12-01', priority: 'Moderate' }, ana.access),
    );
    ids.push(id);
  }
  await eventually(
    async () =>
      (await t.foldersDb.selectFrom('tasks').select('id').where('id', 'in', ids).execute()).length === 3,
  );

  const filed = await bulk(ids, 'folder', folder.id);
  await eventually(async () => (await countOf(folder.id)) === 3);
  await undo(filed);
  await eventually(async () => (await countOf(folder.id)) === 0);
  await bulk(ids, 'folder', folder.id);
  await eventually(async () => (await countOf(folder.id)) === 3);
  const completed = await bulk(ids.slice(0, 2), 'complete', true);
  await eventually(async () => (await countOf(folder.id)) === 1);
  await undo(completed);
  await eventually(async () => (await countOf(folder.id)) === 3);
  const deleted = await bulk(ids.slice(1), 'delete');
  await eventually(async () => (await countOf(folder.id)) === 1);
  await undo(deleted);
  await eventually(async () => (await countOf(folder.id)) === 3);
});
