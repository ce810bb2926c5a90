import { defaultSocketLimits } from '@baton/gateway';
import { jsonRequest, readJson } from '@baton/test-kit';
import { connect, holdSockets, onTopologies, person, summary, waitUntil } from './live';

/**
 * Live comments, on `npm start`'s single process and on the distributed topology (two gateways over
 * Postgres and NATS JetStream):
 *  1. latency: A assigned B a task and B accepted it; B holds `/ws/comments/{taskId}/` (distributed: A
 *     posts through gateway 1, B listens on gateway 2); for each of BENCH_COMMENTS comments A posts with
 *     POST /api/add_comment/, the time from A's answer (and from A's request) to B's socket message;
 *  2. open comment sockets (distributed): BENCH_COMMENT_SOCKETS sockets of BENCH_SOCKET_USERS people, each
 *     on a task of their own, opened on gateway 1 (handshakes per second, each one asks tasks), with that
 *     process's resident memory before and after.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:comments -w bench
 */
const comments = Number(process.env.BENCH_COMMENTS ?? 200);
const socketCount = Number(process.env.BENCH_COMMENT_SOCKETS ?? 5_000);
// Enough people that none passes the gateway's cap on one person's sockets (a 429 past it).
const socketUsers = Number(
  process.env.BENCH_SOCKET_USERS ?? Math.ceil(socketCount / defaultSocketLimits.socketsPerPerson),
);

type Person = Awaited<ReturnType<typeof person>>;
const form = { title: 'Benchmark', description: '', dueDate: '2026-12-24', priority: 'Moderate' };

/** A task `owner` delegates to `to` (an e-mail with or without an account), through gateway `base`. */
async function delegate(base: string, owner: Person, to: string, wantAccount: boolean) {
  for (let i = 0; i < 40; i++) {
    const sent = await readJson(
      fetch(`${base}/send_email/assign_user/`, jsonRequest('POST', { ...form, email: to }, owner.access)),
    );
    // tasks learns of a new account from identity's event: until then it invites the address by mail.
    if (!wantAccount || sent.invitation_sent === false) return sent.id as string;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('tasks never learnt of the recipient');
}

async function latency(a: string, b: string) {
  const [ana, ben] = [await person(a), await person(b, { confirmed: true })];
  const id = await delegate(a, ana, ben.email, true);
  const accept = { task_id: id, user_email: ben.email, trusted: false, role: 'assign' };
  const accepted = await fetch(`${b}/accept_task`, jsonRequest('POST', accept, ben.access));
  if (!accepted.ok) throw new Error(`accept failed: ${accepted.status}`);
  const arrivals: number[] = [];
  const socket = await connect(b, `/ws/comments/${id}/`, ben.access, (data) => {
    if ((data as { comment?: unknown }).comment) arrivals.push(performance.now());
  });
  const fromResponse: number[] = [];
  const fromRequest: number[] = [];
  for (let i = 0; i < comments; i++) {
    const n = arrivals.length;
    const started = performance.now();
    const res = await fetch(
      `${a}/api/add_comment/`,
      jsonRequest('POST', { task_id: id, user_email: ana.email, content: `Comment ${i}` }, ana.access),
    );
    if (res.status !== 201) throw new Error(`comment failed: ${res.status}`);
    await res.arrayBuffer();
    const answered = performance.now();
    await waitUntil(arrivals, n + 1);
    fromResponse.push((arrivals[n] as number) - answered);
    fromRequest.push((arrivals[n] as number) - started);
  }
  await new Promise((r) => setTimeout(r, 500));
  console.log(
    `Live comments over ${comments} comments (${a === b ? 'one gateway' : 'A on gateway 1, B on gateway 2'}), ${arrivals.length} arrived:`,
  );
  summary("A's POST answered -> B's socket message", fromResponse);
  summary("A's POST sent -> B's socket message", fromRequest);
  socket.close();
}

async function openSockets(base: string, port: number) {
  const people: Array<Person & { task: string }> = [];
  for (let i = 0; i < socketUsers; i++) {
    const who = await person(base);
    people.push({ ...who, task: await delegate(base, who, `nobody.${i}.${Date.now()}@example.com`, false) });
  }
  const held = await holdSockets(port, socketCount, (i) => {
    const who = people[i % people.length] as (typeof people)[number];
    return connect(base, `/ws/comments/${who.task}/`, who.access);
  });
  console.log(
    `Open comment sockets on one gateway: ${held.sockets.length} on ${people.length} tasks ` +
      `(${held.perSecond.toFixed(0)} handshakes/s, each asks tasks); ${held.rss}`,
  );
  held.close();
}

onTopologies({
  single: (base) => latency(base, base),
  async distributed([a, b], ports) {
    await latency(a, b);
    await openSockets(a, ports[0] as number);
  },
});
