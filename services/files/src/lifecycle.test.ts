import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { EventSubject } from '@baton/contracts';
import { startTestIdentity, type TestIdentity } from '@baton/identity/testing';
import { InProcessBus } from '@baton/service-kit';
import { accountDeletion, jsonRequest, type SignedUpUser, signUp } from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sweepUnclaimedUploads } from './sweeper';
import { eventually, samples, startTestFiles, type TestFiles, uploadFile } from './testing';

let bus: InProcessBus;
let id: TestIdentity;
let t: TestFiles;

beforeAll(async () => {
  bus = new InProcessBus();
  id = await startTestIdentity({ bus });
  t = await startTestFiles({ bus, keys: id.identity.deps.keys.resolver });
});
afterAll(async () => {
  await t.close();
  await id.close();
  await bus.close();
});

const db = () => t.files.deps.db;
const stateOf = async (key: string) =>
  (await db().selectFrom('uploads').select('state').where('key', '=', key).executeTakeFirstOrThrow()).state;
const onDisk = async (key: string) => (await readdir(t.dir)).includes(key);
const upload = (who: SignedUpUser, name = 'pixel.png') =>
  uploadFile(t.request, who.access, { name, type: 'image/png', bytes: samples.png });
const presignOnly = async (who: SignedUpUser) =>
  (await (
    await t.request(
      '/api/uploads/presign/',
      jsonRequest('POST', { filename: 'a.txt', contentType: 'text/plain' }, who.access),
    )
  ).json()) as { key: string };
const attach = (who: SignedUpUser, key: string, taskId = randomUUID()) =>
  t.request(
    '/internal/uploads/claim',
    jsonRequest('POST', { key, ref: { kind: 'task', id: taskId } }, who.access),
  );
const backdate = (keys: string[], hours: number) =>
  db()
    .updateTable('uploads')
    .set({ created_at: sql<Date>`now() - ${`${hours} hours`}::interval` })
    .where('key', 'in', keys)
    .execute();
const publish = (type: EventSubject, data: unknown) => {
  const event = {
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    actorId: null,
    audience: [],
    data,
  };
  return bus.publish(type, event, { msgId: event.id });
};

it('deletes uploads nothing claimed within a day, and only those', async () => {
  const ana = await signUp(id.request);
  const neverSent = await presignOnly(ana);
  const sentNotClaimed = await upload(ana);
  const claimed = await upload(ana);
  await attach(ana, claimed.key);
  const fresh = await upload(ana);
  await backdate([neverSent.key, sentNotClaimed.key, claimed.key], 25);
  await backdate([fresh.key], 23);

  expect(await sweepUnclaimedUploads(t.files.deps, 24 * 3_600_000)).toBe(2);
  expect(await stateOf(neverSent.key)).toBe('deleted');
  expect(await stateOf(sentNotClaimed.key)).toBe('deleted');
  expect(await onDisk(sentNotClaimed.key)).toBe(false);
  expect(await stateOf(claimed.key)).toBe('attached');
  expect(await onDisk(claimed.key)).toBe(true);
  expect(await stateOf(fresh.key)).toBe('stored');
  expect(await sweepUnclaimedUploads(t.files.deps, 24 * 3_600_000)).toBe(0);
});

it('runs the sweep as a job of the service: at start and then periodically', async () => {
  const ana = await signUp(id.request);
  const old = await upload(ana);
  await backdate([old.key], 25);
  await t.stop();
  await t.start();
  await eventually(async () => (await stateOf(old.key)) === 'deleted');
  expect(await onDisk(old.key)).toBe(false);
});

it('deletes the file a task let go of, and nothing else', async () => {
  const ana = await signUp(id.request);
  const file = await upload(ana);
  const other = await upload(ana);
  const taskId = randomUUID();
  await attach(ana, file.key, taskId);
  await attach(ana, other.key);
  await publish('tasks.attachment.detached', { taskId: randomUUID(), key: file.key });
  await publish('tasks.attachment.detached', { taskId, key: file.key });
  await eventually(async () => (await stateOf(file.key)) === 'deleted');
  expect(await onDisk(file.key)).toBe(false);
  expect(await stateOf(other.key)).toBe('attached');
  expect(await onDisk(other.key)).toBe(true);
});

it('deletes every file of a deleted account, and presigns nothing for it afterwards', async () => {
  const ana = await signUp(id.request);
  const ben = await signUp(id.request);
  const attached = await upload(ana);
  await attach(ana, attached.key);
  const stored = await upload(ana);
  const pending = await presignOnly(ana);
  const bens = await upload(ben);
  const res = await id.post('/delete-account/', accountDeletion(ana), ana.access);
  expect(res.status).toBe(200);
  await eventually(async () => (await stateOf(attached.key)) === 'deleted');
  expect(await stateOf(stored.key)).toBe('deleted');
  expect(await stateOf(pending.key)).toBe('deleted');
  expect(await onDisk(attached.key)).toBe(false);
  expect(await onDisk(stored.key)).toBe(false);
  expect(await stateOf(bens.key)).toBe('stored');
  const again = await t.request(
    '/api/uploads/presign/',
    jsonRequest('POST', { filename: 'a.txt', contentType: 'text/plain' }, ana.access),
  );
  expect(again.status).toBe(401);
});
