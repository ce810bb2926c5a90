import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, jsonRequest, makeUser, readJson } from '@baton/test-kit';
import WebSocket from 'ws';
import { root } from './harness';

/**
 * Live push, on `npm start`'s single process (embedded Postgres, in-process bus) and on the distributed
 * topology (`npm run start:distributed`: identity, tasks, notifications and two gateways over Postgres
 * and NATS JetStream):
 *  1. latency: A edits a task assigned to B, B listens (on the distributed topology A uses gateway 1,
 *     B gateway 2); for each of BENCH_EVENTS edits, the time from A's response to B's
 *     /ws/notifications/ message (and /ws/tasks/);
 *  2. idle sockets (distributed): BENCH_SOCKETS sockets of BENCH_SOCKET_USERS people held open on
 *     gateway 1, with that process's resident memory before and after.
 * BENCH_TOPOLOGY=single|distributed runs one of them (default both). The distributed topology needs
 * DATABASE_URL; NATS_URL defaults to nats://127.0.0.1:4222.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:live -w bench
 */
const events = Number(process.env.BENCH_EVENTS ?? 200);
const socketCount = Number(process.env.BENCH_SOCKETS ?? 10_000);
const socketUsers = Number(process.env.BENCH_SOCKET_USERS ?? 100);

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

async function startDistributed() {
  if (!process.env.DATABASE_URL)
    throw new Error('Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const ports = {
    gateways: [await freePort(), await freePort()],
    identity: await freePort(),
    tasks: await freePort(),
    notifications: await freePort(),
  };
  const child: ChildProcess = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'deploy/src/start-distributed.ts')],
    {
      env: {
        ...process.env,
        GATEWAY_PORTS: ports.gateways.join(','),
        IDENTITY_PORT: String(ports.identity),
        TASKS_PORT: String(ports.tasks),
        NOTIFICATIONS_PORT: String(ports.notifications),
        PUBLIC_URL: `http://127.0.0.1:${ports.gateways[0]}`,
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
async function startSingle() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'baton-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    BATON_DATA_DIR: dataDir,
    BATON_PG_PORT: String(await freePort()),
    MAIL_CATCHER_SMTP_PORT: String(await freePort()),
    MAIL_CATCHER_WEB_PORT: String(await freePort()),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'deploy/src/start.ts')], {
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
function pidOn(port: number) {
  const line = execFileSync('ss', ['-Htlnp', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}`);
  return Number(pid);
}

const rssMiB = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
};

async function person(base: string) {
  const user = makeUser();
  await fetch(`${base}/user_signup/`, jsonRequest('POST', { ...user, confirmPassword: user.password }));
  const login = await readJson(
    fetch(`${base}/login/`, jsonRequest('POST', { email: user.email, password: user.password })),
  );
  return { email: user.email, access: login.tokens.access as string };
}

/** The page origin sockets present (PUBLIC_URL, the first gateway). */
let origin = '';

function connect(base: string, path: string, token: string, onMessage?: (data: unknown) => void) {
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
const summary = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const fmt = (v: number) => v.toFixed(1).padStart(6);
  console.log(
    `${label.padEnd(44)} p50 ${fmt(percentile(sorted, 50))} ms  p99 ${fmt(percentile(sorted, 99))} ms  max ${fmt(sorted.at(-1) ?? Number.NaN)} ms  (${values.length})`,
  );
};

async function latency(a: string, b: string) {
  const [ana, ben] = [await person(a), await person(b)];
  const arrivals = { notifications: [] as number[], tasks: [] as number[] };
  const bell = await connect(b, '/ws/notifications/', ben.access, () =>
    arrivals.notifications.push(performance.now()),
  );
  const list = await connect(b, '/ws/tasks/', ben.access, () => arrivals.tasks.push(performance.now()));
  const form = { title: 'Benchmark', description: '', dueDate: '2026-12-24', priority: 'Moderate' };
  let id = '';
  for (let i = 0; i < 40 && !id; i++) {
    const sent = await readJson(
      fetch(`${a}/send_email/assign_user/`, jsonRequest('POST', { ...form, email: ben.email }, ana.access)),
    );
    if (sent.invitation_sent === false) id = sent.id;
    else await new Promise((r) => setTimeout(r, 250));
  }
  const waitUntil = async (list: number[], n: number) => {
    const until = performance.now() + 10_000;
    while (list.length < n) {
      if (performance.now() > until) throw new Error('a message did not arrive within 10 s');
      await new Promise((r) => setImmediate(r));
    }
  };
  await waitUntil(arrivals.notifications, 1);
  const fromResponse = { notifications: [] as number[], tasks: [] as number[] };
  const fromRequest: number[] = [];
  for (let i = 0; i < events; i++) {
    const [n, t] = [arrivals.notifications.length, arrivals.tasks.length];
    const started = performance.now();
    const res = await fetch(
      `${a}/edit_shared_task/`,
      jsonRequest('POST', { ...form, id, title: `Benchmark ${i}` }, ana.access),
    );
    if (!res.ok) throw new Error(`edit failed: ${res.status}`);
    await res.arrayBuffer();
    const answered = performance.now();
    await waitUntil(arrivals.notifications, n + 1);
    await waitUntil(arrivals.tasks, t + 1);
    fromResponse.notifications.push((arrivals.notifications[n] as number) - answered);
    fromResponse.tasks.push((arrivals.tasks[t] as number) - answered);
    fromRequest.push((arrivals.notifications[n] as number) - started);
  }
  // New assignments: each also queues the assignment mail (B does not trust A) beside its events.
  const assigned: number[] = [];
  for (let i = 0; i < events; i++) {
    const n = arrivals.notifications.length;
    const res = await fetch(
      `${a}/send_email/assign_user/`,
      jsonRequest('POST', { ...form, title: `Assignment ${i}`, email: ben.email }, ana.access),
    );
    if (!res.ok) throw new Error(`assign failed: ${res.status}`);
    await res.arrayBuffer();
    const answered = performance.now();
    await waitUntil(arrivals.notifications, n + 1);
    assigned.push((arrivals.notifications[n] as number) - answered);
  }
  console.log(
    `Live push over ${events} task edits (${a === b ? 'one gateway' : 'A on gateway 1, B on gateway 2'}):`,
  );
  summary("A's response -> B's /ws/notifications/ message", fromResponse.notifications);
  summary("A's response -> B's /ws/tasks/ message", fromResponse.tasks);
  summary("A's request sent -> B's notification", fromRequest);
  summary("A's assignment answered -> B's notification", assigned);
  bell.close();
  list.close();
}

async function idleSockets(base: string, port: number) {
  const pid = pidOn(port);
  const people = [];
  for (let i = 0; i < socketUsers; i++) people.push(await person(base));
  await new Promise((r) => setTimeout(r, 2_000));
  const before = rssMiB(pid);
  const sockets: WebSocket[] = [];
  const paths = ['/ws/notifications/', '/ws/tasks/'];
  for (let i = 0; i < socketCount; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(socketCount, i + 100); j++) {
      const who = people[j % people.length] as { access: string };
      batch.push(connect(base, paths[j % 2] as string, who.access));
    }
    sockets.push(...(await Promise.all(batch)));
  }
  await new Promise((r) => setTimeout(r, 5_000));
  const after = rssMiB(pid);
  const perSocket = ((after - before) * 1024) / sockets.length;
  console.log(
    `Idle sockets on one gateway: ${sockets.length} open (${socketUsers} people); gateway RSS ${before.toFixed(0)} MiB -> ${after.toFixed(0)} MiB, ${perSocket.toFixed(1)} KiB per socket`,
  );
  for (const s of sockets) s.terminate();
}

async function single() {
  const app = await startSingle();
  try {
    console.log(
      `Baton single process (npm start: embedded Postgres, in-process bus), node ${process.version}`,
    );
    origin = app.base;
    await latency(app.base, app.base);
  } finally {
    await app.stop();
  }
}

async function distributed() {
  const app = await startDistributed();
  try {
    console.log(
      `Baton distributed: gateways ${app.gateways.join(' ')}, NATS ${process.env.NATS_URL ?? 'nats://127.0.0.1:4222'}, node ${process.version}`,
    );
    const [a, b] = app.gateways as [string, string];
    origin = a;
    await latency(a, b);
    await idleSockets(a, app.ports.gateways[0] as number);
  } finally {
    app.stop();
  }
}

async function main() {
  const topology = process.env.BENCH_TOPOLOGY;
  if (topology !== 'distributed') await single();
  if (topology !== 'single') await distributed();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
