import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, jsonRequest, makeUser, readJson } from '@baton/test-kit';
import autocannon from 'autocannon';

/**
 * Requests per second and latency of POST /login/ and GET /api/token/check/ through the gateway of
 * `npm start` (one process; DATABASE_URL if set, else embedded Postgres). Rate limits are switched off
 * for the run, or the login budget would answer 429 after 20 requests. Prints one line per route.
 *
 *   npm run bench                       # 10 s per route, 10 connections
 *   BENCH_SECONDS=20 BENCH_CONNECTIONS=50 npm run bench
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function startServer() {
  const dataDir = await mkdtemp(join(tmpdir(), 'baton-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
    BATON_DATA_DIR: join(dataDir, 'data'),
    BATON_PG_PORT: String(await freePort()),
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
    async stop() {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 2_000));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function run(title: string, options: autocannon.Options) {
  return new Promise<void>((resolveRun, reject) => {
    autocannon({ connections, duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error);
      const ok = result.requests.total - result.non2xx - result.errors;
      console.log(
        `${title.padEnd(24)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
          `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
          `(${result.requests.total} requests, ${ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors; ` +
          `${connections} connections, ${seconds} s)`,
      );
      resolveRun();
    });
  });
}

async function main() {
  const server = await startServer();
  try {
    const user = makeUser();
    await fetch(
      `${server.base}/user_signup/`,
      jsonRequest('POST', { ...user, confirmPassword: user.password }),
    );
    const login = await readJson(
      fetch(`${server.base}/login/`, jsonRequest('POST', { email: user.email, password: user.password })),
    );
    const access: string = login.tokens.access;
    console.log(
      `Baton gateway at ${server.base}, ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded Postgres'}, node ${process.version}`,
    );
    await run('POST /login/', {
      url: `${server.base}/login/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    await run('GET /api/token/check/', {
      url: `${server.base}/api/token/check/`,
      headers: { authorization: `Bearer ${access}` },
    });
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
