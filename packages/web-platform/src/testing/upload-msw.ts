import { HttpResponse, http } from 'msw';
import { uploadPaths } from '../files/upload';

/** Where the fake object storage lives: another origin, as S3 would be. */
export const storageOrigin = 'https://storage.test';

export interface PresignCall {
  filename: string;
  contentType: string;
  size: number;
}

export interface PutCall {
  url: string;
  contentType: string | null;
  authorization: string | null;
  bytes: number;
}

type Reply = () => Response | Promise<Response>;

/**
 * msw handlers for an upload: the presign route hands out `${storageOrigin}/objects/<key>?sig=…` with a
 * signed Content-Type header, and the storage takes the PUT. `presign` or `put` replace either answer (a
 * failure, or a wait on a gate); `calls` records what the browser sent.
 */
export function uploadHandlers({ presign, put }: { presign?: Reply; put?: Reply } = {}) {
  const calls = { presign: [] as PresignCall[], put: [] as PutCall[] };
  const handlers = [
    http.post(uploadPaths.presign, async ({ request }) => {
      const body = (await request.json()) as PresignCall;
      calls.presign.push(body);
      if (presign) return presign();
      const key = `upload-${calls.presign.length}`;
      const contentType = body.contentType || 'application/octet-stream';
      return HttpResponse.json({
        url: `${storageOrigin}/objects/${key}?exp=1&sig=abc`,
        key,
        contentType,
        headers: { 'Content-Type': contentType },
      });
    }),
    http.put(`${storageOrigin}/objects/:key`, async ({ request }) => {
      calls.put.push({
        url: request.url,
        contentType: request.headers.get('content-type'),
        authorization: request.headers.get('authorization'),
        bytes: (await request.arrayBuffer()).byteLength,
      });
      return put ? put() : new HttpResponse(null, { status: 200 });
    }),
  ];
  return { handlers, calls };
}
