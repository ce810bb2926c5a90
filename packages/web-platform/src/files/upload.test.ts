import { fileMessages, limits } from '@baton/contracts/constants';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { saveAuth } from '../auth/storage';
import { createApiClient } from '../http/client';
import { FakeUpload, useFakeUploads } from '../testing/fake-upload';
import { storageOrigin, uploadHandlers } from '../testing/upload-msw';
import { mockServer } from '../testing-msw';
import { percentOf, UploadError, uploadFile } from './upload';

const server = mockServer();

/** The file a person picked: its bytes are what the test checks arrive. */
const report = () => new File(['quarterly figures'], 'report.txt', { type: 'text/plain' });

/** A signed-in request wrapper, so the presign call carries a bearer token. */
function signedInRequest() {
  saveAuth(
    { accessToken: 'access-1', refreshToken: 'r', email: 'a@x.io', firstName: 'A', lastName: 'B' },
    true,
  );
  return createApiClient().request;
}

/** The sentence an upload failed with (fails the test when it did not fail). */
async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return (error as UploadError).message;
}

describe('uploadFile', () => {
  it('presigns with the bearer token, PUTs the bytes with the signed headers only, and reports progress', async () => {
    const { handlers, calls } = uploadHandlers();
    const authorizations: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/uploads/presign/'))
        authorizations.push(request.headers.get('authorization'));
    });
    server.use(...handlers);
    const progress: number[] = [];
    const uploaded = await uploadFile(signedInRequest(), report(), { onProgress: (p) => progress.push(p) });
    server.events.removeAllListeners();

    expect(authorizations).toEqual(['Bearer access-1']);
    expect(calls.presign).toEqual([{ filename: 'report.txt', contentType: 'text/plain', size: 17 }]);
    expect(calls.put).toEqual([
      {
        url: `${storageOrigin}/objects/upload-1?exp=1&sig=abc`,
        contentType: 'text/plain',
        authorization: null,
        bytes: 17,
      },
    ]);
    // msw reports the upload's progress once, when the body is read: 17 of 17 bytes.
    expect(progress).toEqual([100]);
    expect(uploaded).toEqual({
      key: 'upload-1',
      attachmentUrl: `${storageOrigin}/objects/upload-1`,
      name: 'report.txt',
      size: 17,
      contentType: 'text/plain',
    });
  });

  it('sends an unknown type as an empty contentType', async () => {
    const { handlers, calls } = uploadHandlers();
    server.use(...handlers);
    await uploadFile(signedInRequest(), new File(['x'], 'blob.bin'));
    expect(calls.presign[0]?.contentType).toBe('');
    expect(calls.put[0]?.contentType).toBe('application/octet-stream');
  });

  it('refuses a file over 25 MB before any request', async () => {
    const { handlers, calls } = uploadHandlers();
    server.use(...handlers);
    const big = new File(['x'], 'big.mov');
    Object.defineProperty(big, 'size', { value: limits.fileBytes + 1 });
    expect(await failureOf(uploadFile(signedInRequest(), big))).toBe(fileMessages.tooLarge);
    expect(calls.presign).toHaveLength(0);
  });

  it.each([
    [
      "the server's message",
      () =>
        HttpResponse.json({ error: 'The file is empty.', message: 'The file is empty.' }, { status: 400 }),
      'The file is empty.',
    ],
    [
      '"Upload failed" without one',
      () => new HttpResponse('oops', { status: 502 }),
      fileMessages.uploadFailed,
    ],
    [
      '"Upload failed" for an answer without url',
      () => HttpResponse.json({ key: 'k' }),
      fileMessages.uploadFailed,
    ],
    ['"Upload failed" offline', () => HttpResponse.error(), fileMessages.uploadFailed],
  ])('a failed presign gives %s and no PUT', async (_case, presign, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handlers, calls } = uploadHandlers({ presign });
    server.use(...handlers);
    expect(await failureOf(uploadFile(signedInRequest(), report()))).toBe(message);
    expect(calls.put).toHaveLength(0);
  });

  it.each([
    [
      'a 413 says the file is too large',
      () => new HttpResponse(null, { status: 413 }),
      fileMessages.tooLarge,
    ],
    ['a 403 asks to try again', () => new HttpResponse(null, { status: 403 }), fileMessages.uploadRetry],
    ['a network error asks to try again', () => HttpResponse.error(), fileMessages.uploadRetry],
  ])('a failed PUT: %s', async (_case, put, message) => {
    const { handlers } = uploadHandlers({ put });
    server.use(...handlers);
    expect(await failureOf(uploadFile(signedInRequest(), report()))).toBe(message);
  });

  it('stops on abort with an AbortError, not an UploadError', async () => {
    const { handlers, calls } = uploadHandlers();
    server.use(...handlers);
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadFile(signedInRequest(), report(), { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls.put).toHaveLength(0);
  });

  it('aborts a running PUT', async () => {
    const controller = new AbortController();
    const { handlers } = uploadHandlers({
      // The person cancels while the bytes are on their way; the storage's later answer changes nothing.
      put: () => {
        controller.abort();
        return new HttpResponse(null, { status: 200 });
      },
    });
    server.use(...handlers);
    await expect(
      uploadFile(signedInRequest(), report(), { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('upload progress', () => {
  it('reports whole percents as the bytes go out, only when the total is known', async () => {
    const { handlers } = uploadHandlers();
    server.use(...handlers);
    const restore = useFakeUploads();
    try {
      const progress: number[] = [];
      const done = uploadFile(signedInRequest(), report(), { onProgress: (p) => progress.push(p) });
      await vi.waitFor(() => FakeUpload.latest());
      const put = FakeUpload.latest();
      expect(put.method).toBe('PUT');
      expect(put.headers).toEqual({ 'Content-Type': 'text/plain' });
      put.progress(5, 17);
      put.upload.onprogress?.({ lengthComputable: false, loaded: 9, total: 0 } as ProgressEvent);
      put.progress(17, 17);
      put.respond(201);
      await done;
      expect(progress).toEqual([29, 100]);
    } finally {
      restore();
    }
  });
});

describe('percentOf', () => {
  it('gives whole percents within 0..100, 0 while the total is unknown', () => {
    expect(percentOf(0, 200)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(199, 200)).toBe(100);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
});
