import { runServiceProcess } from '@baton/service-kit';
import { z } from 'zod';
import { createFiles, SERVICE_NAME } from './app';
import { filesConfigSchema } from './config';

/** files as its own process (distributed topology): `npm start -w @baton/files`. */
runServiceProcess({
  name: SERVICE_NAME,
  port: 7105,
  config: filesConfigSchema.extend({
    IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
    /** Its database on the DATABASE_URL server (tests run several side by side). */
    FILES_DATABASE: z.string().default('baton_files'),
  }),
  start: (env, { bus, logger }) =>
    createFiles({
      databaseUrl: env.DATABASE_URL,
      database: env.FILES_DATABASE,
      bus,
      logger,
      config: env,
      keys: new URL('/.well-known/jwks.json', env.IDENTITY_URL),
    }),
});
