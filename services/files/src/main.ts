import { jwksUrl, runServiceProcess } from '@baton/service-kit';
import { createFiles, SERVICE_NAME } from './app';
import { filesProcessEnv } from './config';

/** files as its own process (distributed topology): `npm start -w @baton/files`. */
runServiceProcess({
  name: SERVICE_NAME,
  env: filesProcessEnv,
  start: (env, { bus, logger }) =>
    createFiles({
      databaseUrl: env.DATABASE_URL,
      database: env.FILES_DATABASE,
      bus,
      logger,
      config: env,
      keys: jwksUrl(env.IDENTITY_URL),
    }),
});
