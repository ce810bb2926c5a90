import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '@baton/deploy/node-flags';
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
  // The app runs with the servers' flags; BENCH_APP_NODE_ARGS follow them, for the app's node only (say
  // --cpu-prof --cpu-prof-dir=/tmp/prof), not the load.
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags, ...nodeArgs, '--import', 'tsx', join(root, 'deploy/src/start.ts')],
    {
      env,
      // BENCH_APP_LOG: a file for the app's output (with --trace-gc in BENCH_APP_NODE_ARGS, say).
      stdio: process.env.BENCH_APP_LOG
        ? ['ignore', openSync(process.env.BENCH_APP_LOG, 'w'), 'inherit']
        : 'ignore',
      detached: true,
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForReady(base);
  raiseLoadPriority();
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

/** Waits until `base`/readyz answers 200 (two minutes at most). */
export async function waitForReady(base: string) {
  for (let i = 0; i < 600; i += 1) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base}/readyz did not answer 200`);
}

/**
 * Runs this process (the load) ahead of the app it measures, which was started at the default priority.
 * On a shared machine a starved load generator sends late, and latency counted from when a request was
 * due (`onSchedule`) would charge its own waits to the app and to Postgres alike: on 2 cores that put
 * p99s of 25-40 ms on Postgres alone where it answers in 5-10 ms.
 */
function raiseLoadPriority() {
  try {
    setPriority(-10);
  } catch {
    console.warn('(the load runs at the default priority: raising it needs root or CAP_SYS_NICE)');
  }
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
          `${options.connections ?? connections} connections, ${seconds} s)`,
      );
      resolveRun(result.requests.average);
    });
  });
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Starts `job` `rate` times a second for the benchmark's duration, evenly spaced whatever earlier jobs do (open
 * loop, as wrk2 or k6's constant arrival rate; autocannon's `overallRate` sends each connection's share in
 * step, in bursts). Latency counts from when each job was due, so a stall is not hidden by the jobs it held
 * back. `job` resolves false for a failure. Resolves with the sorted latencies and the failures.
 */
export async function onSchedule(rate: number, job: () => Promise<boolean>) {
  const times: number[] = [];
  let failed = 0;
  const started: Promise<void>[] = [];
  const began = performance.now();
  for (let i = 0; i < rate * seconds; i += 1) {
    const due = began + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    started.push(
      job().then((ok) => {
        if (ok) times.push(performance.now() - due);
        else failed += 1;
      }),
    );
  }
  await Promise.all(started);
  return { times: times.sort((a, b) => a - b), failed };
}

/** One line of figures for a run on schedule. */
export function scheduleLine(title: string, rate: number, times: number[], what: string) {
  console.log(
    `${title.padEnd(24)} ${String(rate).padStart(6)} req/s  p50 ${percentile(times, 50).toFixed(1)} ms  ` +
      `p99 ${percentile(times, 99).toFixed(1)} ms  (${what})`,
  );
}

/**
 * Requests sent `onSchedule`, over up to `connections` kept-alive sockets; prints one line of figures and
 * resolves with its p50 and p99 (ms).
 */
export async function runAtRate(
  title: string,
  options: {
    /** The address, or a function giving each request's (to vary a query). */
    url: string | (() => string);
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  },
  rate: number,
) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const send = () =>
    new Promise<boolean>((resolveSend) => {
      const req = request(
        typeof options.url === 'string' ? options.url : options.url(),
        { method: options.method ?? 'GET', headers: options.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => resolveSend((res.statusCode ?? 0) < 300));
        },
      );
      req.on('error', () => resolveSend(false));
      req.end(options.body);
    });
  const { times, failed } = await onSchedule(rate, send);
  agent.destroy();
  scheduleLine(
    title,
    rate,
    times,
    `${times.length} requests on schedule, ${failed} failed; up to ${connections} connections, ${seconds} s`,
  );
  return { p50: percentile(times, 50), p99: percentile(times, 99), failed };
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
