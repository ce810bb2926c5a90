import { jwksUrl, runServiceProcess } from '@baton/service-kit';
import { createTasks, SERVICE_NAME } from './app';
import { tasksProcessEnv } from './config';

/** tasks as its own process (distributed topology): `npm start -w @baton/tasks`. */
runServiceProcess({
  name: SERVICE_NAME,
  env: tasksProcessEnv,
  start: (env, { bus, mailer, logger }) =>
    createTasks({
      databaseUrl: env.DATABASE_URL,
      bus,
      mailer,
      logger,
      config: env,
      keys: jwksUrl(env.IDENTITY_URL),
      identity: (path, init) => fetch(new URL(path, env.IDENTITY_URL), init),
      files: (path, init) => fetch(new URL(path, env.FILES_URL), init),
    }),
});
