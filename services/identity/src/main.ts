import { runServiceProcess } from '@baton/service-kit';
import { createIdentity, SERVICE_NAME } from './app';
import { identityConfigSchema } from './config';

/** identity as its own process (distributed topology): `npm start -w @baton/identity`. */
runServiceProcess({
  name: SERVICE_NAME,
  port: 7101,
  config: identityConfigSchema,
  start: (env, { bus, mailer, logger }) =>
    createIdentity({ databaseUrl: env.DATABASE_URL, bus, mailer, logger, config: env }),
});
