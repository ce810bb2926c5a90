import { fileMessages, limits } from '@baton/contracts/constants';
import { errorMessage } from '../http/client';

/** The platform's request wrapper (`useApiClient().request`): bearer token and the 401 rule. */
export type RequestFn = (path: string, init?: RequestInit) => Promise<Response>;

/** A file stored by `uploadFile`, as a task or folder form sends it on save. */
export interface UploadedFile {
  key: string;
  /** The signed URL without its query: the object's address the server checks against the key. */
  attachmentUrl: string;
  name: string;
  size: number;
  contentType: string;
}

export interface UploadOptions {
  /** Whole percent of the bytes sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** A failed upload; `message` is the sentence to show the person. */
export class UploadError extends Error {
  override name = 'UploadError';
}

interface Presigned {
  url: string;
  key: string;
  contentType: string;
  headers: Record<string, string>;
}

export const uploadPaths = { presign: '/api/uploads/presign/' } as const;

/** Whole percent of `loaded` out of `total`, within 0..100 (0 while the total is unknown). */
export const percentOf = (loaded: number, total: number) =>
  total > 0 ? Math.min(100, Math.max(0, Math.round((loaded / total) * 100))) : 0;

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

/**
 * Stores `file` (SPEC §7 Files): refuses a file over 25 MB before any request, asks the server for a signed
 * URL, then PUTs the bytes there with exactly the signed headers. XMLHttpRequest rather than fetch, because
 * only it reports upload progress. Rejects with `UploadError` (the sentence to show) or an AbortError.
 */
export async function uploadFile(
  request: RequestFn,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<UploadedFile> {
  if (file.size > limits.fileBytes) throw new UploadError(fileMessages.tooLarge);
  const presigned = await presign(request, file, signal);
  await put(presigned, file, { onProgress, signal });
  return {
    key: presigned.key,
    attachmentUrl: presigned.url.split(/[?#]/)[0] ?? presigned.url,
    name: file.name,
    size: file.size,
    contentType: presigned.contentType,
  };
}

async function presign(request: RequestFn, file: File, signal?: AbortSignal): Promise<Presigned> {
  let response: Response;
  try {
    response = await request(uploadPaths.presign, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ filename: file.name, contentType: file.type, size: file.size }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw abortError();
    throw new UploadError(fileMessages.uploadFailed, { cause: error });
  }
  if (!response.ok) throw new UploadError(await errorMessage(response, fileMessages.uploadFailed));
  const body = (await response.json().catch(() => null)) as Partial<Presigned> | null;
  if (typeof body?.url !== 'string' || typeof body.key !== 'string')
    throw new UploadError(fileMessages.uploadFailed);
  return {
    url: body.url,
    key: body.key,
    contentType: body.contentType ?? file.type,
    headers: body.headers ?? {},
  };
}

/** The bytes to the signed URL: no Authorization header (the URL is the credential; it may be S3). */
function put(target: Presigned, file: File, { onProgress, signal }: UploadOptions) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    let settled = false;
    const settle = (failure?: Error) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      if (failure) reject(failure);
      else resolve();
    };
    // Settles at once rather than waiting for the abort event, which not every XHR fires for a pending send.
    function cancel() {
      settle(abortError());
      xhr.abort();
    }
    xhr.open('PUT', target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(percentOf(event.loaded, event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) settle();
      else settle(new UploadError(xhr.status === 413 ? fileMessages.tooLarge : fileMessages.uploadRetry));
    };
    xhr.onerror = () => settle(new UploadError(fileMessages.uploadRetry));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle(abortError());
    signal?.addEventListener('abort', cancel);
    xhr.send(file);
  });
}
