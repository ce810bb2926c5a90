import { createMailer } from '@baton/mailer';
import {
  closeServer,
  createLogger,
  EnvError,
  envVars,
  Lifecycle,
  listen,
  NatsBus,
  parseEnv,
} from '@baton/service-kit';
import { z } from 'zod';
import { createIdentity, SERVICE_NAME } from './app';
import { identityConfigSchema } from './config';

/** identity as its own process (distributed topology): `npm start -w @baton/identity`. */
const envSchema = identityConfigSchema.extend({
  DATABASE_URL: envVars.url,
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  SMTP_URL: z.string().min(1).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Baton <no-reply@baton.local>'),
  PORT: envVars.port(7101),
  HOST: z.string().default('127.0.0.1'),
});

async function main() {
  const env = parseEnv(envSchema);
  const logger = createLogger({ name: SERVICE_NAME });
  const lifecycle = new Lifecycle(logger);
  const bus = await NatsBus.connect({ url: env.NATS_URL, name: SERVICE_NAME, logger });
  lifecycle.onClose('nats', () => bus.close());
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  lifecycle.onClose('mailer', () => mailer.close());
  const identity = await createIdentity({ databaseUrl: env.DATABASE_URL, bus, mailer, logger, config: env });
  lifecycle.onClose('identity', () => identity.close());
  const { port, server } = await listen(identity.app.fetch, env.PORT, env.HOST);
  lifecycle.onClose('http', () => closeServer(server));
  lifecycle.handleSignals();
  logger.info({ port }, 'identity listening');
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
