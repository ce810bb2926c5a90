import { fileMessages, limits } from '@baton/contracts/constants';
import { startTestIdentity, type TestIdentity } from '@baton/identity/testing';
import { InProcessBus } from '@baton/service-kit';
import { jsonRequest, readJson, type SignedUpUser, signUp } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples, startTestFiles, type TestFiles, uploadFile } from '../../testing';

/** files with a 1 MB quota and 5 upload URLs a minute. */
let bus: InProcessBus;
let id: TestIdentity;
let t: TestFiles;
const mb = 1024 * 1024;

beforeAll(async () => {
  bus = new InProcessBus();
  id = await startTestIdentity({ bus });
  t = await startTestFiles({
    bus,
    keys: id.identity.deps.keys.resolver,
    config: { STORAGE_QUOTA_MB: 1, PRESIGNS_PER_MINUTE: 5, RATE_LIMITS: 'true' },
  });
});
afterAll(async () => {
  await t.close();
  await id.close();
  await bus.close();
});

const presign = (who: SignedUpUser, size?: number) =>
  t.request(
    '/api/uploads/presign/',
    jsonRequest('POST', { filename: 'a.bin', contentType: 'application/octet-stream', size }, who.access),
  );
const usage = async (who: SignedUpUser) =>
  readJson(t.request('/api/uploads/usage/', jsonRequest('GET', undefined, who.access)));

describe('storage quota (stored, attached and under-way uploads, per person)', () => {
  it('takes an upload that fills the quota exactly, refuses one byte more with 413 and its sentence', async () => {
    const ana = await signUp(id.request);
    expect(await usage(ana)).toEqual({ usedBytes: 0, quotaBytes: mb });
    expect((await presign(ana, mb - 100)).status).toBe(200);
    expect((await usage(ana)).usedBytes).toBe(mb - 100);
    expect((await presign(ana, 100)).status).toBe(200);
    const refused = await presign(ana, 1);
    expect(refused.status).toBe(413);
    expect((await readJson(refused)).error).toBe(
      'Not enough storage left: your files take 1 MB of your 1 MB. Remove attachments you no longer need, then try again.',
    );
  });

  it('counts stored files at their real size, and an upload of unknown size at the largest allowed', async () => {
    const ben = await signUp(id.request);
    const stored = await uploadFile(t.request, ben.access, {
      name: 'p.png',
      type: 'image/png',
      bytes: samples.png,
    });
    expect((await usage(ben)).usedBytes).toBe(samples.png.length);
    expect(stored.key).toBeTruthy();
    // Without a declared size it would reserve 25 MB: more than the whole quota.
    const unknown = await presign(ben);
    expect(limits.fileBytes).toBeGreaterThan(mb);
    expect(unknown.status).toBe(413);
  });
});

describe('upload URLs per person', () => {
  it('gives 5 a minute, refuses the 6th with 429 and Retry-After, and counts each person apart', async () => {
    const cy = await signUp(id.request);
    const dee = await signUp(id.request);
    for (let i = 0; i < 5; i++) expect((await presign(cy, 10)).status).toBe(200);
    const refused = await presign(cy, 10);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect((await readJson(refused)).error).toBe(fileMessages.tooManyUploads(wait));
    expect((await presign(dee, 10)).status).toBe(200);
  });
});
