import { envVars, jwtEnv, mailEnv, serviceEnv } from '@baton/service-kit';
import { z } from 'zod';

export const notificationsConfigSchema = z.object({
  ...jwtEnv,
  /** Where the links in mails point (tasks, settings, unsubscribe). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** The public unsubscribe route's cap per client address (off only for benchmarks). */
  RATE_LIMITS: envVars.bool(true),
  /** Newest notifications one GET /notifications/ returns (the badge reads "99+" beyond 99). */
  NOTIFICATIONS_LIST_LIMIT: z.coerce.number().int().min(100).max(1000).default(200),
  /**
   * How often the job runner looks for jobs that came due (reminders, digests, pushes); a job queued due now
   * wakes it at once (LISTEN/NOTIFY). Tests shorten it.
   */
  SCHEDULER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** Jobs one replica's runner runs at a time (its own pool holds 3 connections; handlers use the service's). */
  SCHEDULER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * Web push: who push services may contact about this server's pushes (RFC 8292), a `mailto:` or `https:`
   * URL. Unset: the site's address when it is https, else a mailto: at its host.
   */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+|https:\/\/.+)$/, 'VAPID_SUBJECT is a mailto: or https: URL')
    .optional(),
  /**
   * Web push: origins taken as push services besides the known ones (FCM, Mozilla, Apple, Windows),
   * comma-separated; only tests set it, for a push service of their own (any other endpoint is refused, so a
   * subscription cannot make the server call into its own network).
   */
  PUSH_TEST_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((url) => new URL(url).origin))),
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export const defaultNotificationsConfig = (): NotificationsConfig => notificationsConfigSchema.parse({});

/** The process's whole environment (`npm start -w @baton/notifications`, containers, manifests). */
export const notificationsProcessEnv = serviceEnv(
  notificationsConfigSchema.extend({
    ...mailEnv,
    IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
    /** Its database on the DATABASE_URL server (tests run several side by side). */
    NOTIFICATIONS_DATABASE: z.string().default('baton_notifications'),
  }),
  7104,
);
