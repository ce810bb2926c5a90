import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pushMessage, pushSubject } from '@baton/contracts';
import { serverNodeArgs } from '@baton/deploy/node-flags';
import { NatsServerProcess, startEmbeddedPostgres } from '@baton/local-infra';
import { databaseUrl } from '@baton/service-kit';
import { freePort, jsonRequest, startSmtpCapture } from '@baton/test-kit';
import { jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { signUpAndLogin } from './flows';
import { AppProcess, cleanEnv } from './process';

/**
 * Chaos on the distributed topology: identity, tasks and notifications as their own processes over a Postgres
 * and a NATS (JetStream) of each test's own (what they leave behind must not slow the other tests' services on
 * the shared server). CHAOS_PEOPLE people (20) make CHAOS_CHANGES task changes (300 here;
 * `CHAOS_CHANGES=10000 CHAOS_RATE=60 CHAOS_NATS_DOWN_MS=30000` for the long run), assignments to each other and
 * progress updates on them, while NATS is stopped for CHAOS_NATS_DOWN_MS (5 s), the tasks service (whose process
 * runs the outbox relay) is killed with SIGKILL twice and the notifications service once, each started again;
 * and, on a Postgres of its own, while Postgres stops at once (SIGQUIT: `pg_ctl stop -m immediate`) and starts
 * again. Afterwards every acknowledged change is stored, and every stored one gave the other side exactly one
 * notification, pushed: nothing lost, nothing doubled; the services came back by themselves. A push is
 * published at least once (a relay killed before it marks one sent publishes it again); the gateway passes
 * each to a socket once (ws.resume.test.ts).
 */
const changes = Number(process.env.CHAOS_CHANGES ?? 300);
const peopleCount = Number(process.env.CHAOS_PEOPLE ?? 20);
const natsDownMs = Number(process.env.CHAOS_NATS_DOWN_MS ?? 5_000);
/**
 * Changes a second: slow enough that the faults fall inside the load, not after it (each waits for its share of
 * changes). At 20 the file took 36-37 s alone, at 10 it took 50 s, with the same faults and checks.
 */
const rate = Number(process.env.CHAOS_RATE ?? 20);
const concurrency = 6;

const scratch = mkdtempSync(join(tmpdir(), 'baton-chaos-'));
let mail: Awaited<ReturnType<typeof startSmtpCapture>>;
/** What afterAll stops: each topology and Postgres started. */
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  mail = await startSmtpCapture();
}, 60_000);

afterAll(async () => {
  // Last started, first stopped: the services before their Postgres.
  for (const stop of stops.reverse()) await stop();
  await mail?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const services = ['identity', 'tasks', 'notifications'] as const;
type Service = (typeof services)[number];
type Topology = Awaited<ReturnType<typeof startTopology>>;

/** The three services as processes over the Postgres server at `server` and a NATS of their own, with pools on tasks' and notifications' databases. */
async function startTopology(server: string) {
  // A NATS of its own: two topologies on one broker would share their durable consumers.
  const nats = await new NatsServerProcess(await freePort(), mkdtempSync(join(scratch, 'nats-'))).start();
  const ports = Object.fromEntries(
    await Promise.all(services.map(async (s) => [s, await freePort()])),
  ) as Record<Service, number>;
  const url = (service: Service) => `http://127.0.0.1:${ports[service]}`;
  const processes: Partial<Record<Service, AppProcess>> = {};
  const start = async (service: Service) => {
    const env: Record<string, string> = {
      PORT: String(ports[service]),
      DATABASE_URL: server,
      NATS_URL: nats.url,
      PUBLIC_URL: 'http://localhost:8080',
      SMTP_URL: mail.smtpUrl,
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'warn',
    };
    if (service !== 'identity') env.IDENTITY_URL = url('identity');
    // Tasks asks files only about attachments, which these runs do not use.
    if (service === 'tasks') env.FILES_URL = 'http://127.0.0.1:9';
    // Node itself, as the containers run it (no npx and tsx launcher in front: seconds a start).
    const app = new AppProcess(
      process.execPath,
      serverNodeArgs(`services/${service}/src/main.ts`),
      cleanEnv(env),
    );
    processes[service] = app;
    await app.waitForOk(`${url(service)}/readyz`, 90_000);
  };
  // identity first (the others read its keys), then the others at once.
  await start('identity');
  await Promise.all(services.filter((s) => s !== 'identity').map(start));
  const pools = {
    tasks: new pg.Pool({ connectionString: databaseUrl(server, 'baton_tasks'), max: 2 }),
    notifications: new pg.Pool({ connectionString: databaseUrl(server, 'baton_notifications'), max: 2 }),
  };
  // A pool's idle connection dies with a Postgres restart: that is expected here, not a failure.
  for (const pool of Object.values(pools)) pool.on('error', () => undefined);
  let stopped = false;
  const topology = {
    url,
    pools,
    nats,
    /** SIGKILL, then the service started again. */
    async crash(service: Service) {
      await processes[service]?.kill();
      await start(service);
    },
    async ready() {
      for (const service of services) await processes[service]?.waitForOk(`${url(service)}/readyz`, 60_000);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const app of Object.values(processes)) await app?.stop();
      await Promise.all(Object.values(pools).map((pool) => pool.end()));
      await nats.stop();
    },
  };
  stops.push(() => topology.stop());
  return topology;
}

/**
 * `changes` task changes at `rate` a second among `peopleCount` new people who all trust each other (so an
 * assignment arrives accepted and its recipient may move its progress): every other change assigns a task,
 * with a title of its own; the rest move an acknowledged assignment's progress, by its recipient, with a note
 * of its own. An attempt with no answer (its service down) is tried again as a new one after a moment, as a
 * client would. `faults(at)` runs beside it; `at(share)` waits until that share of changes is acknowledged.
 */
async function changeUnderFaults(
  expect: ExpectStatic,
  topology: Topology,
  faults: (at: (share: number) => Promise<void>) => Promise<void>,
) {
  const run = `chaos-${Date.now().toString(36)}`;
  const people = await Promise.all(
    Array.from({ length: peopleCount }, () => signUpAndLogin(topology.url('identity'), { mailbox: mail })),
  );
  const emails = people.map((p) => p.user.email.toLowerCase());
  // Everyone at once, each their list in turn.
  await Promise.all(
    people.map(async (truster) => {
      for (const email of emails.filter((e) => e !== truster.user.email.toLowerCase())) {
        const res = await fetch(
          `${topology.url('identity')}/api/settings/trusted-users/`,
          jsonRequest('POST', { trusted_email: email }, truster.tokens.access),
        );
        expect(res.ok).toBe(true);
        await res.arrayBuffer();
      }
    }),
  );
  // Tasks must know everyone and every trust first, or an assignment becomes an invitation by e-mail, or
  // arrives waiting to be accepted.
  const known = async (query: string) =>
    Number((await topology.pools.tasks.query(query, [emails])).rows[0].count);
  await expect
    .poll(
      async () => [
        await known('select count(*) from users where email = any($1)'),
        await known(
          'select count(*) from trusts t join users u on u.id = t.owner_id where u.email = any($1)',
        ),
      ],
      { timeout: 60_000, interval: 250 },
    )
    .toEqual([peopleCount, peopleCount * (peopleCount - 1)]);
  type Person = (typeof people)[number];
  const assigned: { id: string; title: string; to: Person }[] = [];
  const progressed: string[] = [];
  const acknowledged = () => assigned.length + progressed.length;
  let unanswered = 0;
  let attempt = 0;
  const began = Date.now();
  const send = async (path: string, body: unknown, as: Person) => {
    const res = await fetch(`${topology.url('tasks')}${path}`, {
      ...jsonRequest('POST', body, as.tokens.access),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    return { status: res?.status, body: await res?.json().catch(() => undefined) };
  };
  const change = async () => {
    while (acknowledged() < changes) {
      const n = attempt++;
      const due = began + (n * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
      const task = n % 2 === 1 ? assigned[(n * 7919) % Math.max(1, assigned.length)] : undefined;
      let ok: boolean;
      if (task) {
        const note = `${run} p#${n}`;
        const update = { progress: 5 * (1 + (n % 19)), message: note };
        ok = (await send(`/progress/${task.id}/`, update, task.to)).status === 200;
        if (ok) progressed.push(note);
      } else {
        const from = people[n % peopleCount] as Person;
        // Anyone but themselves, everyone in turn.
        const offset = 1 + (Math.floor(n / peopleCount) % (peopleCount - 1));
        const to = people[(n + offset) % peopleCount] as Person;
        const title = `${run} #${n}`;
        const form = { title, dueDate: '2054-12-31', priority: 'Moderate', email: to.user.email };
        const res = await send('/send_email/assign_user/', form, from);
        ok = res.status === 201;
        if (ok) assigned.push({ id: res.body.id, title, to });
      }
      if (!ok) {
        unanswered += 1;
        await sleep(200);
      }
    }
  };
  const at = async (share: number) => {
    while (acknowledged() < changes * share) await sleep(50);
  };
  await Promise.all([...Array.from({ length: concurrency }, change), faults(at)]);
  return {
    run,
    assigned: assigned.map((a) => a.title),
    progressed,
    unanswered,
    attempts: attempt,
    seconds: Math.round((Date.now() - began) / 1000),
  };
}

/**
 * Counts the pushes the topology's relays publish, per notification id, two ways at once, each of which misses
 * some: a stream of the test's own keeps those published while a core subscriber reconnects after NATS
 * restarts (the relays may reconnect and publish first), and a core subscriber sees those the broker passes on
 * while it shuts down (it stops JetStream before it closes its clients: a push it confirmed then, and passed to
 * every subscriber, is in no stream). Each count is a lower bound of what reached the broker: `count` gives the
 * greater of the two for each notification.
 */
async function recordPushes(natsUrl: string) {
  const nc = await connect({ servers: natsUrl, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
  const jsm = await jetstreamManager(nc);
  const stream = 'CHAOS_PUSHES';
  await jsm.streams.add({ name: stream, subjects: [pushSubject('*')], storage: StorageType.File });
  const tally = (counts: Map<string, number>, data: unknown) => {
    const push = pushMessage.parse(data);
    if (push.channel === 'notifications') counts.set(push.payload.id, (counts.get(push.payload.id) ?? 0) + 1);
  };
  const seenLive = new Map<string, number>();
  nc.subscribe(pushSubject('*'), {
    callback: (error, message) => {
      if (!error) tally(seenLive, message.json());
    },
  });
  await nc.flush();
  return {
    async count() {
      const stored = new Map<string, number>();
      const last = (await jsm.streams.info(stream)).state.last_seq;
      if (last > 0) {
        const messages = await (await jetstream(nc).consumers.get(stream)).consume();
        for await (const message of messages) {
          tally(stored, message.json());
          if (message.seq >= last) break;
        }
      }
      for (const [id, n] of seenLive) stored.set(id, Math.max(n, stored.get(id) ?? 0));
      return stored;
    },
    close: () => nc.close(),
  };
}

/**
 * Every acknowledged change is stored, and every stored one (acknowledged or not: an answer lost to a kill)
 * notified the other side exactly once, pushed: an assignment its recipient, a progress update the owner.
 */
async function expectNothingLostOrDoubled(
  expect: ExpectStatic,
  topology: Topology,
  load: Awaited<ReturnType<typeof changeUnderFaults>>,
  pushes: Awaited<ReturnType<typeof recordPushes>>,
) {
  const column = async (query: string, pattern: string) =>
    (await topology.pools.tasks.query<{ text: string }>(query, [pattern])).rows.map((r) => r.text);
  const stored = await column('select title as text from tasks where title like $1', `${load.run} #%`);
  const notes = await column(
    'select message as text from progress_logs where message like $1',
    `${load.run} p#%`,
  );
  const storedChanges = new Set([...stored, ...notes]);
  expect(stored.length + notes.length).toBe(storedChanges.size);
  expect([...load.assigned, ...load.progressed].filter((c) => !storedChanges.has(c))).toEqual([]);
  // Each notification names its change last: the task's title, or the progress note.
  const notified = async () =>
    (
      await topology.pools.notifications.query<{ id: string; message: string }>(
        'select id, message from notifications where message like $1',
        [`%${load.run} #%`],
      )
    ).rows.map((r) => ({ id: r.id, change: [...r.message.matchAll(/“([^”]+)”/g)].at(-1)?.[1] ?? r.message }));
  // Once the backlog has drained: no fewer notifications than stored changes, then a moment for extras.
  await expect
    .poll(async () => (await notified()).length, { timeout: 180_000, interval: 500 })
    .toBeGreaterThanOrEqual(storedChanges.size);
  await sleep(2_000);
  const got = await notified();
  const perChange = new Map<string, number>();
  for (const { change } of got) perChange.set(change, (perChange.get(change) ?? 0) + 1);
  const lost = [...storedChanges].filter((change) => !perChange.has(change));
  const doubled = [...perChange].filter(([, n]) => n > 1);
  expect(lost).toEqual([]);
  expect(doubled).toEqual([]);
  expect(got.length).toBe(storedChanges.size);
  // Each notification pushed: the relay's outbox drains after the rows commit.
  let pushed = new Map<string, number>();
  await expect
    .poll(
      async () => {
        pushed = await pushes.count();
        return got.filter(({ id }) => !pushed.has(id)).length;
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(0);
  const publishedAgain = got.filter(({ id }) => (pushed.get(id) ?? 0) > 1).length;
  return (
    `${load.attempts} changes tried, ${load.assigned.length} assignments and ${load.progressed.length} progress ` +
    `updates acknowledged, ${load.unanswered} unanswered; ${stored.length} and ${notes.length} stored, ` +
    `${got.length} notifications: ${lost.length} lost, ${doubled.length} doubled; all pushed, ` +
    `${publishedAgain} published again (${load.seconds} s)`
  );
}

// The two runs at once, each on its own Postgres and NATS: each waits on its load's pace and its faults about
// half the time. Each asserts with its own test's `expect` (the global one does not know which test runs).
describe.concurrent(`chaos (${changes} task changes by ${peopleCount} people)`, () => {
  it('loses and doubles nothing while NATS stops and the relay and consumer are killed', async ({
    expect,
  }) => {
    const postgres = await startEmbeddedPostgres({
      dataDir: join(scratch, 'pg-nats'),
      port: await freePort(),
    });
    stops.push(() => postgres.stop());
    const topology = await startTopology(postgres.url);
    const pushes = await recordPushes(topology.nats.url);
    const load = await changeUnderFaults(expect, topology, async (at) => {
      await at(0.1);
      await topology.nats.stop();
      await sleep(natsDownMs);
      await topology.nats.start();
      await at(0.4);
      await topology.crash('tasks');
      await at(0.55);
      await topology.crash('notifications');
      await at(0.7);
      await topology.crash('tasks');
    });
    const figures = await expectNothingLostOrDoubled(expect, topology, load, pushes);
    console.log(`chaos: ${figures}; NATS down ${natsDownMs} ms, tasks killed twice, notifications once`);
    await pushes.close();
    await topology.stop();
  }, 1_800_000);

  it('loses no acknowledged write while Postgres stops at once, and the services reconnect by themselves', async ({
    expect,
  }) => {
    const dataDir = join(scratch, 'pg-restart');
    const port = await freePort();
    // The handle starts its server again when it stops unasked, as a supervisor would.
    const postgres = await startEmbeddedPostgres({ dataDir, port });
    stops.push(() => postgres.stop());
    const topology = await startTopology(postgres.url);
    const pushes = await recordPushes(topology.nats.url);
    let restartedInMs = 0;
    const load = await changeUnderFaults(expect, topology, async (at) => {
      await at(0.3);
      // What `pg_ctl stop -m immediate` sends the postmaster: no checkpoint, every connection cut.
      const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(postmaster, 'SIGQUIT');
      const stopped = Date.now();
      // Seen down (the restart may be quick enough that a poll misses it: then the wait below is all there is).
      for (let i = 0; i < 50; i += 1) {
        const ready = await fetch(`${topology.url('tasks')}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) break;
        await sleep(100);
      }
      await topology.ready();
      restartedInMs = Date.now() - stopped;
    });
    const figures = await expectNothingLostOrDoubled(expect, topology, load, pushes);
    console.log(
      `chaos, Postgres restarted: ${figures}; services ready again ${restartedInMs} ms after the stop`,
    );
    await pushes.close();
    await topology.stop();
  }, 900_000);
});
