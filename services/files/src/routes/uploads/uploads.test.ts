import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { internalRoutes } from '@baton/contracts';
import { fileMessages, limits } from '@baton/contracts/constants';
import { startTestIdentity, type TestIdentity } from '@baton/identity/testing';
import { InProcessBus, loadServerSecret } from '@baton/service-kit';
import { jsonRequest, readJson, type SignedUpUser, signUp } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signGrant } from '../../store/signing';
import { samples, startTestFiles, TEST_PUBLIC_URL, type TestFiles, uploadFile } from '../../testing';

let bus: InProcessBus;
let id: TestIdentity;
let t: TestFiles;
let ana: SignedUpUser;
let ben: SignedUpUser;

beforeAll(async () => {
  bus = new InProcessBus();
  id = await startTestIdentity({ bus });
  t = await startTestFiles({ bus, keys: id.identity.deps.keys.resolver });
  ana = await signUp(id.request);
  ben = await signUp(id.request);
});
afterAll(async () => {
  await t.close();
  await id.close();
  await bus.close();
});

const presign = (body: unknown, token = ana.access) =>
  t.request('/api/uploads/presign/', jsonRequest('POST', body, token));
const upload = (token: string, name: string, type: string, bytes: Uint8Array) =>
  uploadFile(t.request, token, { name, type, bytes });
const row = (key: string) =>
  t.files.deps.db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const internal = (path: string, body: unknown, token = ana.access) =>
  t.request(path, jsonRequest('POST', body, token));
const claim = (key: string, ref = { kind: 'task', id: randomUUID() }, token = ana.access, url?: string) =>
  internal('/internal/uploads/claim', { key, ref, url }, token);
const grant = (key: string, ref: { kind: string; id: string }, disposition = 'inline') =>
  internal('/internal/uploads/grant', { key, ref, disposition });
/** A body of `bytes` zero bytes sent as a stream, without Content-Length (what a lying client can do). */
const streamOf = (bytes: number) => {
  let left = bytes;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const n = Math.min(left, 1 << 20);
      left -= n;
      if (n === 0) controller.close();
      else controller.enqueue(new Uint8Array(n).fill(65));
    },
  });
};
const storedFiles = async () => (await readdir(t.dir)).filter((f) => !f.endsWith('.part'));

describe('POST /api/uploads/presign/', () => {
  it('registers a pending upload of the caller under an unguessable key and signs a PUT URL for it', async () => {
    const res = await presign({ filename: 'report.pdf', contentType: 'application/pdf', size: 1000 });
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toEqual({
      url: expect.stringMatching(new RegExp(`^${TEST_PUBLIC_URL}/files/objects/${body.key}\\?`)),
      key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      contentType: 'application/pdf',
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(body.key).not.toContain('report');
    expect(await row(body.key)).toMatchObject({ owner_id: ana.id, filename: 'report.pdf', state: 'pending' });
  });

  it('treats an unknown browser type as application/octet-stream', async () => {
    const body = await readJson(presign({ filename: 'data.bin', contentType: '' }));
    expect(body.contentType).toBe('application/octet-stream');
  });

  it.each([
    [
      { filename: 'a.pdf', contentType: 'application/pdf', size: limits.fileBytes + 1 },
      fileMessages.tooLarge,
    ],
    [{ filename: 'a.pdf', contentType: 'application/pdf', size: 0 }, fileMessages.empty],
    [{ filename: '', contentType: 'application/pdf' }, 'File name is required.'],
    [{ filename: 'a.pdf', contentType: 'not a type' }, 'Content type must look like type/subtype.'],
  ])('refuses %j with 400 and its sentence', async (body, message) => {
    const res = await presign(body);
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(message);
  });

  it('needs a valid access token', async () => {
    expect((await presign({ filename: 'a.txt', contentType: 'text/plain' }, '')).status).toBe(401);
    expect(
      (await presign({ filename: 'a.txt', contentType: 'text/plain' }, 'forged.token.here')).status,
    ).toBe(401);
  });
});

describe('PUT to a signed URL (local store)', () => {
  it('stores the bytes once, with the size and the type they prove', async () => {
    const { key } = await upload(ana.access, 'pixel.png', 'image/png', samples.png);
    expect(await row(key)).toMatchObject({
      state: 'stored',
      size: String(samples.png.length),
      content_type: 'image/png',
    });
    expect(await storedFiles()).toContain(key);
  });

  it('corrects a declared type that lies about the bytes', async () => {
    const { key } = await upload(ana.access, 'photo.png', 'image/png', samples.pdf());
    expect((await row(key)).content_type).toBe('application/pdf');
  });

  it('names markup for what it is, whatever was declared', async () => {
    const svg = await upload(ana.access, 'logo.png', 'image/png', samples.svgWithScript);
    const html = await upload(ana.access, 'notes.txt', 'text/plain', samples.html);
    const text = await upload(ana.access, 'notes.txt', 'text/plain', samples.text);
    const bin = await upload(ana.access, 'x.txt', 'text/plain', samples.zip);
    expect((await row(svg.key)).content_type).toBe('image/svg+xml');
    expect((await row(html.key)).content_type).toBe('text/html');
    expect((await row(text.key)).content_type).toBe('text/plain');
    expect((await row(bin.key)).content_type).toBe('application/zip');
  });

  it('refuses 25 MB + 1 byte: at once when Content-Length says so, and while streaming when it does not', async () => {
    const signed = await readJson(presign({ filename: 'big.bin', contentType: 'application/octet-stream' }));
    const declared = await t.request(signed.url, {
      method: 'PUT',
      headers: { ...signed.headers, 'content-length': String(limits.fileBytes + 1) },
      body: new Uint8Array(8),
    });
    expect(declared.status).toBe(413);
    expect((await readJson(declared)).message).toBe(fileMessages.tooLarge);
    const streamed = await t.request(signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: streamOf(limits.fileBytes + 1),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await readJson(streamed)).message).toBe(fileMessages.tooLarge);
    expect(await storedFiles()).not.toContain(signed.key);
    expect((await readdir(t.dir)).filter((f) => f.startsWith(signed.key))).toEqual([]);
    expect((await row(signed.key)).state).toBe('pending');
    // Exactly 25 MB is fine.
    const exact = await t.request(signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: streamOf(limits.fileBytes),
      duplex: 'half',
    } as RequestInit);
    expect(exact.status).toBe(200);
    expect((await row(signed.key)).size).toBe(String(limits.fileBytes));
  });

  it('holds an upload to the size the browser declared', async () => {
    const signed = await readJson(presign({ filename: 'a.txt', contentType: 'text/plain', size: 5 }));
    const res = await t.request(signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: 'more than five',
    });
    expect(res.status).toBe(413);
  });

  it('refuses an empty body with 400', async () => {
    const signed = await readJson(presign({ filename: 'a.txt', contentType: 'text/plain' }));
    const res = await t.request(signed.url, { method: 'PUT', headers: signed.headers, body: '' });
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(fileMessages.empty);
  });

  it('refuses a tampered, expired, re-used or wrong-method URL with 403, and a second upload with 409', async () => {
    const a = await readJson(presign({ filename: 'a.txt', contentType: 'text/plain' }));
    const b = await readJson(presign({ filename: 'b.txt', contentType: 'text/plain' }));
    const put = (url: string, headers = a.headers) =>
      t.request(url, { method: 'PUT', headers, body: 'hello' });
    const tampered = new URL(a.url);
    tampered.searchParams.set('max', String(limits.fileBytes * 4));
    const expiredLater = new URL(a.url);
    expiredLater.searchParams.set('exp', String(Number(expiredLater.searchParams.get('exp')) + 3600));
    const badSig = new URL(a.url);
    badSig.searchParams.set('sig', `${badSig.searchParams.get('sig')?.slice(0, -2)}AA`);
    const otherKey = a.url.replace(a.key, b.key);
    const secret = await loadServerSecret(t.files.deps.db, 'local-store-signing');
    const expired = `${TEST_PUBLIC_URL}/files/objects/${a.key}?${signGrant(secret, {
      method: 'PUT',
      key: a.key,
      exp: Math.floor(Date.now() / 1000) - 1,
      type: 'text/plain',
      max: 100,
    })}`;
    for (const url of [tampered, expiredLater, badSig, otherKey, expired]) {
      const res = await put(url.toString());
      expect(res.status, String(url)).toBe(403);
    }
    expect((await readJson(put(expired))).message).toBe('This link has expired.');
    expect((await put(a.url, { 'Content-Type': 'text/html' })).status).toBe(403);
    const asGet = await t.request(a.url);
    expect(asGet.status).toBe(403);
    expect((await put(a.url)).status).toBe(200);
    expect((await put(a.url)).status).toBe(409);
    expect(await storedFiles()).not.toContain(b.key);
  });

  it('answers 404 for a key that is not one', async () => {
    const res = await t.request(`${TEST_PUBLIC_URL}/files/objects/..%2F..%2Fetc%2Fpasswd?sig=x`, {
      method: 'PUT',
      body: 'x',
    });
    expect(res.status).toBe(404);
  });
});

describe('claiming and granting (the calls tasks and folders make)', () => {
  it('attaches only the caller’s own stored upload, once, to one thing', async () => {
    const file = await upload(ana.access, 'pixel.png', 'image/png', samples.png);
    const task = { kind: 'task', id: randomUUID() };
    expect((await claim(file.key, task, ben.access)).status).toBe(400);
    expect((await readJson(claim(file.key, task, ben.access))).message).toBe(fileMessages.notYours);
    expect(
      (await readJson(claim(file.key, task, ana.access, `${TEST_PUBLIC_URL}/files/objects/other`))).message,
    ).toBe(fileMessages.urlMismatch);
    const claimed = await claim(file.key, task, ana.access, file.url);
    expect(claimed.status).toBe(200);
    expect(await readJson(claimed)).toEqual({
      key: file.key,
      url: file.objectUrl,
      name: 'pixel.png',
      contentType: 'image/png',
      size: samples.png.length,
    });
    expect((await claim(file.key, task)).status).toBe(200);
    const elsewhere = await claim(file.key, { kind: 'task', id: randomUUID() });
    expect(elsewhere.status).toBe(409);
    expect((await readJson(elsewhere)).message).toBe(fileMessages.inUse);
    expect(await row(file.key)).toMatchObject({ state: 'attached', ref_kind: 'task', ref_id: task.id });
  });

  it('lets its owner undo a claim by the same task or folder only (a write that failed)', async () => {
    const file = await upload(ana.access, 'undo.png', 'image/png', samples.png);
    const task = { kind: 'task', id: randomUUID() };
    expect((await claim(file.key, task)).status).toBe(200);
    const release = (ref: { kind: string; id: string }, token = ana.access) =>
      readJson(internal(internalRoutes.releaseUpload.path, { key: file.key, ref }, token));
    expect(await release(task, ben.access)).toEqual({ released: false });
    expect(await release({ kind: 'folder', id: task.id })).toEqual({ released: false });
    expect(await release({ kind: 'task', id: randomUUID() })).toEqual({ released: false });
    expect(await row(file.key)).toMatchObject({ state: 'attached', ref_id: task.id });
    expect(await release(task)).toEqual({ released: true });
    expect(await row(file.key)).toMatchObject({ state: 'stored', ref_kind: null, ref_id: null });
    expect((await claim(file.key, { kind: 'folder', id: randomUUID() })).status).toBe(200);
  });

  it('refuses a pending upload whose bytes never arrived, and unknown keys', async () => {
    const { key } = await readJson(presign({ filename: 'a.txt', contentType: 'text/plain' }));
    expect((await readJson(claim(key))).message).toBe(fileMessages.notStored);
    expect((await readJson(claim('A'.repeat(32)))).message).toBe(fileMessages.notYours);
  });

  it('grants an inline URL for images, PDF and text, a download for everything else, and serves it', async () => {
    const cases = [
      { name: 'pixel.png', type: 'image/png', bytes: samples.png, inline: true, served: 'image/png' },
      {
        name: 'doc.pdf',
        type: 'application/pdf',
        bytes: samples.pdf(),
        inline: true,
        served: 'application/pdf',
      },
      {
        name: 'notes.txt',
        type: 'text/plain',
        bytes: samples.text,
        inline: true,
        served: 'text/plain; charset=utf-8',
      },
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        bytes: samples.svgWithScript,
        inline: false,
        served: 'image/svg+xml',
      },
      { name: 'page.html', type: 'text/html', bytes: samples.html, inline: false, served: 'text/html' },
      {
        name: 'a.zip',
        type: 'application/zip',
        bytes: samples.zip,
        inline: false,
        served: 'application/zip',
      },
    ];
    for (const c of cases) {
      const file = await upload(ana.access, c.name, c.type, c.bytes);
      const task = { kind: 'task', id: randomUUID() };
      await claim(file.key, task);
      const preview = await readJson(grant(file.key, task));
      expect(preview, c.name).toMatchObject({
        filename: c.name,
        name: c.name,
        size: c.bytes.length,
        can_preview: c.inline,
      });
      const res = await t.request(preview.url);
      expect(res.status, c.name).toBe(200);
      expect(res.headers.get('content-type'), c.name).toBe(c.served);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition'), c.name).toMatch(
        new RegExp(`^${c.inline ? 'inline' : 'attachment'}; filename="${c.name}"`),
      );
      if (c.served !== 'application/pdf')
        expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(c.bytes))).toBe(true);
      const download = await t.request((await readJson(grant(file.key, task, 'attachment'))).url);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    }
  });

  it('grants nothing for a file not attached to the named thing, and a GET URL is not a PUT URL', async () => {
    const file = await upload(ana.access, 'pixel.png', 'image/png', samples.png);
    const task = { kind: 'task', id: randomUUID() };
    await claim(file.key, task);
    const res = await grant(file.key, { kind: 'task', id: randomUUID() });
    expect(res.status).toBe(404);
    const { url } = await readJson(grant(file.key, task));
    expect(
      (await t.request(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: 'x' })).status,
    ).toBe(403);
  });
});
