import { readdir } from 'node:fs/promises';
import { samples, uploadFile } from '@baton/files/testing';
import { readJson, S3_TEST_CREDENTIALS, type SignedUpUser, startS3Server } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestTasks, type TestTasks } from '../../testing';

/** The whole path of a task's file, once on the local-disk store and once on an S3-compatible server. */
describe.each(['local', 's3'] as const)('on the %s store', (store) => {
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let t: TestTasks;
  let ana: SignedUpUser;

  beforeAll(async () => {
    if (store === 's3') {
      process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
      process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
      s3 = await startS3Server();
    }
    t = await startTestTasks({ files: s3 && { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint } });
    ana = await t.person();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  /** Signed URLs of the local store are answered by the files app; S3's by the S3 server. */
  const fetchObject = (url: string, init?: RequestInit) =>
    s3 ? fetch(url, init) : t.files.request(url, init);
  const stored = async (key: string, objectUrl: string) =>
    s3
      ? (await fetch(objectUrl, { method: 'HEAD' })).status !== 404
      : (await readdir(t.files.dir)).includes(key);

  it('upload → attach → preview → download → delete', async () => {
    const file = await uploadFile(
      t.files.request,
      ana.access,
      { name: 'plan.pdf', type: 'application/pdf', bytes: samples.pdf() },
      fetchObject,
    );
    const created = await t.post(
      '/create_list',
      {
        title: 'Plan',
        dueDate: '2026-12-01',
        priority: 'Moderate',
        attachmentKey: file.key,
        attachmentUrl: file.url,
      },
      ana.access,
    );
    expect(created.status).toBe(201);
    const { id } = await readJson(created);

    const preview = await readJson(t.get(`/api/preview/${id}/`, ana.access));
    expect(preview).toMatchObject({
      filename: 'plan.pdf',
      content_type: 'application/pdf',
      can_preview: true,
    });
    const shown = await fetchObject(preview.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(Buffer.from(await shown.arrayBuffer()).equals(samples.pdf())).toBe(true);

    const { url } = await readJson(t.get(`/api/download/presign/${id}/`, ana.access));
    const saved = await fetchObject(url);
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment; filename="plan.pdf"/);
    expect(Buffer.from(await saved.arrayBuffer()).equals(samples.pdf())).toBe(true);

    expect(await stored(file.key, file.objectUrl)).toBe(true);
    expect((await t.post(`/delete_list/${id}`, { id }, ana.access)).status).toBe(200);
    await eventually(async () => !(await stored(file.key, file.objectUrl)));
  });
});
