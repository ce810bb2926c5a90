import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger, NatsBus, openDatabase } from '@baton/service-kit';
import { eventually } from '@baton/tasks/testing';
import {
  databaseServerUrl,
  dropDatabase,
  freePort,
  startPrivateNats,
  uniqueDatabaseName,
} from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from './db/migrations';
import type { NotificationsTables } from './db/schema';
import { eventOf, sampleTask } from './testing';

/**
 * The service as its own process on a private nats-server, killed with SIGKILL while it works through
 * a backlog and started again: every event must end as exactly one notification.
 */
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const database = uniqueDatabaseName('notifications');
const backlog = 300;
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let bus: NatsBus;
let child: ChildProcess | undefined;
const db = () =>
  openDatabase<NotificationsTables>({
    url: databaseServerUrl(),
    database,
    migrations,
    logger: createLogger({ name: 'test' }),
  });
let reader: Awaited<ReturnType<typeof db>>;

beforeAll(async () => {
  nats = await startPrivateNats('notifications-restart');
  bus = await NatsBus.connect({
    url: nats.url,
    name: 'restart-test',
    logger: createLogger({ name: 'test' }),
  });
  reader = await db();
}, 60_000);

const stopService = async () => {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child?.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};

afterAll(async () => {
  await stopService();
  await reader?.destroy();
  await bus?.close().catch(() => undefined);
  await nats?.stop();
  await dropDatabase(database);
});

async function startService() {
  const env = {
    ...process.env,
    DATABASE_URL: databaseServerUrl(),
    NOTIFICATIONS_DATABASE: database,
    NATS_URL: nats.url,
    PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
  };
  // node itself (not the tsx launcher, which would leave its node child running when killed).
  child = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: 'ignore' });
}

const stored = async () => {
  const row = await reader
    .selectFrom('notifications')
    .select([sql<number>`count(*)::int`.as('rows'), sql<number>`count(distinct event_id)::int`.as('events')])
    .executeTakeFirstOrThrow();
  return row;
};

it('survives SIGKILL mid-batch: no event lost, none stored twice', async () => {
  const [owner, recipient] = [crypto.randomUUID(), crypto.randomUUID()];
  for (let i = 0; i < backlog; i++) {
    const event = eventOf('tasks.task.assigned', {
      actorId: owner,
      audience: [owner, recipient],
      data: {
        task: sampleTask({ title: `Task ${i}` }),
        recipientEmail: 'ben@example.com',
        recipientId: recipient,
      },
    });
    await bus.publish(event.type, event, { msgId: event.id });
  }
  await startService();
  const atKill = await eventually(async () => {
    const { rows } = await stored();
    return rows >= 20 ? rows : undefined;
  }, 30_000);
  await stopService();
  expect(atKill).toBeLessThan(backlog);

  await startService();
  // What the killed process had fetched but not acknowledged is redelivered after the ack wait (10 s).
  await eventually(async () => (await stored()).events === backlog, 45_000);
  await new Promise((r) => setTimeout(r, 1_000));
  expect(await stored()).toEqual({ rows: backlog, events: backlog });
  const processed = await reader
    .selectFrom('kit_processed_events')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('consumer', '=', 'notifications-tasks')
    .executeTakeFirstOrThrow();
  expect(processed.n).toBe(backlog);
}, 90_000);
