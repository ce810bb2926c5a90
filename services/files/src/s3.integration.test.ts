import { randomUUID } from 'node:crypto';
import { fileMessages, limits } from '@baton/contracts/constants';
import { startTestIdentity, type TestIdentity } from '@baton/identity/testing';
import { InProcessBus } from '@baton/service-kit';
import {
  jsonRequest,
  readJson,
  S3_TEST_CREDENTIALS,
  type SignedUpUser,
  signUp,
  startS3Server,
} from '@baton/test-kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, samples, startTestFiles, type TestFiles, uploadFile } from './testing';

/** The same flow as the local store's, against a real S3-compatible server process and real presigned URLs. */
let bus: InProcessBus;
let id: TestIdentity;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestFiles;
let ana: SignedUpUser;

beforeAll(async () => {
  // The SDK's standard credential chain, as in production.
  process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
  bus = new InProcessBus();
  s3 = await startS3Server();
  id = await startTestIdentity({ bus });
  t = await startTestFiles({
    bus,
    keys: id.identity.deps.keys.resolver,
    config: { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint },
  });
  ana = await signUp(id.request);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await id?.close();
  await s3?.stop();
  await bus?.close();
});

const internal = (path: string, body: unknown) => t.request(path, jsonRequest('POST', body, ana.access));
const objectExists = async (objectUrl: string) => {
  // s3rver answers an unsigned HEAD of a missing object 404 and of an existing one 403 or 200.
  const res = await fetch(objectUrl, { method: 'HEAD' });
  return res.status !== 404;
};
const publishDetached = (taskId: string, key: string) => {
  const event = {
    id: randomUUID(),
    type: 'tasks.attachment.detached',
    occurredAt: new Date().toISOString(),
    actorId: ana.id,
    audience: [],
    data: { taskId, key },
  };
  return bus.publish(event.type, event, { msgId: event.id });
};

it('upload → attach → preview → download → delete, on S3', async () => {
  const file = await uploadFile(
    t.request,
    ana.access,
    { name: 'doc.pdf', type: 'image/png', bytes: samples.pdf() },
    fetch,
  );
  expect(file.url.startsWith(`${s3.endpoint}/${s3.bucket}/${file.key}?`)).toBe(true);
  expect(file.url).toContain('X-Amz-Signature=');
  const task = { kind: 'task', id: randomUUID() };
  const claimed = await readJson(
    internal('/internal/uploads/claim', { key: file.key, ref: task, url: file.url }),
  );
  // The declared type lied: the stored object was read back and sniffed.
  expect(claimed).toMatchObject({
    key: file.key,
    contentType: 'application/pdf',
    size: samples.pdf().length,
  });
  const preview = await readJson(
    internal('/internal/uploads/grant', { key: file.key, ref: task, disposition: 'inline' }),
  );
  expect(preview).toMatchObject({ content_type: 'application/pdf', can_preview: true });
  const shown = await fetch(preview.url);
  expect(shown.status).toBe(200);
  expect(shown.headers.get('content-type')).toBe('application/pdf');
  expect(shown.headers.get('content-disposition')).toMatch(/^inline; filename="doc.pdf"/);
  expect(Buffer.from(await shown.arrayBuffer()).equals(samples.pdf())).toBe(true);
  const download = await readJson(
    internal('/internal/uploads/grant', { key: file.key, ref: task, disposition: 'attachment' }),
  );
  expect((await fetch(download.url)).headers.get('content-disposition')).toMatch(/^attachment; /);

  expect(await objectExists(file.objectUrl)).toBe(true);
  await publishDetached(task.id, file.key);
  // The bytes go inside the transaction that records the event: the grant refuses once it has committed.
  await eventually(
    async () =>
      (await internal('/internal/uploads/grant', { key: file.key, ref: task, disposition: 'inline' }))
        .status === 404,
  );
  expect(await objectExists(file.objectUrl)).toBe(false);
});

/** s3rver does not check SigV4 signatures (AWS does): what is checked here is what the URLs sign. */
it('signs the content type and the declared size into an upload URL, and expires it', async () => {
  const presign = (size?: number) =>
    readJson(
      t.request(
        '/api/uploads/presign/',
        jsonRequest('POST', { filename: 'a.txt', contentType: 'text/plain', size }, ana.access),
      ),
    );
  const signed = new URL((await presign(5)).url);
  expect(signed.searchParams.get('X-Amz-SignedHeaders')?.split(';').sort()).toEqual([
    'content-length',
    'content-type',
    'host',
  ]);
  expect(signed.searchParams.get('X-Amz-Expires')).toBe(String(t.config.UPLOAD_URL_TTL_SECONDS));
  expect(signed.searchParams.get('X-Amz-Credential')).toContain('/us-east-2/s3/');
  const unsized = new URL((await presign()).url);
  expect(unsized.searchParams.get('X-Amz-SignedHeaders')?.split(';').sort()).toEqual([
    'content-type',
    'host',
  ]);
});

it('checks the stored object again when it is claimed: over 25 MB is deleted and refused', async () => {
  const presigned = await readJson(
    t.request(
      '/api/uploads/presign/',
      jsonRequest('POST', { filename: 'big.bin', contentType: 'application/zip' }, ana.access),
    ),
  );
  const put = await fetch(presigned.url, {
    method: 'PUT',
    headers: presigned.headers,
    body: new Uint8Array(limits.fileBytes + 1),
  });
  expect(put.status).toBe(200);
  const claim = await internal('/internal/uploads/claim', {
    key: presigned.key,
    ref: { kind: 'task', id: randomUUID() },
  });
  expect(claim.status).toBe(413);
  expect((await readJson(claim)).message).toBe(fileMessages.tooLarge);
  expect(await objectExists(presigned.url.split('?')[0])).toBe(false);
});
