import { join } from 'node:path';
import { createFiles, filesConfigSchema, storageOriginOf } from '@baton/files';
import { createFolders, foldersConfigSchema } from '@baton/folders';
import {
  gatewayEnvSchema,
  inProcessUpstream,
  repoRoot,
  startConfiguredGateway,
  upstreamReadiness,
} from '@baton/gateway';
import { createIdentity, identityConfigSchema } from '@baton/identity';
import { startEmbeddedPostgres } from '@baton/local-infra';
import { createMailer } from '@baton/mailer';
import { createNotifications, notificationsConfigSchema } from '@baton/notifications';
import {
  createLogger,
  EnvError,
  type EventBus,
  envVars,
  InProcessBus,
  Lifecycle,
  NatsBus,
  parseEnv,
} from '@baton/service-kit';
import { createTasks, tasksConfigSchema } from '@baton/tasks';
import { z } from 'zod';
import { buildMissingFrontEnds } from './build';
import { startLocalMailCatcher } from './mail';

/**
 * `npm start`: the whole app in one process on http://localhost:8080. Embedded Postgres when
 * DATABASE_URL is unset, NATS when NATS_URL is set (else the in-process bus), SMTP_URL or a local
 * mail catcher. Every variable has a default, so a fresh clone needs none.
 */
const envSchema = gatewayEnvSchema
  .extend(identityConfigSchema.shape)
  .extend(tasksConfigSchema.shape)
  .extend(notificationsConfigSchema.shape)
  .extend(filesConfigSchema.shape)
  .extend(foldersConfigSchema.shape)
  .extend({
    DATABASE_URL: envVars.optionalUrl,
    NATS_URL: z.string().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Baton <no-reply@baton.local>'),
    BATON_DATA_DIR: z.string().default(join(repoRoot, '.data')),
    BATON_PG_PORT: envVars.port(54329),
    MAIL_CATCHER_SMTP_PORT: envVars.port(1025),
    MAIL_CATCHER_WEB_PORT: envVars.port(8025),
    /** The services' databases are `<prefix>identity`, `<prefix>tasks`, ...: two apps on one Postgres differ. */
    BATON_DATABASE_PREFIX: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .default('baton_'),
  });

async function main() {
  const started = performance.now();
  // Links in mails point at this server unless PUBLIC_URL says otherwise. No other origin may run code in its
  // pages: the remotes' dev servers stand in for their builds on the shell's dev server (shell/README.md).
  const env = parseEnv(envSchema, {
    PUBLIC_URL: `http://localhost:${process.env.PORT ?? 8080}`,
    ...process.env,
  });
  const storageOrigin = storageOriginOf(env);
  if (storageOrigin && env.STORAGE_ORIGINS.length === 0) env.STORAGE_ORIGINS = [storageOrigin];
  const logger = createLogger({ name: 'baton' });
  const lifecycle = new Lifecycle(logger);
  lifecycle.handleSignals();
  const say = (line: string) => console.log(line);

  buildMissingFrontEnds(repoRoot, say);

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    say(`Starting embedded Postgres (data in ${join(env.BATON_DATA_DIR, 'postgres')})…`);
    const pg = await startEmbeddedPostgres({
      dataDir: join(env.BATON_DATA_DIR, 'postgres'),
      port: env.BATON_PG_PORT,
      // It restarts itself when it stops unasked; this says so, and stops Baton (exit 1) when it cannot.
      log: (line) => {
        if (/^Postgres (stopped|started again|could not)/.test(line)) logger.warn(line);
      },
      onGiveUp: (error) => {
        logger.error({ err: error }, 'embedded Postgres stopped and could not be started again');
        void lifecycle.close().then(() => process.exit(1));
      },
    });
    lifecycle.onClose('postgres', () => pg.stop());
    databaseUrl = pg.url;
  }

  let smtpUrl = env.SMTP_URL;
  let mailCatcherUrl: string | undefined;
  if (!smtpUrl) {
    const catcher = await startLocalMailCatcher({
      smtp: env.MAIL_CATCHER_SMTP_PORT,
      web: env.MAIL_CATCHER_WEB_PORT,
    });
    lifecycle.onClose('mail catcher', () => catcher.stop());
    smtpUrl = catcher.smtpUrl;
    mailCatcherUrl = `http://localhost:${catcher.webPort}/`;
  }

  let bus: EventBus;
  // The in-process bus holds what the services publish until every consumer has subscribed (below).
  const inProcess = env.NATS_URL ? undefined : new InProcessBus({ paused: true });
  if (env.NATS_URL) bus = await NatsBus.connect({ url: env.NATS_URL, name: 'baton', logger });
  else bus = inProcess as InProcessBus;
  lifecycle.onClose('bus', () => bus.close());

  const mailer = createMailer({ smtpUrl, from: env.MAIL_FROM });
  lifecycle.onClose('mailer', () => mailer.close());
  const identity = await createIdentity({
    databaseUrl,
    database: `${env.BATON_DATABASE_PREFIX}identity`,
    bus,
    mailer,
    logger: createLogger({ name: 'identity' }),
    config: env,
  });
  lifecycle.onClose('identity', () => identity.close());
  const files = await createFiles({
    databaseUrl,
    database: `${env.BATON_DATABASE_PREFIX}files`,
    bus,
    logger: createLogger({ name: 'files' }),
    config: env,
    keys: identity.deps.keys.resolver,
  });
  lifecycle.onClose('files', () => files.close());
  const tasks = await createTasks({
    databaseUrl,
    database: `${env.BATON_DATABASE_PREFIX}tasks`,
    bus,
    mailer,
    logger: createLogger({ name: 'tasks' }),
    config: env,
    keys: identity.deps.keys.resolver,
    identity: async (path, init) => identity.app.request(path, init),
    files: async (path, init) => files.app.request(path, init),
  });
  lifecycle.onClose('tasks', () => tasks.close());
  const folders = await createFolders({
    databaseUrl,
    database: `${env.BATON_DATABASE_PREFIX}folders`,
    bus,
    logger: createLogger({ name: 'folders' }),
    config: env,
    keys: identity.deps.keys.resolver,
    files: async (path, init) => files.app.request(path, init),
    tasks: async (path, init) => tasks.app.request(path, init),
  });
  lifecycle.onClose('folders', () => folders.close());
  const notifications = await createNotifications({
    databaseUrl,
    database: `${env.BATON_DATABASE_PREFIX}notifications`,
    bus,
    mailer,
    logger: createLogger({ name: 'notifications' }),
    config: env,
    keys: identity.deps.keys.resolver,
  });
  lifecycle.onClose('notifications', () => notifications.close());

  const upstreams = {
    identity: inProcessUpstream(identity.app),
    tasks: inProcessUpstream(tasks.app),
    notifications: inProcessUpstream(notifications.app),
    files: inProcessUpstream(files.app),
    folders: inProcessUpstream(folders.app),
  };
  const gateway = await startConfiguredGateway(env, {
    upstreams,
    keys: identity.deps.keys.resolver,
    bus,
    logger: createLogger({ name: 'gateway' }),
    // One process is the whole app: its /readyz speaks for every service (databases, dead letters).
    readiness: upstreamReadiness(upstreams),
  });
  lifecycle.onClose('gateway', () => gateway.close());
  inProcess?.open();

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say('');
  say(`Baton is running (ready in ${seconds} s)`);
  say(`  App:          http://localhost:${gateway.port}/`);
  say(`  API docs:     http://localhost:${gateway.port}/openapi.json`);
  say(`  Mail:         ${mailCatcherUrl ?? `sent through ${new URL(smtpUrl).host}`}`);
  say(
    `  Mode:         single process, ${bus.mode === 'nats' ? `NATS at ${env.NATS_URL}` : 'in-process event bus'}`,
  );
  say(
    `  Database:     ${env.DATABASE_URL ? 'DATABASE_URL' : `embedded Postgres on port ${env.BATON_PG_PORT}`}`,
  );
  say('  Services:     identity, tasks, folders, notifications, files');
  say(
    `  Files:        ${env.S3_BUCKET ? `S3 bucket ${env.S3_BUCKET}` : `on disk in ${files.deps.config.FILES_DIR ?? join(env.BATON_DATA_DIR, 'files')}`}`,
  );
  say('Press Ctrl+C to stop.');
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
