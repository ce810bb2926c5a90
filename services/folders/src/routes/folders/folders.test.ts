import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { Folder, Task } from '@baton/contracts';
import { fileMessages } from '@baton/contracts/constants';
import { samples, uploadFile } from '@baton/files/testing';
import { eventually, readJson, type SignedUpUser } from '@baton/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestFolders } from '../../testing';

const env = useTestFolders();
const t = () => env.t;

const api = {
  list: (who: SignedUpUser, archived = '0') =>
    t().folderCall('GET', `/api/folders/?archived=${archived}`, who.access),
  create: (who: SignedUpUser, body: unknown) => t().folderCall('POST', '/api/folders/', who.access, body),
  update: (who: SignedUpUser, id: string, body: unknown) =>
    t().folderCall('PUT', `/api/folders/${id}/`, who.access, body),
  remove: (who: SignedUpUser, id: string) => t().folderCall('DELETE', `/api/folders/${id}/`, who.access),
  attach: (who: SignedUpUser, id: string, taskIds: string[]) =>
    t().folderCall('POST', `/api/folders/${id}/attach-tasks/`, who.access, { task_ids: taskIds }),
  preview: (who: SignedUpUser, id: string) =>
    t().folderCall('GET', `/api/folders/${id}/preview-basefile/`, who.access),
  download: (who: SignedUpUser, id: string) =>
    t().folderCall('GET', `/api/folders/${id}/download-basefile/`, who.access),
};
const folderRow = (id: string) =>
  t().foldersDb.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
const newFolder = async (who: SignedUpUser, body: Record<string, unknown> = {}): Promise<Folder> => {
  const res = await api.create(who, { name: 'Projects', ...body });
  expect(res.status).toBe(201);
  return readJson(res);
};
/** A personal task of `who`, known to folders (it follows tasks' events). */
const personalTask = async (who: SignedUpUser, title = 'Filed') => {
  const { id } = await readJson(
    t().post('/create_list', { title, dueDate: '2026-12-01', priority: 'Moderate' }, who.access),
  );
  await eventually(() =>
    t().foldersDb.selectFrom('tasks').select('id').where('id', '=', id).executeTakeFirst(),
  );
  return id as string;
};
const folderOfTask = async (who: SignedUpUser, id: string) => {
  const { tasks } = await readJson(t().post('/api/tasks/personal/', { userEmail: who.email }, who.access));
  return (tasks as Task[]).find((task) => task.id === id)?.folder ?? null;
};
const upload = (who: SignedUpUser, name = 'Brief.v2.pdf') =>
  uploadFile(t().files.request, who.access, { name, type: 'application/pdf', bytes: samples.pdf() });
const onDisk = async (key: string) => (await readdir(t().files.dir)).includes(key);

describe('creating and listing', () => {
  let ana: SignedUpUser;
  beforeAll(async () => {
    ana = await t().person();
  });

  it('creates a folder with the defaults of SPEC §3 and §9', async () => {
    const folder = await newFolder(ana, { name: '  Projects  ' });
    expect(folder).toMatchObject({
      name: 'Projects',
      color: '#4299E1',
      baseFileKey: null,
      baseFileLabel: null,
      sort_order: 0,
      is_archived: false,
      task_count: 0,
    });
    expect(await folderRow(folder.id)).toMatchObject({ owner_id: ana.id, name: 'Projects' });
  });

  it.each([
    [{ name: '' }, 'Folder name is required.'],
    [{ name: '   ' }, 'Folder name is required.'],
    [{}, 'Folder name is required.'],
    [{ name: 'x'.repeat(51) }, 'Folder name must be at most 50 characters.'],
    [{ name: 'ok', color: 'blue' }, 'Colour must be a hex value like #4299E1.'],
    [{ name: 'ok', color: '#123456' }, 'Choose a colour from the palette.'],
    [
      { name: 'ok', baseFileLabel: 'x'.repeat(61), baseFileKey: null },
      'Display name must be at most 60 characters.',
    ],
    [{ name: 'ok', sort_order: 2_147_483_648 }, 'Must be a whole number from -2147483648 to 2147483647.'],
    [{ name: 'ok', sort_order: -2_147_483_649 }, 'Must be a whole number from -2147483648 to 2147483647.'],
  ])('refuses %j with its sentence and stores nothing', async (body, message) => {
    const before = (await readJson(api.list(ana))).folders.length;
    const res = await api.create(ana, body);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(message);
    expect((await readJson(api.list(ana))).folders.length).toBe(before);
  });

  it('takes a sort order at either end of its column, and refuses one past it on update', async () => {
    expect((await newFolder(ana, { sort_order: 2_147_483_647 })).sort_order).toBe(2_147_483_647);
    const low = await newFolder(ana, { sort_order: -2_147_483_648 });
    expect(low.sort_order).toBe(-2_147_483_648);
    const res = await api.update(ana, low.id, { sort_order: 2_147_483_648 });
    expect(res.status).toBe(400);
    expect((await folderRow(low.id))?.sort_order).toBe(-2_147_483_648);
  });

  it('takes 50-character names, palette colours in any case, and no colour', async () => {
    expect((await newFolder(ana, { name: 'x'.repeat(50) })).name).toHaveLength(50);
    expect((await newFolder(ana, { color: '#ed8936' })).color).toBe('#ED8936');
    expect((await newFolder(ana, { color: null })).color).toBeNull();
  });

  it('lists one’s own folders by sort order, archived ones apart', async () => {
    const bob = await t().person();
    await newFolder(bob, { name: 'Third', sort_order: 3 });
    await newFolder(bob, { name: 'First', sort_order: 1 });
    await newFolder(bob, { name: 'Old', sort_order: 0, is_archived: true });
    await newFolder(bob, { name: 'Second', sort_order: 2 });
    const names = async (archived: string) =>
      (await readJson(api.list(bob, archived))).folders.map((f: Folder) => f.name);
    expect(await names('0')).toEqual(['First', 'Second', 'Third']);
    expect(await names('1')).toEqual(['Old']);
    expect((await api.list(bob, '2')).status).toBe(400);
  });

  it('lets go of a new base file when the change is refused after it was attached (a colour off the palette)', async () => {
    const folder = await newFolder(ana, { name: 'Palette' });
    const file = await upload(ana);
    const refused = await api.update(ana, folder.id, { baseFileKey: file.key, color: '#123456' });
    expect(refused.status).toBe(400);
    expect((await folderRow(folder.id))?.base_file_key).toBeNull();
    expect((await newFolder(ana, { baseFileKey: file.key })).baseFileKey).toBe(file.key);
  });

  it('keeps a base file with a label that defaults to the file name without its extension', async () => {
    const file = await upload(ana);
    const folder = await newFolder(ana, { baseFileKey: file.key, baseFileUrl: file.url });
    expect(folder).toMatchObject({
      baseFileKey: file.key,
      baseFileLabel: 'Brief.v2',
      baseFileUrl: file.objectUrl,
    });
    const labelled = await newFolder(ana, {
      baseFileKey: (await upload(ana)).key,
      baseFileLabel: 'y'.repeat(60),
    });
    expect(labelled.baseFileLabel).toHaveLength(60);
    const preview = await readJson(api.preview(ana, folder.id));
    expect(preview).toMatchObject({
      filename: 'Brief.v2.pdf',
      content_type: 'application/pdf',
      can_preview: true,
    });
    expect((await t().files.request(preview.url)).status).toBe(200);
    const { url } = await readJson(api.download(ana, folder.id));
    expect((await t().files.request(url)).headers.get('content-disposition')).toMatch(/^attachment; /);
    const bare = await newFolder(ana);
    expect((await readJson(api.preview(ana, bare.id))).error).toBe(fileMessages.noBaseFile);
  });

  it('refuses someone else’s upload as a base file', async () => {
    const bob = await t().person();
    const bobs = await upload(bob);
    const res = await api.create(ana, { name: 'Stolen', baseFileKey: bobs.key });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(fileMessages.notYours);
  });
});

describe('changing and deleting', () => {
  let ana: SignedUpUser;
  beforeAll(async () => {
    ana = await t().person();
  });

  it('renames, recolours, clears the colour, archives and restores, partially', async () => {
    const folder = await newFolder(ana, { name: 'Draft', color: '#9F7AEA' });
    const renamed = await readJson(api.update(ana, folder.id, { name: 'Final' }));
    expect(renamed).toMatchObject({ name: 'Final', color: '#9F7AEA' });
    expect((await readJson(api.update(ana, folder.id, { color: null }))).color).toBeNull();
    expect((await readJson(api.update(ana, folder.id, { is_archived: true }))).is_archived).toBe(true);
    expect((await readJson(api.list(ana, '1'))).folders.map((f: Folder) => f.id)).toContain(folder.id);
    expect((await readJson(api.update(ana, folder.id, { is_archived: false }))).is_archived).toBe(false);
    const empty = await api.update(ana, folder.id, { name: ' ' });
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).error).toBe('Folder name is required.');
    expect((await folderRow(folder.id))?.name).toBe('Final');
  });

  it('replacing or removing the base file deletes the old one', async () => {
    const first = await upload(ana, 'one.pdf');
    const folder = await newFolder(ana, { baseFileKey: first.key });
    const second = await upload(ana, 'two.pdf');
    const replaced = await readJson(api.update(ana, folder.id, { baseFileKey: second.key }));
    expect(replaced).toMatchObject({ baseFileKey: second.key, baseFileLabel: 'two' });
    await eventually(async () => !(await onDisk(first.key)));
    const relabelled = await readJson(api.update(ana, folder.id, { baseFileLabel: 'Plan' }));
    expect(relabelled.baseFileLabel).toBe('Plan');
    const removed = await readJson(api.update(ana, folder.id, { baseFileKey: null }));
    expect(removed).toMatchObject({ baseFileKey: null, baseFileLabel: null, baseFileUrl: null });
    await eventually(async () => !(await onDisk(second.key)));
  });

  it('deleting answers 204, leaves its tasks unfiled and deletes its base file', async () => {
    const file = await upload(ana);
    const folder = await newFolder(ana, { baseFileKey: file.key });
    const task = await personalTask(ana);
    await api.attach(ana, folder.id, [task]);
    await eventually(async () => (await folderOfTask(ana, task))?.id === folder.id);
    const res = await api.remove(ana, folder.id);
    expect(res.status).toBe(204);
    expect(await folderRow(folder.id)).toBeUndefined();
    await eventually(async () => (await folderOfTask(ana, task)) === null);
    await eventually(async () => !(await onDisk(file.key)));
  });
});

describe('attach-tasks and who may touch a folder', () => {
  let ana: SignedUpUser;
  let ben: SignedUpUser;
  let folder: Folder;
  let own: string[];
  let bens: string;
  let delegated: string;
  beforeAll(async () => {
    ana = await t().person();
    ben = await t().person();
    folder = await newFolder(ana, { name: 'Mine' });
    own = [await personalTask(ana, 'One'), await personalTask(ana, 'Two')];
    bens = await personalTask(ben, 'Ben’s');
    const sent = await readJson(
      t().post(
        '/send_email/assign_user/',
        { title: 'Shared', dueDate: '2026-12-01', priority: 'Lenient', email: ben.email },
        ana.access,
      ),
    );
    delegated = sent.id;
  });
  const filedIn = (id: string) =>
    t().foldersDb.selectFrom('tasks').select('id').where('folder_id', '=', id).execute();

  it.each([
    ['someone else’s task', () => [own[0] as string, bens]],
    ['a delegated task', () => [delegated]],
    ['an unknown id', () => [randomUUID()]],
  ])('refuses %s with 400 and files nothing', async (_name, ids) => {
    const res = await api.attach(ana, folder.id, ids());
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe('Only your own personal tasks can be put in a folder.');
    expect(await filedIn(folder.id)).toEqual([]);
  });

  it('files one’s own personal tasks and counts them; tasks shows the folder on them', async () => {
    const res = await api.attach(ana, folder.id, own);
    expect(res.status).toBe(200);
    expect((await readJson(res)).folder).toMatchObject({ id: folder.id, task_count: 2 });
    for (const id of own) await eventually(async () => (await folderOfTask(ana, id))?.name === 'Mine');
  });

  it('a stranger gets the 404 of a missing folder on every route, and changes nothing', async () => {
    const stranger = ben;
    const before = await folderRow(folder.id);
    const calls = [
      api.update(stranger, folder.id, { name: 'Hijacked' }),
      api.remove(stranger, folder.id),
      api.attach(stranger, folder.id, [bens]),
      api.preview(stranger, folder.id),
      api.download(stranger, folder.id),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect((await readJson(res)).error).toBe('Folder not found.');
    }
    expect((await readJson(api.list(stranger))).folders.map((f: Folder) => f.id)).not.toContain(folder.id);
    expect(await folderRow(folder.id)).toEqual(before);
    expect((await filedIn(folder.id)).map((r) => r.id).sort()).toEqual([...own].sort());
    expect((await api.update(ana, randomUUID(), { name: 'x' })).status).toBe(404);
  });

  it('needs a token', async () => {
    expect((await t().folderCall('GET', '/api/folders/')).status).toBe(401);
  });
});
