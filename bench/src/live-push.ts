import { defaultSocketLimits } from '@baton/gateway';
import { jsonRequest, readJson } from '@baton/test-kit';
import { connect, holdSockets, onTopologies, person, summary, waitUntil } from './live';

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
// Enough people that none passes the gateway's cap on one person's sockets (a 429 past it).
const socketUsers = Number(
  process.env.BENCH_SOCKET_USERS ?? Math.ceil(socketCount / defaultSocketLimits.socketsPerPerson),
);

async function latency(a: string, b: string) {
  const [ana, ben] = [await person(a), await person(b, { confirmed: true })];
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
  const people: Array<{ access: string }> = [];
  for (let i = 0; i < socketUsers; i++) people.push(await person(base));
  const paths = ['/ws/notifications/', '/ws/tasks/'];
  const held = await holdSockets(port, socketCount, (i) =>
    connect(base, paths[i % 2] as string, people[i % people.length]?.access ?? ''),
  );
  console.log(
    `Idle sockets on one gateway: ${held.sockets.length} open (${socketUsers} people); ${held.rss}`,
  );
  held.close();
}

onTopologies({
  single: (base) => latency(base, base),
  async distributed([a, b], ports) {
    await latency(a, b);
    await idleSockets(a, ports[0] as number);
  },
});
