import { z } from 'zod';

export const notificationsConfigSchema = z.object({
  JWT_ISSUER: z.string().min(1).default('baton-identity'),
  JWT_AUDIENCE: z.string().min(1).default('baton'),
  /** Newest notifications one GET /notifications/ returns (the badge reads "99+" beyond 99). */
  NOTIFICATIONS_LIST_LIMIT: z.coerce.number().int().min(100).max(1000).default(200),
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export const defaultNotificationsConfig = (): NotificationsConfig => notificationsConfigSchema.parse({});
