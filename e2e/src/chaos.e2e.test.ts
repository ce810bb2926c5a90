import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NatsServerProcess } from '@baton/local-infra';
import { databaseUrl } from '@baton/service-kit';
import { databaseServerUrl, freePort, jsonRequest, startSmtpCapture } from '@baton/test-kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from './flows';
import { AppProcess, cleanEnv } from './process';

/**
 * Chaos on the distributed topology: identity, tasks and notifications as their own processes over Postgres
 * and a NATS (JetStream) of this test's own. CHAOS_PEOPLE people (20) assign each other CHAOS_CHANGES tasks
 * (300 here; `CHAOS_CHANGES=10000 CHAOS_NATS_DOWN_MS=30000` for the long run) while NATS is stopped for
 * CHAOS_NATS_DOWN_MS (5 s), the tasks service (whose process runs the outbox relay) is killed with SIGKILL
 * twice and the notifications service once, each started again. Afterwards: every acknowledged assignment is
 * stored, and every stored one gave its recipient exactly one notification: nothing lost, nothing doubled.
 */
const changes = Number(process.env.CHAOS_CHANGES ?? 300);
const peopleCount = Number(process.env.CHAOS_PEOPLE ?? 20);
const natsDownMs = Number(process.env.CHAOS_NATS_DOWN_MS ?? 5_000);
/** Assignments a second: slow enough that the faults fall inside the load, not after it. */
const rate = Number(process.env.CHAOS_RATE ?? 10);
const concurrency = 6;
const run = `chaos-${Date.now().toString(36)}`;

const storeDir = mkdtempSync(join(tmpdir(), 'baton-chaos-nats-'));
let nats: NatsServerProcess;
let mail: Awaited<ReturnType<typeof startSmtpCapture>>;
const ports: Record<'identity' | 'tasks' | 'notifications', number> = {
  identity: 0,
  tasks: 0,
  notifications: 0,
};
const url = (service: keyof typeof ports) => `http://127.0.0.1:${ports[service]}`;
const processes: Partial<Record<keyof typeof ports, AppProcess>> = {};
const pools: pg.Pool[] = [];

/** Starts (or starts again) one service as its own process, and waits until it is ready. */
async function start(service: keyof typeof ports) {
  const env: Record<string, string> = {
    PORT: String(ports[service]),
    DATABASE_URL: databaseServerUrl(),
    NATS_URL: nats.url,
    PUBLIC_URL: 'http://localhost:8080',
    SMTP_URL: mail.smtpUrl,
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
  };
  if (service !== 'identity') env.IDENTITY_URL = url('identity');
  // Tasks asks files only about attachments, which this run does not use.
  if (service === 'tasks') env.FILES_URL = 'http://127.0.0.1:9';
  const app = new AppProcess('npx', ['tsx', `services/${service}/src/main.ts`], cleanEnv(env));
  processes[service] = app;
  await app.waitForOk(`${url(service)}/readyz`, 90_000);
}

async function crash(service: keyof typeof ports) {
  await processes[service]?.kill();
  await start(service);
}

beforeAll(async () => {
  nats = await new NatsServerProcess(await freePort(), storeDir).start();
  mail = await startSmtpCapture();
  for (const service of Object.keys(ports) as (keyof typeof ports)[]) ports[service] = await freePort();
  for (const service of Object.keys(ports) as (keyof typeof ports)[]) await start(service);
  for (const name of ['baton_tasks', 'baton_notifications'])
    pools.push(new pg.Pool({ connectionString: databaseUrl(databaseServerUrl(), name), max: 2 }));
}, 300_000);

afterAll(async () => {
  for (const app of Object.values(processes)) await app?.stop();
  await Promise.all(pools.map((pool) => pool.end()));
  await mail?.stop();
  await nats?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`chaos (${changes} assignments by ${peopleCount} people)`, () => {
  it('loses and doubles nothing while NATS stops and the relay and consumer are killed', async () => {
    const people = await Promise.all(
      Array.from({ length: peopleCount }, () => signUpAndLogin(url('identity'))),
    );
    const [tasksDb, notificationsDb] = pools as [pg.Pool, pg.Pool];
    const emails = people.map((p) => p.user.email.toLowerCase());
    // Tasks must know everyone first, or an assignment becomes an invitation by e-mail.
    await expect
      .poll(
        async () =>
          Number(
            (await tasksDb.query('select count(*) from users where email = any($1)', [emails])).rows[0].count,
          ),
        { timeout: 60_000, interval: 250 },
      )
      .toBe(peopleCount);

    // The load: assignments at CHAOS_RATE a second, each attempt with a title of its own; an attempt that
    // gets no answer (its service is down) is tried again as a new one after a moment, as a client would.
    const acknowledged: string[] = [];
    let unanswered = 0;
    let attempt = 0;
    const began = Date.now();
    const assign = async () => {
      while (acknowledged.length < changes) {
        const n = attempt++;
        const due = began + (n * 1000) / rate;
        if (due > Date.now()) await sleep(due - Date.now());
        const from = people[n % peopleCount] as (typeof people)[number];
        // Anyone but themselves, everyone in turn.
        const offset = 1 + (Math.floor(n / peopleCount) % (peopleCount - 1));
        const to = people[(n + offset) % peopleCount] as (typeof people)[number];
        const title = `${run} #${n}`;
        const form = { title, dueDate: '2026-12-31', priority: 'Moderate', email: to.user.email };
        const res = await fetch(`${url('tasks')}/send_email/assign_user/`, {
          ...jsonRequest('POST', form, from.tokens.access),
          signal: AbortSignal.timeout(10_000),
        }).catch(() => undefined);
        await res?.arrayBuffer().catch(() => undefined);
        if (res?.status === 201) acknowledged.push(title);
        else {
          unanswered += 1;
          await sleep(200);
        }
      }
    };
    /** Waits until `share` of the assignments are acknowledged. */
    const at = async (share: number) => {
      while (acknowledged.length < changes * share) await sleep(50);
    };
    const faults = (async () => {
      await at(0.1);
      await nats.stop();
      await sleep(natsDownMs);
      await nats.start();
      await at(0.4);
      await crash('tasks');
      await at(0.55);
      await crash('notifications');
      await at(0.7);
      await crash('tasks');
    })();
    await Promise.all([...Array.from({ length: concurrency }, assign), faults]);

    // Every acknowledged assignment is stored.
    const stored = (
      await tasksDb.query<{ title: string; email: string }>(
        `select t.title, r.email from tasks t join task_recipients r on r.task_id = t.id where t.title like $1`,
        [`${run} #%`],
      )
    ).rows;
    const storedTitles = new Set(stored.map((s) => s.title));
    expect(acknowledged.filter((title) => !storedTitles.has(title))).toEqual([]);

    // Every stored assignment reaches its recipient exactly once, once the backlog has drained.
    const notified = async () =>
      (
        await notificationsDb.query<{ message: string }>(
          `select message from notifications where message like $1`,
          [`%${run} #%`],
        )
      ).rows.map(
        (r) => /"(chaos-[^"]+)"|“(chaos-[^”]+)”/.exec(r.message)?.slice(1).find(Boolean) ?? r.message,
      );
    await expect
      .poll(async () => (await notified()).length, { timeout: 120_000, interval: 500 })
      .toBeGreaterThanOrEqual(stored.length);
    await sleep(2_000);
    const got = await notified();
    const perTitle = new Map<string, number>();
    for (const title of got) perTitle.set(title, (perTitle.get(title) ?? 0) + 1);
    const lost = [...storedTitles].filter((title) => !perTitle.has(title));
    const doubled = [...perTitle].filter(([, n]) => n > 1);
    console.log(
      `chaos: ${attempt} assignments tried, ${acknowledged.length} acknowledged, ${unanswered} unanswered (tasks down), ` +
        `${stored.length} stored, ${got.length} notifications: ${lost.length} lost, ${doubled.length} doubled ` +
        `(NATS down ${natsDownMs} ms, tasks killed twice, notifications once; ${Math.round((Date.now() - began) / 1000)} s)`,
    );
    expect(lost).toEqual([]);
    expect(doubled).toEqual([]);
    expect(got.length).toBe(stored.length);
  }, 900_000);
});
