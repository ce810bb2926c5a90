import type { Readable } from 'node:stream';
import type { Grant } from './signing';

export type Disposition = 'inline' | 'attachment';

export interface PresignedUpload {
  url: string;
  /** Headers the PUT must send as they are: they are part of the signature. */
  headers: Record<string, string>;
}

export interface DownloadOptions {
  filename: string;
  contentType: string;
  disposition: Disposition;
  expiresInSeconds: number;
}

/**
 * Where the bytes live. Both stores hand out signed URLs, so bytes never pass through the files service's
 * memory: the local store serves its own URLs from disk (streamed), S3 serves presigned ones itself.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** A URL to PUT exactly this object once: signed for the key, the content type and (when known) the size. */
  presignUpload(
    key: string,
    options: { contentType: string; size?: number; maxBytes: number; expiresInSeconds: number },
  ): Promise<PresignedUpload>;
  presignDownload(key: string, options: DownloadOptions): Promise<string>;
  /** The object's unsigned address: names it, grants nothing. */
  objectUrl(key: string): Promise<string>;
  /** The stored size, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /** The first `bytes` bytes (fewer when the object is shorter), for type sniffing. */
  head(key: string, bytes: number): Promise<Uint8Array>;
  /** Removes the object; removing a missing object succeeds (deletes are retried). */
  delete(key: string): Promise<void>;
}

/** The local store also checks its signed URLs, receives and serves bytes (S3 does that itself). */
export interface ServingStore extends ObjectStore {
  kind: 'local';
  verify(method: Grant['method'], key: string, query: URLSearchParams): Grant | 'invalid' | 'expired';
  write(key: string, body: Readable, maxBytes: number): Promise<number>;
  read(key: string): Readable;
}

/** `content-disposition` with the original name, safe for any characters (RFC 6266 / 5987). */
export function contentDisposition(disposition: Disposition, filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
