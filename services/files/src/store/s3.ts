import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition, type ObjectStore } from './store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server; unset for AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Credentials; unset: the SDK's standard chain (AWS_ACCESS_KEY_ID, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Objects in an S3 bucket through presigned URLs (@aws-sdk/client-s3, s3-request-presigner). An upload URL
 * signs the content type and, when the browser said the size, the exact Content-Length: S3 refuses any
 * other body. A presigned PUT cannot bound a size it does not know, so the stored size is checked again
 * when the upload is claimed.
 */
export function s3Store(options: S3StoreOptions): ObjectStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials: options.credentials,
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    async presignUpload(key, { contentType, size, expiresInSeconds }) {
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: size,
      });
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(size === undefined ? ['content-type'] : ['content-type', 'content-length']),
      });
      return { url, headers: { 'Content-Type': contentType } };
    },
    presignDownload: (key, { filename, contentType, disposition, expiresInSeconds }) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: contentType,
          ResponseContentDisposition: contentDisposition(disposition, filename),
        }),
        { expiresIn: expiresInSeconds },
      ),
    async objectUrl(key) {
      const signed = new URL(await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key })));
      return `${signed.origin}${signed.pathname}`;
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async head(key, bytes) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
      );
      return answer.Body ? answer.Body.transformToByteArray() : new Uint8Array();
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
