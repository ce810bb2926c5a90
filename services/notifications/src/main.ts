import { jwksUrl, runServiceProcess } from '@baton/service-kit';
import { createNotifications, SERVICE_NAME } from './app';
import { notificationsProcessEnv } from './config';

/** notifications as its own process (distributed topology): `npm start -w @baton/notifications`. */
runServiceProcess({
  name: SERVICE_NAME,
  env: notificationsProcessEnv,
  start: (env, { bus, mailer, logger }) =>
    createNotifications({
      databaseUrl: env.DATABASE_URL,
      database: env.NOTIFICATIONS_DATABASE,
      bus,
      mailer,
      logger,
      config: env,
      keys: jwksUrl(env.IDENTITY_URL),
    }),
});
