import { envVars, jwtEnv, serviceEnv } from '@baton/service-kit';
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

export const filesConfigSchema = z.object({
  ...jwtEnv,
  /** The app's public origin: the local store's signed URLs point at it (the gateway forwards them here). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** The local store keeps objects under FILES_DIR, by default `<BATON_DATA_DIR>/files`. */
  BATON_DATA_DIR: z.string().default('.data'),
  FILES_DIR: optional,
  /** Set to store objects in S3 (or an S3-compatible server at S3_ENDPOINT) instead of on local disk. */
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  /** SPEC §7: the object storage region defaults to us-east-2. */
  S3_REGION: z.string().min(1).default('us-east-2'),
  /** Path-style URLs (`endpoint/bucket/key`); on by default with S3_ENDPOINT, as S3-compatible servers expect. */
  S3_FORCE_PATH_STYLE: optional.pipe(z.enum(['true', 'false']).optional()),
  /** How long a presigned upload URL works. */
  UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  /** How long a preview or download URL works. */
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Each person's file storage: stored and attached files, and uploads under way at their declared size. */
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(1024),
  /** Upload URLs one person may ask for a minute (off with RATE_LIMITS=false, for benchmarks). */
  PRESIGNS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMITS: envVars.bool(true),
  /** Uploads nothing claimed within this many hours are deleted. */
  UNCLAIMED_UPLOAD_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
});
export type FilesConfig = z.infer<typeof filesConfigSchema>;

export const defaultFilesConfig = (): FilesConfig => filesConfigSchema.parse({});

/** The process's whole environment (`npm start -w @baton/files`, containers, manifests). */
export const filesProcessEnv = serviceEnv(
  filesConfigSchema.extend({
    IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
    /** Its database on the DATABASE_URL server (tests run several side by side). */
    FILES_DATABASE: z.string().default('baton_files'),
  }),
  7105,
);
