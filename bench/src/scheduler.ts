import { randomUUID } from 'node:crypto';
import {
  createNotifications,
  type Notifications,
  notificationsConfigSchema,
  scheduleJob,
} from '@baton/notifications';
import { createLogger, InProcessBus } from '@baton/service-kit';
import { databaseServerUrl, dropDatabase, uniqueDatabaseName } from '@baton/test-kit';
import { sql } from 'kysely';
import { percentile } from './harness';

/**
 * notifications' job queue (graphile-worker in its database) with real reminder jobs: each checks its task,
 * records its firing and delivers a bell notification and a mail (rendered, queued in the outbox) in one
 * transaction. On a fresh database, with 1 and then 2 replicas (each a whole notifications service, in this one
 * process; its runner at the default settings, or SCHEDULER_POLL_MS and SCHEDULER_CONCURRENCY):
 *
 * - burst: `BENCH_JOBS` (1,000) reminders all due at once; jobs per second until the last one ran;
 * - paced: as many again, due one after another at `BENCH_SCHEDULER_LOAD` (70 %) of the burst's rate; the
 *   lateness of each (from when it was due to when its handler began) at that rate, p50 and p99.
 *
 * Each twice: people who get due-soon mails (the default: each job renders one) and people who turned them off
 * (the bell only: what the queue itself sustains).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scheduler -w bench
 */
const jobsPerRun = Number(process.env.BENCH_JOBS ?? 1_000);
const load = Number(process.env.BENCH_SCHEDULER_LOAD ?? 0.7);
/** Jobs are queued this long before the first is due, so the queueing is not timed. */
const leadMs = 2_000;

const quietMailer = { send: async () => {}, close() {} };
/** The service's defaults, or the runner's settings from the environment (SCHEDULER_POLL_MS, SCHEDULER_CONCURRENCY). */
const config = notificationsConfigSchema.parse({
  SCHEDULER_POLL_MS: process.env.SCHEDULER_POLL_MS,
  SCHEDULER_CONCURRENCY: process.env.SCHEDULER_CONCURRENCY,
});

async function replicas(database: string, count: number) {
  const logger = createLogger({ name: 'notifications', level: process.env.LOG_LEVEL ?? 'warn' });
  const started: Notifications[] = [];
  for (let i = 0; i < count; i++)
    started.push(
      await createNotifications({
        databaseUrl: databaseServerUrl(),
        database,
        // Each replica its own bus: only the runners share anything, the database.
        bus: new InProcessBus(),
        logger,
        mailer: quietMailer,
        keys: new URL('http://127.0.0.1:9/unused-jwks.json'),
        config,
      }),
    );
  return started;
}

/**
 * People with open tasks whose reminders `queue` schedules: what reminder jobs read when they run. With `mail`
 * false they turned due-soon mails off (the bell only), which leaves the queue's own cost.
 */
async function seed(service: Notifications, count: number, mail: boolean) {
  const { db } = service.deps;
  const people = Array.from({ length: 50 }, (_, i) => ({
    id: randomUUID(),
    email: `person${i}@bench.test`,
    first_name: `Person ${i}`,
    last_name: 'Bench',
  }));
  await db.insertInto('users').values(people).execute();
  if (!mail)
    await db
      .insertInto('preferences')
      .values(people.map((p) => ({ user_id: p.id, events: JSON.stringify({ due_soon: { email: 'off' } }) })))
      .execute();
  const tasks = Array.from({ length: count }, (_, i) => {
    const owner = people[i % people.length]?.id ?? '';
    return {
      task_id: randomUUID(),
      title: `Task ${i}`,
      due_date: '2030-01-15',
      reminder: JSON.stringify({ daysBefore: 1, hour: 9 }),
      overdue_notice: false,
      owner_id: owner,
      doer_id: owner,
      delegated: false,
      open: true,
      event_at: new Date(),
    };
  });
  for (let i = 0; i < tasks.length; i += 1_000)
    await db
      .insertInto('reminder_tasks')
      .values(tasks.slice(i, i + 1_000))
      .execute();
  return tasks;
}

/** Queues each task's reminder job (as the tasks consumer does) due at `dueAt(i)`. */
async function queue(
  service: Notifications,
  tasks: Awaited<ReturnType<typeof seed>>,
  dueAt: (i: number) => Date,
) {
  await service.deps.write(async (trx) => {
    for (const [i, task] of tasks.entries()) {
      const payload = {
        taskId: task.task_id,
        userId: task.doer_id,
        moment: '2030-01-14T09:00:00.000Z',
        dueDate: task.due_date,
        reminder: { daysBefore: 1, hour: 9 },
      };
      await scheduleJob(trx, { job: 'reminder', key: `reminder:${task.task_id}`, runAt: dueAt(i), payload });
    }
  });
}

/** Gives up when no reminder fired for this long (a job that fails is retried, not counted). */
const stallMs = 60_000;

/** Waits until every queued reminder fired; each one's lateness (ms from when it was due to its handler's start). */
async function fired(service: Notifications, dueAt: Map<string, number>) {
  const { db } = service.deps;
  let seen = 0;
  let progressAt = Date.now();
  for (;;) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from reminders_fired`.execute(db);
    const n = Number(rows[0]?.n);
    if (n >= dueAt.size) break;
    if (n > seen) [seen, progressAt] = [n, Date.now()];
    if (Date.now() - progressAt > stallMs) throw new Error(`stalled at ${n} of ${dueAt.size} reminders`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // `fired_at` is the time its transaction began, the first thing the handler does.
  const rows = await db.selectFrom('reminders_fired').select(['job_key', 'fired_at']).execute();
  await db.deleteFrom('reminders_fired').execute();
  return rows.map((row) => ({
    at: row.fired_at.getTime(),
    late: row.fired_at.getTime() - (dueAt.get(row.job_key) ?? 0),
  }));
}

async function round(count: number, mail: boolean, jobs: number, print = true) {
  const database = uniqueDatabaseName('scheduler_bench');
  const services = await replicas(database, count);
  const [first] = services;
  if (!first) throw new Error('no replica');
  try {
    const tasks = await seed(first, jobs, mail);
    const keyOf = (i: number) => `reminder:${tasks[i]?.task_id}`;

    const burstAt = Date.now() + leadMs;
    await queue(first, tasks, () => new Date(burstAt));
    const burst = await fired(first, new Map(tasks.map((_, i) => [keyOf(i), burstAt])));
    const rate = jobs / ((Math.max(...burst.map((f) => f.at)) - burstAt) / 1000);

    const paced = rate * load;
    const pacedAt = Date.now() + leadMs;
    const dueAt = (i: number) => pacedAt + (i * 1000) / paced;
    await queue(first, tasks, (i) => new Date(dueAt(i)));
    const late = (await fired(first, new Map(tasks.map((_, i) => [keyOf(i), dueAt(i)]))))
      .map((f) => f.late)
      .sort((a, b) => a - b);
    if (print)
      console.log(
        `${`${count} replica${count > 1 ? 's' : ''}, ${mail ? 'bell + mail' : 'bell only'}`.padEnd(24)} burst ${rate.toFixed(0).padStart(5)} jobs/s   ` +
          `paced at ${paced.toFixed(0).padStart(5)} jobs/s: lateness p50 ${percentile(late, 50).toFixed(0)} ms, ` +
          `p99 ${percentile(late, 99).toFixed(0)} ms, max ${late.at(-1)?.toFixed(0)} ms`,
      );
  } finally {
    for (const service of services) await service.close();
    await dropDatabase(database);
  }
}

async function main() {
  console.log(
    `${jobsPerRun} reminder jobs per run, poll ${config.SCHEDULER_POLL_MS} ms, ${config.SCHEDULER_CONCURRENCY} at a time per ` +
      `runner, node ${process.version}`,
  );
  // Warm-up, not printed: the first mails rendered and queries planned cost several times the later ones.
  await round(1, true, jobsPerRun, false);
  for (const mail of [true, false]) {
    await round(1, mail, jobsPerRun);
    await round(2, mail, jobsPerRun);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
