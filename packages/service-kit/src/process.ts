import { internalRoutes } from '@baton/contracts';
import { createMailer, type Mailer } from '@baton/mailer';
import { z } from 'zod';
import { EnvError, envVars, parseEnv } from './env';
import { closeServer, Lifecycle, listen } from './lifecycle';
import { createLogger, type Logger } from './logger';
import { NatsBus } from './nats-bus';

/** What every service process reads besides its own settings (the distributed topology). */
const processEnv = {
  DATABASE_URL: envVars.url,
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  HOST: z.string().default('127.0.0.1'),
};

/**
 * What a service that sends mail reads besides: its config extends this (`serviceEnv(config.extend(mailEnv),
 * port)`), and only then does its process get a mailer, so a deployment gives SMTP only to those that mail.
 */
/** Where identity publishes its public signing keys, on its base URL (the verifier of every other process). */
export const jwksUrl = (identityUrl: string | URL) => new URL(internalRoutes.jwks.path, identityUrl);

export const mailEnv = {
  SMTP_URL: z.string().min(1).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Baton <no-reply@baton.local>'),
};

interface Service {
  app: { fetch: Parameters<typeof listen>[0] };
  close(): Promise<void>;
}

/**
 * Everything a service process reads from its environment: its own `config` (with `mailEnv` when it sends
 * mail), the database, NATS, the host and the port (`port` when unset). Deployments check their files
 * against it (deploy/src/processes.ts).
 */
export function serviceEnv<S extends z.ZodRawShape>(config: z.ZodObject<S>, port: number) {
  return config.extend({ ...processEnv, PORT: envVars.port(port) });
}
/** What every service process's environment holds, whatever its own settings. */
type CommonEnv = z.output<z.ZodObject<typeof processEnv>> & { PORT: number };
type MailSettings = z.output<z.ZodObject<typeof mailEnv>>;

/** The mailer of a service whose environment has no SMTP settings: sending is a bug. */
const refusingMailer = (name: string): Mailer => ({
  send: async () => {
    throw new Error(`${name} sends no mail: give its config mailEnv`);
  },
  close: () => {},
});

/**
 * Runs a service as its own process: parses its environment (`serviceEnv`), connects NATS and, when its
 * environment has `mailEnv`, the mailer (else a mailer that refuses to send), builds the service, listens,
 * and on SIGINT/SIGTERM closes HTTP, the service, the mailer and NATS in order. A bad environment exits 1
 * with the list.
 */
export function runServiceProcess<E extends z.ZodObject>(options: {
  name: string;
  env: E;
  start: (
    env: z.output<E> & CommonEnv,
    parts: { bus: NatsBus; mailer: Mailer; logger: Logger },
  ) => Promise<Service>;
}) {
  const main = async () => {
    // One parse, so a bad environment lists every problem at once.
    const env = parseEnv(options.env) as z.output<E> & CommonEnv & Partial<MailSettings>;
    const logger = createLogger({ name: options.name });
    const lifecycle = new Lifecycle(logger);
    const bus = await NatsBus.connect({ url: env.NATS_URL, name: options.name, logger });
    lifecycle.onClose('nats', () => bus.close());
    const mailer =
      env.SMTP_URL && env.MAIL_FROM
        ? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
        : refusingMailer(options.name);
    lifecycle.onClose('mailer', () => mailer.close());
    const service = await options.start(env, { bus, mailer, logger });
    lifecycle.onClose(options.name, () => service.close());
    const { port, server } = await listen(service.app.fetch, env.PORT, env.HOST);
    lifecycle.onClose('http', () => closeServer(server));
    lifecycle.handleSignals();
    logger.info({ port }, `${options.name} listening`);
  };
  main().catch((error) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  });
}
