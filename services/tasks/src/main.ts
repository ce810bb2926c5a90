import { runServiceProcess } from '@baton/service-kit';
import { z } from 'zod';
import { createTasks, SERVICE_NAME } from './app';
import { tasksConfigSchema } from './config';

/** tasks as its own process (distributed topology): `npm start -w @baton/tasks`. */
runServiceProcess({
  name: SERVICE_NAME,
  port: 7102,
  config: tasksConfigSchema.extend({
    IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
    FILES_URL: z.url().default('http://127.0.0.1:7105'),
  }),
  start: (env, { bus, mailer, logger }) =>
    createTasks({
      databaseUrl: env.DATABASE_URL,
      bus,
      mailer,
      logger,
      config: env,
      keys: new URL('/.well-known/jwks.json', env.IDENTITY_URL),
      identity: (path, init) => fetch(new URL(path, env.IDENTITY_URL), init),
      files: (path, init) => fetch(new URL(path, env.FILES_URL), init),
    }),
});
