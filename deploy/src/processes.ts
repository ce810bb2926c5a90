import { filesProcessEnv } from '@baton/files';
import { foldersProcessEnv } from '@baton/folders';
import { gatewayEnvSchema } from '@baton/gateway';
import { identityProcessEnv } from '@baton/identity';
import { notificationsProcessEnv } from '@baton/notifications';
import { tasksProcessEnv } from '@baton/tasks';
import type { z } from 'zod';

/** Every process a deployment runs, by its container and workload name, with the environment it reads. */
export const processEnvs: Record<string, z.ZodObject> = {
  identity: identityProcessEnv,
  tasks: tasksProcessEnv,
  folders: foldersProcessEnv,
  notifications: notificationsProcessEnv,
  files: filesProcessEnv,
  gateway: gatewayEnvSchema,
};

/** What every process reads besides its schema: the log level (service-kit's logger). */
const everyProcessReads = ['LOG_LEVEL'];
/** The AWS SDK's credentials, read by a process that holds an S3 client (the default credential chain). */
const awsCredentials = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'];
/** What a process reads besides its schema and `everyProcessReads`. */
const readOutsideSchema: Record<string, string[]> = {
  files: awsCredentials,
  // The release store, when it is a bucket.
  gateway: awsCredentials,
};

/**
 * Every variable a process reads (its schema, the log level, the SDKs' own), so a deployment can give it
 * those and nothing else: the gateway, for one, never reads DATABASE_URL or SMTP_URL, and only identity,
 * tasks and notifications send mail.
 */
export function processVariables(name: string) {
  const schema = processEnvs[name];
  if (!schema) throw new Error(`no process ${name}`);
  return [...Object.keys(schema.shape), ...everyProcessReads, ...(readOutsideSchema[name] ?? [])].sort();
}

/** URLs a process may leave unset on any machine: derived from another (JWKS_URL) or only for S3-compatibles. */
const optionalUrls = new Set(['JWKS_URL', 'S3_ENDPOINT']);

/**
 * What a deployment on several machines must give a process: the variables it cannot start without, and
 * every URL, whose defaults (127.0.0.1, localhost) only hold when everything runs on one machine.
 */
export function deploymentVariables(schema: z.ZodObject) {
  return Object.entries(schema.shape)
    .filter(
      ([key, type]) =>
        !(type as z.ZodType).safeParse(undefined).success || (key.endsWith('_URL') && !optionalUrls.has(key)),
    )
    .map(([key]) => key)
    .sort();
}
