import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '@baton/gateway';
import { EnvError, envVars, parseEnv } from '@baton/service-kit';
import { z } from 'zod';
import { startLocalMailCatcher } from './mail';
import { serverNodeArgs } from './node-flags';

/**
 * `npm run start:distributed`: every service and two gateway replicas as their own processes, sharing
 * only Postgres (DATABASE_URL) and NATS (NATS_URL). This is the production shape on one machine.
 */
const envSchema = z.object({
  DATABASE_URL: envVars.url,
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  SMTP_URL: z.string().optional(),
  GATEWAY_PORTS: z
    .string()
    .default('8080,8081')
    .transform((v) => v.split(',').map(Number)),
  IDENTITY_PORT: envVars.port(7101),
  TASKS_PORT: envVars.port(7102),
  FOLDERS_PORT: envVars.port(7103),
  NOTIFICATIONS_PORT: envVars.port(7104),
  FILES_PORT: envVars.port(7105),
  PUBLIC_URL: z.url().optional(),
});

/** tsx's loader by its file URL: each child finds it from any working directory. */
const tsx = import.meta.resolve('tsx');

async function main() {
  const env = parseEnv(envSchema);
  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 3_000).unref();
    Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode === null ? c.once('exit', r) : r(null)))),
    ).then(() => process.exit(code));
  };
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));

  let smtpUrl = env.SMTP_URL;
  let mailUrl = smtpUrl ? `sent through ${smtpUrl}` : '';
  if (!smtpUrl) {
    const catcher = await startLocalMailCatcher({ smtp: 1025, web: 8025 });
    smtpUrl = catcher.smtpUrl;
    mailUrl = `http://localhost:${catcher.webPort}/`;
  }
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.GATEWAY_PORTS[0]}`;
  const identityUrl = `http://127.0.0.1:${env.IDENTITY_PORT}`;
  const tasksUrl = `http://127.0.0.1:${env.TASKS_PORT}`;
  const notificationsUrl = `http://127.0.0.1:${env.NOTIFICATIONS_PORT}`;
  const filesUrl = `http://127.0.0.1:${env.FILES_PORT}`;
  const foldersUrl = `http://127.0.0.1:${env.FOLDERS_PORT}`;
  const shared = {
    ...process.env,
    DATABASE_URL: env.DATABASE_URL,
    NATS_URL: env.NATS_URL,
    PUBLIC_URL: publicUrl,
  };

  const run = (name: string, script: string, extra: Record<string, string>) => {
    const child = spawn(process.execPath, serverNodeArgs(join(repoRoot, script), tsx), {
      env: { ...shared, ...extra },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => {
      if (!stopping) {
        console.error(`${name} exited (${code}); stopping everything.`);
        stopAll(1);
      }
    });
    children.push(child);
  };

  run('identity', 'services/identity/src/main.ts', { PORT: String(env.IDENTITY_PORT), SMTP_URL: smtpUrl });
  run('tasks', 'services/tasks/src/main.ts', {
    PORT: String(env.TASKS_PORT),
    SMTP_URL: smtpUrl,
    IDENTITY_URL: identityUrl,
    FILES_URL: filesUrl,
  });
  run('notifications', 'services/notifications/src/main.ts', {
    PORT: String(env.NOTIFICATIONS_PORT),
    SMTP_URL: smtpUrl,
    IDENTITY_URL: identityUrl,
  });
  run('files', 'services/files/src/main.ts', { PORT: String(env.FILES_PORT), IDENTITY_URL: identityUrl });
  run('folders', 'services/folders/src/main.ts', {
    PORT: String(env.FOLDERS_PORT),
    IDENTITY_URL: identityUrl,
    FILES_URL: filesUrl,
    TASKS_URL: tasksUrl,
  });
  for (const port of env.GATEWAY_PORTS) {
    run(`gateway :${port}`, 'gateway/src/main.ts', {
      PORT: String(port),
      IDENTITY_URL: identityUrl,
      TASKS_URL: tasksUrl,
      NOTIFICATIONS_URL: notificationsUrl,
      FILES_URL: filesUrl,
      FOLDERS_URL: foldersUrl,
    });
  }
  console.log('Baton (distributed) is starting:');
  console.log(`  Gateways:  ${env.GATEWAY_PORTS.map((p) => `http://localhost:${p}/`).join('  ')}`);
  console.log(`  identity:  ${identityUrl}`);
  console.log(`  tasks:     ${tasksUrl}`);
  console.log(`  notifications: ${notificationsUrl}`);
  console.log(`  files:     ${filesUrl}`);
  console.log(`  folders:   ${foldersUrl}`);
  console.log(`  Mail:      ${mailUrl}`);
  console.log(`  Mode:      distributed over NATS at ${env.NATS_URL}`);
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
