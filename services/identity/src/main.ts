import { runServiceProcess } from '@baton/service-kit';
import { createIdentity, SERVICE_NAME } from './app';
import { identityProcessEnv } from './config';

/** identity as its own process (distributed topology): `npm start -w @baton/identity`. */
runServiceProcess({
  name: SERVICE_NAME,
  env: identityProcessEnv,
  start: (env, { bus, mailer, logger }) =>
    createIdentity({ databaseUrl: env.DATABASE_URL, bus, mailer, logger, config: env }),
});
