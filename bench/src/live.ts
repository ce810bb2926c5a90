import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverNodeArgs } from '@baton/deploy/node-flags';
import { confirmEmail, freePort, jsonRequest, makeUser, readJson, startSmtpCapture } from '@baton/test-kit';
import WebSocket from 'ws';
import { garbageCollector } from './collect-garbage';
import { root } from './harness';

/**
 * What the live benchmarks share: `npm start` (embedded Postgres in a new data directory, in-process bus) and
 * the distributed topology (`npm run start:distributed` over DATABASE_URL and NATS), people, sockets,
 * the resident memory of the process on a port, and percentiles.
 */

/** The app's mails (SMTP_URL of either topology): people who receive tasks confirm their address from them. */
let mails: ReturnType<typeof startSmtpCapture> | undefined;
const mailCatcher = () => {
  mails ??= startSmtpCapture();
  return mails;
};

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never became ready`);
}

export async function startDistributed() {
  if (!process.env.DATABASE_URL)
    throw new Error('Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const ports = {
    gateways: [await freePort(), await freePort()],
    identity: await freePort(),
    tasks: await freePort(),
    notifications: await freePort(),
  };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'deploy/src/start-distributed.ts')],
    {
      env: {
        ...process.env,
        GATEWAY_PORTS: ports.gateways.join(','),
        IDENTITY_PORT: String(ports.identity),
        TASKS_PORT: String(ports.tasks),
        NOTIFICATIONS_PORT: String(ports.notifications),
        PUBLIC_URL: `http://127.0.0.1:${ports.gateways[0]}`,
        SMTP_URL: (await mailCatcher()).smtpUrl,
        RATE_LIMITS: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
      detached: true,
    },
  );
  const gateways = ports.gateways.map((p) => `http://127.0.0.1:${p}`);
  for (const port of [...ports.gateways, ports.identity, ports.tasks, ports.notifications])
    await waitFor(`http://127.0.0.1:${port}/readyz`);
  return {
    gateways,
    ports,
    stop() {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    },
  };
}

/** `npm start` as a new user runs it: no DATABASE_URL (embedded Postgres in a new data directory), no NATS. */
export async function startSingle() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'baton-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    BATON_DATA_DIR: dataDir,
    BATON_PG_PORT: String(await freePort()),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: (await mailCatcher()).smtpUrl,
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  const child = spawn(process.execPath, serverNodeArgs(join(root, 'deploy/src/start.ts')), {
    env,
    stdio: 'ignore',
    detached: true,
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The process listening on `port`, read from `ss`. */
export function pidOn(port: number) {
  const line = execFileSync('ss', ['-Htlnp', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}`);
  return Number(pid);
}

export const rssMiB = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
};

/**
 * A new person, signed in. `confirmed`: their address confirmed from the mailed link, as one whose tasks
 * reach them must (a task sent to an unconfirmed address waits, as for no account).
 */
export async function person(base: string, options: { confirmed?: boolean } = {}) {
  const user = makeUser();
  await fetch(`${base}/user_signup/`, jsonRequest('POST', { ...user, confirmPassword: user.password }));
  if (options.confirmed)
    await confirmEmail((path, init) => fetch(`${base}${path}`, init), await mailCatcher(), user.email);
  const login = await readJson(
    fetch(`${base}/login/`, jsonRequest('POST', { email: user.email, password: user.password })),
  );
  return { email: user.email, password: user.password, access: login.tokens.access as string };
}

/** The page origin sockets present (PUBLIC_URL, the first gateway): set once the topology runs. */
let origin = '';
export const setOrigin = (value: string) => {
  origin = value;
};

export function connect(base: string, path: string, token: string, onMessage?: (data: unknown) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}${path}`, ['jwt', token], {
      headers: { origin },
      perMessageDeflate: false,
    });
    if (onMessage) socket.on('message', (raw) => onMessage(JSON.parse(String(raw))));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
export const summary = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const fmt = (v: number) => v.toFixed(1).padStart(6);
  console.log(
    `${label.padEnd(44)} p50 ${fmt(percentile(sorted, 50))} ms  p99 ${fmt(percentile(sorted, 99))} ms  max ${fmt(sorted.at(-1) ?? Number.NaN)} ms  (${values.length})`,
  );
};

/**
 * Opens `count` sockets on the gateway at `port`, 100 at a time (`open(i)` opens the i-th), holds them for
 * 5 s and returns them with the handshakes per second and that process's resident memory: before (after a full
 * garbage collection in it), after the 5 s, and after another full collection. The first figure per socket
 * carries whatever garbage the handshakes left for the next collection, and varies from run to run; the second is
 * what the gateway keeps for each idle socket (bench/README.md, "The gateway's sockets").
 */
export async function holdSockets(port: number, count: number, open: (i: number) => Promise<WebSocket>) {
  const pid = pidOn(port);
  const collector = await garbageCollector(pid);
  await new Promise((r) => setTimeout(r, 2_000));
  await collector?.collect();
  const before = rssMiB(pid);
  const sockets: WebSocket[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 100); j++) batch.push(open(j));
    sockets.push(...(await Promise.all(batch)));
  }
  const perSecond = sockets.length / ((performance.now() - started) / 1000);
  await new Promise((r) => setTimeout(r, 5_000));
  const after = rssMiB(pid);
  await collector?.collect();
  const kept = rssMiB(pid);
  collector?.close();
  const perSocket = (mib: number) =>
    `${(((mib - before) * 1024) / sockets.length).toFixed(1)} KiB per socket`;
  const rss =
    `gateway RSS ${before.toFixed(0)} MiB -> ${after.toFixed(0)} MiB, ${perSocket(after)}; ` +
    (collector
      ? `after a full GC ${kept.toFixed(0)} MiB, ${perSocket(kept)}`
      : 'no full GC (the inspector port 9229 is taken)');
  const close = () => {
    for (const socket of sockets) socket.terminate();
  };
  return { sockets, perSecond, rss, close };
}

/** Waits until `list` holds `n` entries (10 s at most). */
export async function waitUntil(list: unknown[], n: number) {
  const until = performance.now() + 10_000;
  while (list.length < n) {
    if (performance.now() > until) throw new Error('a message did not arrive within 10 s');
    await new Promise((r) => setImmediate(r));
  }
}

/** Runs `part` on each topology BENCH_TOPOLOGY allows (single|distributed; default both), then exits. */
export function onTopologies(part: {
  single(base: string): Promise<void>;
  distributed(gateways: [string, string], gatewayPorts: number[]): Promise<void>;
}) {
  const topology = process.env.BENCH_TOPOLOGY;
  const main = async () => {
    if (topology !== 'distributed') {
      const app = await startSingle();
      try {
        console.log(
          `Baton single process (npm start: embedded Postgres, in-process bus), node ${process.version}`,
        );
        setOrigin(app.base);
        await part.single(app.base);
      } finally {
        await app.stop();
      }
    }
    if (topology !== 'single') {
      const app = await startDistributed();
      try {
        console.log(
          `Baton distributed: gateways ${app.gateways.join(' ')}, NATS ${process.env.NATS_URL ?? 'nats://127.0.0.1:4222'}, node ${process.version}`,
        );
        setOrigin(app.gateways[0] as string);
        await part.distributed(app.gateways as [string, string], app.ports.gateways);
      } finally {
        app.stop();
      }
    }
  };
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
