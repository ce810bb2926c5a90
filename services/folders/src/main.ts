import { runServiceProcess } from '@baton/service-kit';
import { z } from 'zod';
import { createFolders, SERVICE_NAME } from './app';
import { foldersConfigSchema } from './config';

/** folders as its own process (distributed topology): `npm start -w @baton/folders`. */
runServiceProcess({
  name: SERVICE_NAME,
  port: 7103,
  config: foldersConfigSchema.extend({
    IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
    FILES_URL: z.url().default('http://127.0.0.1:7105'),
  }),
  start: (env, { bus, logger }) =>
    createFolders({
      databaseUrl: env.DATABASE_URL,
      bus,
      logger,
      config: env,
      keys: new URL('/.well-known/jwks.json', env.IDENTITY_URL),
      files: (path, init) => fetch(new URL(path, env.FILES_URL), init),
    }),
});
