import { randomBytes } from 'node:crypto';
import type {
  claimUploadRequest,
  FileOwnerRef,
  grantRequest,
  presignUploadRequest,
  releaseUploadRequest,
} from '@baton/contracts';
import { fileMessages, limits } from '@baton/contracts/constants';
import { type AuthContext, badRequest, conflict, HttpError, unauthorized } from '@baton/service-kit';
import type { z } from 'zod';
import type { FilesDb, FilesDeps, FilesTrx } from '../../context';
import { canPreview, SNIFF_BYTES, sniffContentType } from '../../sniff';
import type { ObjectStore } from '../../store/store';
import {
  attachedUpload,
  attachUpload,
  detachUpload,
  insertUpload,
  isErased,
  lockQuota,
  markDeleted,
  markStored,
  ownUpload,
  type Upload,
  uploadByKey,
  usedBytes,
} from './uploads.repository';

/** 192 random bits, URL-safe: unguessable and never derived from the file's name. */
export const newUploadKey = () => randomBytes(24).toString('base64url');
export const UPLOAD_KEY = /^[A-Za-z0-9_-]{32}$/;

export const tooLarge = () => new HttpError(413, 'payload_too_large', fileMessages.tooLarge);
const notYours = () => badRequest(fileMessages.notYours);

export const quotaBytesOf = (config: FilesDeps['config']) => config.STORAGE_QUOTA_MB * 1024 * 1024;

/** The person's file storage, as Settings shows it. */
export const storageUsage = async (deps: FilesDeps, ownerId: string) => ({
  usedBytes: await usedBytes(deps.db, ownerId),
  quotaBytes: quotaBytesOf(deps.config),
});

/**
 * Registers a pending upload of `me` and signs the URL its bytes go to: refused to a deleted account (401),
 * past the person's presign rate (429), or when their files and this one (its declared size, else the
 * largest allowed) would pass their quota (413). Checked and registered under a lock on the person, so two
 * at once cannot both fit.
 */
export async function presignUpload(
  deps: FilesDeps,
  me: AuthContext,
  body: z.output<typeof presignUploadRequest>,
) {
  if (await isErased(deps.db, me.userId)) throw unauthorized('Token is invalid or expired');
  const key = newUploadKey();
  const declared = body.size ?? limits.fileBytes;
  await deps.write(async (trx) => {
    await deps.presignLimit.consume(me.userId, trx);
    await lockQuota(trx, me.userId);
    const used = await usedBytes(trx, me.userId);
    const quota = quotaBytesOf(deps.config);
    if (used + declared > quota)
      throw new HttpError(413, 'payload_too_large', fileMessages.quotaFull(used, quota));
    await insertUpload(trx, {
      key,
      owner_id: me.userId,
      filename: body.filename,
      declared_type: body.contentType,
      state: 'pending',
      content_type: null,
      size: null,
      declared_size: String(declared),
      ref_kind: null,
      ref_id: null,
      stored_at: null,
      attached_at: null,
      deleted_at: null,
    });
  });
  const { url, headers } = await deps.store.presignUpload(key, {
    contentType: body.contentType,
    size: body.size,
    maxBytes: limits.fileBytes,
    expiresInSeconds: deps.config.UPLOAD_URL_TTL_SECONDS,
  });
  return { url, key, contentType: body.contentType, headers };
}

/**
 * Checks the bytes stored for a pending upload and records them: the size again (S3 cannot always bound it
 * in the URL), never empty, and the type the first bytes prove. A file that breaks the limits is deleted.
 * Returns null while nothing is stored under the key.
 */
export async function confirmStored(deps: FilesDeps, upload: Upload): Promise<Upload | null> {
  const size = await deps.store.size(upload.key);
  if (size === null) return null;
  if (size === 0 || size > limits.fileBytes) {
    await deleteUploads(deps.db, deps.store, [upload]);
    throw size === 0 ? badRequest(fileMessages.empty) : tooLarge();
  }
  const contentType = await sniffContentType(
    await deps.store.head(upload.key, SNIFF_BYTES),
    upload.declared_type,
  );
  const stored = await markStored(deps.db, upload.key, { size, contentType });
  // Confirmed meanwhile by another request (an upload and a claim at once): theirs stands.
  if (stored) return stored;
  return (await uploadByKey(deps.db, upload.key)) ?? null;
}

const sameRef = (upload: Upload, ref: FileOwnerRef) =>
  upload.ref_kind === ref.kind && upload.ref_id === ref.id;
const withoutQuery = (url: string) => url.split(/[?#]/)[0];

/**
 * Attaches an upload to a task or folder. Only its owner (the bearer of the token, never a name in the
 * body) may, only once its bytes are stored, and only to one thing; attaching again to the same is a no-op.
 */
export async function claimUpload(
  deps: FilesDeps,
  me: AuthContext,
  body: z.output<typeof claimUploadRequest>,
) {
  let upload = await ownUpload(deps.db, body.key, me.userId);
  if (!upload) throw notYours();
  if (upload.state === 'attached' && !sameRef(upload, body.ref)) throw conflict(fileMessages.inUse);
  if (upload.state === 'pending') upload = (await confirmStored(deps, upload)) ?? undefined;
  if (!upload) throw badRequest(fileMessages.notStored);
  const url = await deps.store.objectUrl(upload.key);
  if (body.url && withoutQuery(body.url) !== url) throw badRequest(fileMessages.urlMismatch);
  const attached = await attachUpload(deps.db, upload.key, body.ref);
  if (!attached) throw conflict(fileMessages.inUse); // claimed elsewhere meanwhile
  return { key: attached.key, url, ...infoOf(attached) };
}

/**
 * Undoes a claim of the token owner's upload by `ref` whose row was never written (its transaction failed):
 * the upload is stored and unclaimed again, to attach elsewhere or to be swept.
 */
export async function releaseUpload(
  deps: FilesDeps,
  me: AuthContext,
  body: z.output<typeof releaseUploadRequest>,
) {
  return { released: await detachUpload(deps.db, body.key, me.userId, body.ref) };
}

const infoOf = (upload: Upload) => ({
  name: upload.filename,
  contentType: upload.content_type ?? 'application/octet-stream',
  size: Number(upload.size ?? 0),
});

/**
 * A short-lived URL for the file attached to `ref`. Inline only for types the preview shows (images, PDF,
 * plain text); HTML, SVG and everything else always download.
 */
export async function grantUrl(deps: FilesDeps, body: z.output<typeof grantRequest>) {
  const upload = await attachedUpload(deps.db, body.key, body.ref);
  if (!upload) throw new HttpError(404, 'not_found', fileMessages.noAttachment);
  const info = infoOf(upload);
  const previewable = canPreview(info.contentType);
  const url = await deps.store.presignDownload(upload.key, {
    filename: info.name,
    contentType: info.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : info.contentType,
    disposition: body.disposition === 'inline' && previewable ? 'inline' : 'attachment',
    expiresInSeconds: deps.config.DOWNLOAD_URL_TTL_SECONDS,
  });
  return {
    filename: info.name,
    name: info.name,
    content_type: info.contentType,
    size: info.size,
    url,
    can_preview: previewable,
  };
}

/**
 * Marks uploads deleted and removes their bytes, in the caller's transaction: a store failure rolls the
 * marks back, so a retried event deletes what is left (removing a missing object succeeds).
 */
export async function deleteUploads(db: FilesDb | FilesTrx, store: ObjectStore, uploads: { key: string }[]) {
  if (uploads.length === 0) return;
  const keys = uploads.map((u) => u.key);
  await markDeleted(db, keys);
  for (const key of keys) await store.delete(key);
}
