import { readdir } from 'node:fs/promises';
import type { Task } from '@baton/contracts';
import { fileMessages } from '@baton/contracts/constants';
import { samples, uploadFile } from '@baton/files/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, useTestTasks } from '../../testing';

const env = useTestTasks();
const t = () => env.t;

const form = (extra: Record<string, unknown> = {}) => ({
  title: 'With a file',
  description: '',
  dueDate: '2026-12-01',
  priority: 'Moderate',
  ...extra,
});
const upload = (who: SignedUpUser, name: string, type: string, bytes: Uint8Array) =>
  uploadFile(t().files.request, who.access, { name, type, bytes });
const personalTasks = async (who: SignedUpUser): Promise<Task[]> =>
  (await readJson(t().post('/api/tasks/personal/', { userEmail: who.email }, who.access))).tasks;
const taskOf = async (who: SignedUpUser, id: string) =>
  (await personalTasks(who)).find((task) => task.id === id);
const onDisk = async (key: string) => (await readdir(t().files.dir)).includes(key);

describe('attaching on the task form', () => {
  let ana: SignedUpUser;
  let ben: SignedUpUser;
  beforeAll(async () => {
    ana = await t().person();
    ben = await t().person();
  });

  it('attaches the person’s stored upload and shows it on the task', async () => {
    const file = await upload(ana, 'pixel.png', 'image/png', samples.png);
    const res = await t().post(
      '/create_list',
      form({ attachmentKey: file.key, attachmentUrl: file.objectUrl }),
      ana.access,
    );
    expect(res.status).toBe(201);
    const task = await taskOf(ana, (await readJson(res)).id);
    expect(task).toMatchObject({
      attachmentKey: file.key,
      attachmentUrl: file.objectUrl,
      attachment: { name: 'pixel.png', contentType: 'image/png', size: samples.png.length },
    });
  });

  it('refuses with 400 a key that is someone else’s, not uploaded, made up, or a URL that is not the key’s', async () => {
    const bens = await upload(ben, 'b.png', 'image/png', samples.png);
    const presigned = await readJson(
      t().files.request('/api/uploads/presign/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.access}` },
        body: JSON.stringify({ filename: 'a.txt', contentType: 'text/plain' }),
      }),
    );
    const mine = await upload(ana, 'a.png', 'image/png', samples.png);
    const cases = [
      [{ attachmentKey: bens.key }, fileMessages.notYours],
      [{ attachmentKey: presigned.key }, fileMessages.notStored],
      [{ attachmentKey: 'made-up' }, fileMessages.notYours],
      [{ attachmentKey: mine.key, attachmentUrl: bens.objectUrl }, fileMessages.urlMismatch],
    ] as const;
    const before = (await personalTasks(ana)).length;
    for (const [fields, message] of cases) {
      const res = await t().post('/create_list', form(fields), ana.access);
      expect(res.status, message).toBe(400);
      expect((await readJson(res)).message).toBe(message);
    }
    expect((await personalTasks(ana)).length).toBe(before);
  });

  it('keeps the file when an edit does not mention it, deletes it when replaced or removed', async () => {
    const first = await upload(ana, 'one.png', 'image/png', samples.png);
    const { id } = await readJson(t().post('/create_list', form({ attachmentKey: first.key }), ana.access));
    await t().post('/create_list', form({ id, title: 'Renamed' }), ana.access);
    expect((await taskOf(ana, id))?.attachmentKey).toBe(first.key);

    const second = await upload(ana, 'two.pdf', 'application/pdf', samples.pdf());
    await t().post('/create_list', form({ id, attachmentKey: second.key }), ana.access);
    expect((await taskOf(ana, id))?.attachment).toMatchObject({
      name: 'two.pdf',
      contentType: 'application/pdf',
    });
    await eventually(async () => !(await onDisk(first.key)));
    expect(await onDisk(second.key)).toBe(true);

    const res = await t().post(
      '/create_list',
      form({ id, attachmentKey: null, attachmentUrl: null }),
      ana.access,
    );
    expect(res.status).toBe(200);
    expect(await taskOf(ana, id)).toMatchObject({
      attachmentKey: null,
      attachmentUrl: null,
      attachment: null,
    });
    await eventually(async () => !(await onDisk(second.key)));
  });

  it('deletes the file with the task', async () => {
    const file = await upload(ana, 'one.png', 'image/png', samples.png);
    const { id } = await readJson(t().post('/create_list', form({ attachmentKey: file.key }), ana.access));
    expect((await t().post(`/delete_list/${id}`, { id }, ana.access)).status).toBe(200);
    await eventually(async () => !(await onDisk(file.key)));
  });

  it('a file attached to one task cannot be attached to another', async () => {
    const file = await upload(ana, 'one.png', 'image/png', samples.png);
    await t().post('/create_list', form({ attachmentKey: file.key }), ana.access);
    const res = await t().post('/create_list', form({ attachmentKey: file.key }), ana.access);
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(fileMessages.inUse);
  });

  it('lets go of the file when the task is never written (a folder that does not exist), so it can be used again', async () => {
    const file = await upload(ana, 'kept.png', 'image/png', samples.png);
    const missingFolder = '00000000-0000-4000-8000-000000000001';
    const failed = await t().post(
      '/create_list',
      form({ attachmentKey: file.key, folder_id: missingFolder }),
      ana.access,
    );
    expect(failed.status).toBe(404);
    const row = await t()
      .files.files.deps.db.selectFrom('uploads')
      .select(['state', 'ref_id'])
      .where('key', '=', file.key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'stored', ref_id: null });
    const again = await t().post('/create_list', form({ attachmentKey: file.key }), ana.access);
    expect(again.status).toBe(201);
  });

  it('lets go of a new file when an edit fails, and keeps the old one', async () => {
    const first = await upload(ana, 'first.png', 'image/png', samples.png);
    const { id } = await readJson(t().post('/create_list', form({ attachmentKey: first.key }), ana.access));
    const second = await upload(ana, 'second.png', 'image/png', samples.png);
    const edit = await t().post(
      '/create_list',
      form({ id, attachmentKey: second.key, folder_id: '00000000-0000-4000-8000-000000000002' }),
      ana.access,
    );
    expect(edit.status).toBe(404);
    expect((await taskOf(ana, id))?.attachmentKey).toBe(first.key);
    expect((await t().post('/create_list', form({ attachmentKey: second.key }), ana.access)).status).toBe(
      201,
    );
  });
});

describe('who may preview and download (SPEC §6)', () => {
  type Who = 'owner' | 'recipient' | 'pending' | 'stranger';
  /** Written out by hand: everyone who may see the task gets its file, nobody else learns it exists. */
  const expected: Record<'personal' | 'assign' | 'invite', Partial<Record<Who, 200 | 404>>> = {
    personal: { owner: 200, stranger: 404 },
    assign: { owner: 200, recipient: 200, pending: 200, stranger: 404 },
    invite: { owner: 200, recipient: 200, pending: 200, stranger: 404 },
  };
  const people = {} as Record<Who | 'pendingOwner', SignedUpUser>;
  const tasks = {} as Record<string, string>;

  beforeAll(async () => {
    for (const who of ['owner', 'recipient', 'pending', 'stranger'] as const)
      people[who] = await t().person();
    await t().trust(people.recipient, people.owner);
    const create = async (path: string, extra: Record<string, unknown>) => {
      const file = await upload(people.owner, 'doc.pdf', 'application/pdf', samples.pdf());
      const res = await t().post(path, form({ attachmentKey: file.key, ...extra }), people.owner.access);
      expect(res.status).toBe(201);
      return (await readJson(res)).id as string;
    };
    tasks.personal = await create('/create_list', {});
    for (const [kind, path] of [
      ['assign', '/send_email/assign_user/'],
      ['invite', '/send_email/invite_user'],
    ] as const) {
      tasks[`${kind}:recipient`] = await create(path, { email: people.recipient.email });
      tasks[`${kind}:pending`] = await create(path, { email: people.pending.email });
    }
  });

  const taskFor = (kind: keyof typeof expected, who: Who) =>
    kind === 'personal' ? tasks.personal : tasks[`${kind}:${who === 'pending' ? 'pending' : 'recipient'}`];

  for (const [kind, row] of Object.entries(expected) as [
    keyof typeof expected,
    Partial<Record<Who, 200 | 404>>,
  ][])
    for (const [who, status] of Object.entries(row) as [Who, 200 | 404][])
      it(`${kind} task, ${who}: ${status}`, async () => {
        const id = taskFor(kind, who) as string;
        const token = people[who].access;
        const preview = await t().get(`/api/preview/${id}/`, token);
        const download = await t().get(`/api/download/presign/${id}/`, token);
        expect(preview.status).toBe(status);
        expect(download.status).toBe(status);
        if (status === 404) {
          expect((await readJson(preview)).message).toBe('Task not found.');
          return;
        }
        const body = await readJson(preview);
        expect(body).toMatchObject({
          filename: 'doc.pdf',
          name: 'doc.pdf',
          content_type: 'application/pdf',
          size: samples.pdf().length,
          can_preview: true,
        });
        const shown = await t().files.request(body.url);
        expect(shown.status).toBe(200);
        expect(Buffer.from(await shown.arrayBuffer()).equals(samples.pdf())).toBe(true);
        const saved = await t().files.request((await readJson(download)).url);
        expect(saved.headers.get('content-disposition')).toMatch(/^attachment; filename="doc.pdf"/);
      });

  it('a task without a file answers 404 with its sentence', async () => {
    const { id } = await readJson(t().post('/create_list', form(), people.owner.access));
    const res = await t().get(`/api/preview/${id}/`, people.owner.access);
    expect(res.status).toBe(404);
    expect((await readJson(res)).message).toBe(fileMessages.noAttachment);
    expect((await t().get(`/api/download/presign/${id}/`, people.owner.access)).status).toBe(404);
  });

  it('nobody reaches another person’s file by its key', async () => {
    const owners = await taskOf(people.owner, tasks.personal as string);
    const key = owners?.attachmentKey as string;
    // Naming the key on one's own task is refused, and the stranger's own task stays without it.
    const res = await t().post('/create_list', form({ attachmentKey: key }), people.stranger.access);
    expect(res.status).toBe(400);
    expect((await personalTasks(people.stranger)).some((task) => task.attachmentKey === key)).toBe(false);
    // The key's unsigned URL grants nothing.
    expect((await t().files.request(owners?.attachmentUrl as string)).status).toBe(403);
  });

  it('says so when the files service is unreachable', async () => {
    const id = tasks.personal as string;
    await t().files.stop();
    try {
      const res = await t().get(`/api/preview/${id}/`, people.owner.access);
      expect(res.status).toBe(503);
    } finally {
      await t().files.start();
    }
  });
});
