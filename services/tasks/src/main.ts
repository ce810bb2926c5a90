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
import { createTasks, SERVICE_NAME } from './app';
import { tasksConfigSchema } from './config';

/** tasks as its own process (distributed topology): `npm start -w @baton/tasks`. */
const envSchema = tasksConfigSchema.extend({
  DATABASE_URL: envVars.url,
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  SMTP_URL: z.string().min(1).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Baton <no-reply@baton.local>'),
  IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
  PORT: envVars.port(7102),
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
  const tasks = await createTasks({
    databaseUrl: env.DATABASE_URL,
    bus,
    mailer,
    logger,
    config: env,
    keys: new URL('/.well-known/jwks.json', env.IDENTITY_URL),
    identity: (path, init) => fetch(new URL(path, env.IDENTITY_URL), init),
  });
  lifecycle.onClose('tasks', () => tasks.close());
  const { port, server } = await listen(tasks.app.fetch, env.PORT, env.HOST);
  lifecycle.onClose('http', () => closeServer(server));
  lifecycle.handleSignals();
  logger.info({ port }, 'tasks listening');
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
