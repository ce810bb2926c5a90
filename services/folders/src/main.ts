import { jwksUrl, runServiceProcess } from '@baton/service-kit';
import { createFolders, SERVICE_NAME } from './app';
import { foldersProcessEnv } from './config';

/** folders as its own process (distributed topology): `npm start -w @baton/folders`. */
runServiceProcess({
  name: SERVICE_NAME,
  env: foldersProcessEnv,
  start: (env, { bus, logger }) =>
    createFolders({
      databaseUrl: env.DATABASE_URL,
      bus,
      logger,
      config: env,
      keys: jwksUrl(env.IDENTITY_URL),
      files: (path, init) => fetch(new URL(path, env.FILES_URL), init),
      tasks: (path, init) => fetch(new URL(path, env.TASKS_URL), init),
    }),
});
