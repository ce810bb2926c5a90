import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from '@baton/deploy/node-flags';
import { freePort } from '@baton/test-kit';
import pg from 'pg';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A command of the README, run as a user would, with its output kept for failure messages. */
export class AppProcess {
  readonly output: string[] = [];
  private child: ChildProcess;

  constructor(command: string, args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(command, args, {
      cwd: repoRoot,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (d) => this.output.push(String(d)));
    this.child.stderr?.on('data', (d) => this.output.push(String(d)));
  }

  get exited() {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  private groupAlive() {
    try {
      process.kill(-(this.child.pid as number), 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Polls `url` until it answers 200; throws with the process output after `timeoutMs`. */
  async waitForOk(url: string, timeoutMs: number) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.exited) break;
      const ok = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${this.output.join('').slice(-4000)}`);
  }

  /** SIGKILL to the whole process group, as a crash or an out-of-memory kill would end it; waits until it is gone. */
  async kill() {
    const pid = this.child.pid;
    if (pid === undefined || !this.groupAlive()) return;
    process.kill(-pid, 'SIGKILL');
    while (this.groupAlive()) await new Promise((r) => setTimeout(r, 50));
  }

  /**
   * SIGTERM to the whole process group (npm, tsx, node and what they started), then wait until every
   * member is gone; true when they all left within `graceMs` (else they are killed).
   */
  async stop(graceMs = 15_000) {
    const pid = this.child.pid;
    if (pid === undefined || !this.groupAlive()) return true;
    process.kill(-pid, 'SIGTERM');
    const until = Date.now() + graceMs;
    while (this.groupAlive() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    if (!this.groupAlive()) return true;
    process.kill(-pid, 'SIGKILL');
    return false;
  }
}

/** The environment of a person who just cloned the repo: none of Baton's variables set. */
export function cleanEnv(extra: Record<string, string>) {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'NATS_URL', 'SMTP_URL', 'PUBLIC_URL', 'PORT', 'VITEST', 'NODE_ENV'])
    delete env[key];
  for (const key of Object.keys(env)) if (key.startsWith('VITEST_')) delete env[key];
  return { ...env, ...extra };
}

/**
 * The whole app as `npm start` runs it (single process, the mail catcher) on the test run's Postgres, its
 * databases named `<databasePrefix><service>`, with `env` added; resolves once it is ready.
 */
export async function startApp(
  databaseServer: string,
  databasePrefix: string,
  env: Record<string, string> = {},
  timeoutMs = 120_000,
) {
  const port = await freePort();
  const mailWeb = await freePort();
  const urls = { base: `http://localhost:${port}`, mail: `http://127.0.0.1:${mailWeb}` };
  const app = new AppProcess(
    process.execPath,
    serverNodeArgs('deploy/src/start.ts'),
    cleanEnv({
      PORT: String(port),
      DATABASE_URL: databaseServer,
      BATON_DATABASE_PREFIX: databasePrefix,
      MAIL_CATCHER_SMTP_PORT: String(await freePort()),
      MAIL_CATCHER_WEB_PORT: String(mailWeb),
      // The test runner stands in for the proxy of many people: `existingPerson` names each one's address
      // (X-Forwarded-For), so that making people does not spend the sign-in budget of the browser's address.
      TRUSTED_PROXIES: '127.0.0.1/32,::1/128',
      ...env,
    }),
  );
  await app.waitForOk(`${urls.base}/readyz`, timeoutMs);
  return { app, urls };
}

/**
 * Waits for, then holds, a Postgres advisory lock called `name` until the returned function is called. Browser
 * test files may run several at once (E2E_WORKERS); those that share what no name separates (start:distributed's databases and the
 * machine's NATS streams) take turns through it.
 */
export async function exclusively(databaseServer: string, name: string) {
  const client = new pg.Client({ connectionString: databaseServer });
  await client.connect();
  await client.query('select pg_advisory_lock(hashtext($1))', [name]);
  return () => client.end();
}
