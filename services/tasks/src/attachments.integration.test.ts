import { readdir } from 'node:fs/promises';
import { samples, uploadFile } from '@baton/files/testing';
import { createLogger, NatsBus } from '@baton/service-kit';
import { accountDeletion, readJson, startPrivateNats } from '@baton/test-kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, startTestTasks, type TestTasks } from './testing';

/**
 * identity, tasks and files on a private nats-server. Files is down while a task and an account are
 * deleted: the events wait in JetStream, and the files go once it is back.
 */
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let bus: NatsBus;
let t: TestTasks;

beforeAll(async () => {
  nats = await startPrivateNats('attachments');
  bus = await NatsBus.connect({
    url: nats.url,
    name: 'attachments-test',
    logger: createLogger({ name: 'test' }),
  });
  t = await startTestTasks({ bus });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await bus?.close().catch(() => undefined);
  await nats?.stop();
});

const form = (attachmentKey: string) => ({
  title: 'Filed',
  dueDate: '2026-12-31',
  priority: 'Lenient',
  attachmentKey,
});
const onDisk = async (key: string) => (await readdir(t.files.dir)).includes(key);
const stateOf = async (key: string) =>
  (
    await t.files.files.deps.db
      .selectFrom('uploads')
      .select('state')
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
  ).state;

it('deleting a task or an account while files is down removes their files when it returns, once', async () => {
  const ana = await t.person();
  const ben = await t.person();
  const upload = (who: typeof ana) =>
    uploadFile(t.files.request, who.access, {
      name: 'doc.pdf',
      type: 'application/pdf',
      bytes: samples.pdf(),
    });
  const taskFile = await upload(ana);
  const accountFile = await upload(ben);
  const kept = await upload(ana);
  const { id: taskId } = await readJson(t.post('/create_list', form(taskFile.key), ana.access));
  await t.post('/create_list', form(accountFile.key), ben.access);
  await t.post('/create_list', form(kept.key), ana.access);

  await t.files.stop();
  expect((await t.post(`/delete_list/${taskId}`, { id: taskId }, ana.access)).status).toBe(200);
  expect((await t.identity.post('/delete-account/', accountDeletion(ben), ben.access)).status).toBe(200);
  // Nothing can delete them yet.
  await new Promise((r) => setTimeout(r, 500));
  expect(await onDisk(taskFile.key)).toBe(true);
  expect(await onDisk(accountFile.key)).toBe(true);

  await t.files.start();
  // The object goes from the disk before its row says so (one event's transaction commits after): wait for both.
  const gone = async (key: string) => !(await onDisk(key)) && (await stateOf(key)) === 'deleted';
  await eventually(async () => (await gone(taskFile.key)) && (await gone(accountFile.key)));
  expect(await stateOf(kept.key)).toBe('attached');
  expect(await onDisk(kept.key)).toBe(true);
  const processed = await t.files.files.deps.db
    .selectFrom('kit_processed_events')
    .select(['consumer'])
    .execute();
  expect(processed.filter((p) => p.consumer === 'files-tasks')).toHaveLength(1);
});
