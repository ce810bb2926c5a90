import { jwtEnv, serviceEnv } from '@baton/service-kit';
import { z } from 'zod';

export const notificationsConfigSchema = z.object({
  ...jwtEnv,
  /** Newest notifications one GET /notifications/ returns (the badge reads "99+" beyond 99). */
  NOTIFICATIONS_LIST_LIMIT: z.coerce.number().int().min(100).max(1000).default(200),
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export const defaultNotificationsConfig = (): NotificationsConfig => notificationsConfigSchema.parse({});

/** The process's whole environment (`npm start -w @baton/notifications`, containers, manifests). */
export const notificationsProcessEnv = serviceEnv(
  notificationsConfigSchema.extend({
    IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
    /** Its database on the DATABASE_URL server (tests run several side by side). */
    NOTIFICATIONS_DATABASE: z.string().default('baton_notifications'),
  }),
  7104,
);
