import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, jsonRequest, makeUser, readJson } from '@baton/test-kit';
import autocannon from 'autocannon';

/** What the benchmarks share: `npm start`'s process on free ports, and autocannon with one line of figures. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

export async function startServer() {
  const dataDir = await mkdtemp(join(tmpdir(), 'baton-bench-'));
  const port = await freePort();
  const pgPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
    BATON_DATA_DIR: join(dataDir, 'data'),
    BATON_PG_PORT: String(pgPort),
    MAIL_CATCHER_SMTP_PORT: String(await freePort()),
    MAIL_CATCHER_WEB_PORT: String(await freePort()),
  };
  delete env.NATS_URL;
  const child: ChildProcess = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'deploy/src/start.ts')],
    {
      env,
      stdio: 'ignore',
      detached: true,
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    /** The process group of the app (its processes: tsx and the node process it runs). */
    group: child.pid as number,
    /** Postgres server URL the app uses (embedded Postgres unless DATABASE_URL is set). */
    databaseUrl: process.env.DATABASE_URL ?? `postgres://postgres:baton@127.0.0.1:${pgPort}/postgres`,
    async stop() {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 2_000));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs autocannon and prints one line of figures; resolves with the requests per second. */
export function run(title: string, options: autocannon.Options) {
  return new Promise<number>((resolveRun, reject) => {
    autocannon({ connections, duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error);
      const ok = result.requests.total - result.non2xx - result.errors;
      console.log(
        `${title.padEnd(24)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
          `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
          `(${result.requests.total} requests, ${ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors; ` +
          `${connections} connections, ${seconds} s)`,
      );
      resolveRun(result.requests.average);
    });
  });
}

/** Signs a new person up and in through the gateway at `base`; returns their access token. */
export async function signedUpToken(base: string) {
  const user = makeUser();
  await fetch(`${base}/user_signup/`, jsonRequest('POST', { ...user, confirmPassword: user.password }));
  const login = await readJson(
    fetch(`${base}/login/`, jsonRequest('POST', { email: user.email, password: user.password })),
  );
  return { user, access: login.tokens.access as string };
}
