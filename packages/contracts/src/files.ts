import { z } from 'zod';
import { fileMessages, limits } from './constants';

/** Where the local-disk store's signed object URLs live (served by the files service, through the gateway). */
export const OBJECT_PATH_PREFIX = '/files/objects/';
/** PUT and GET /files/objects/{key}?exp=…&sig=…: the object's key (the signature covers it). */
export const objectKeyParam = z.object({ key: z.string() });
/** A PUT's answer: the stored size and the type its first bytes prove. */
export const storedObjectResponse = z.object({
  key: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string().nullable().optional(),
});

/** A MIME type as `type/subtype` (parameters such as `; charset=utf-8` allowed). */
const mimeType = /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/;

// POST /api/uploads/presign/
export const presignUploadRequest = z.object({
  filename: z.string().trim().min(1, 'File name is required.').max(255),
  /** The browser's `File.type`; empty (unknown) means application/octet-stream. */
  contentType: z
    .string()
    .trim()
    .max(255)
    .transform((v) => v.toLowerCase() || 'application/octet-stream')
    .pipe(z.string().regex(mimeType, 'Content type must look like type/subtype.')),
  /** Beyond SPEC §7: the size the browser knows, so a too-large file is refused before any byte moves. */
  size: z.number().int().min(1, fileMessages.empty).max(limits.fileBytes, fileMessages.tooLarge).optional(),
});
export const presignUploadResponse = z.object({
  url: z.string(),
  key: z.string(),
  contentType: z.string(),
  /** Headers the PUT must carry (they are part of the signature). */
  headers: z.record(z.string(), z.string()),
});

// GET /api/uploads/usage/ (beyond SPEC): the person's file storage, as Settings shows it.
export const storageUsageResponse = z.object({
  /** Bytes of their stored and attached files, and of uploads under way (at their declared size). */
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type StorageUsage = z.infer<typeof storageUsageResponse>;

/** A stored file as the views show it next to a task or folder. */
export const attachmentInfo = z.object({
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});
export type AttachmentInfo = z.infer<typeof attachmentInfo>;

/** What a file belongs to once attached. */
export const fileOwnerRef = z.object({ kind: z.enum(['task', 'folder']), id: z.uuid() });
export type FileOwnerRef = z.infer<typeof fileOwnerRef>;

export const claimUploadRequest = z.object({
  key: z.string().min(1).max(512),
  ref: fileOwnerRef,
  /** The object URL the client sent along, checked against the key's. */
  url: z.string().max(2048).nullable().optional(),
});
export const claimUploadResponse = attachmentInfo.extend({ key: z.string(), url: z.string() });
export const releaseUploadRequest = z.object({ key: z.string().min(1).max(512), ref: fileOwnerRef });
/** `released`: false when it was not attached to `ref` (nothing to undo). */
export const releaseUploadResponse = z.object({ released: z.boolean() });
export const grantRequest = z.object({
  key: z.string().min(1).max(512),
  ref: fileOwnerRef,
  disposition: z.enum(['inline', 'attachment']),
});
