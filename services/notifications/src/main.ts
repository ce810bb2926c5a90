import { runServiceProcess } from '@baton/service-kit';
import { z } from 'zod';
import { createNotifications, SERVICE_NAME } from './app';
import { notificationsConfigSchema } from './config';

/** notifications as its own process (distributed topology): `npm start -w @baton/notifications`. */
runServiceProcess({
  name: SERVICE_NAME,
  port: 7104,
  config: notificationsConfigSchema.extend({
    IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
    /** Its database on the DATABASE_URL server (tests run several side by side). */
    NOTIFICATIONS_DATABASE: z.string().default('baton_notifications'),
  }),
  start: (env, { bus, logger }) =>
    createNotifications({
      databaseUrl: env.DATABASE_URL,
      database: env.NOTIFICATIONS_DATABASE,
      bus,
      logger,
      config: env,
      keys: new URL('/.well-known/jwks.json', env.IDENTITY_URL),
    }),
});
