import { type EventEnvelope, routes } from '@baton/contracts';
import { startTestFiles } from '@baton/files/testing';
import { startTestIdentity } from '@baton/identity/testing';
import { createMailer } from '@baton/mailer';
import { type EventBus, InProcessBus, type Logger, startDurableConsumer } from '@baton/service-kit';
import { migratedTestDatabase, onEach } from '@baton/service-kit/testing';
import {
  databaseServerUrl,
  dropDatabase,
  eventually,
  jsonRequest,
  type SignedUpUser,
  type signUp,
  startSmtpCapture,
  uniqueName,
} from '@baton/test-kit';
import { afterAll, beforeAll } from 'vitest';
import { createTasks } from './app';
import { type TasksConfig, tasksConfigSchema } from './config';
import { migrations } from './db/migrations';

export { eventually };

/**
 * tasks and identity on fresh databases of the test Postgres, sharing a bus (in-process unless given),
 * with a real SMTP capture server for tasks' mails. People sign up through identity's real routes.
 */
export async function startTestTasks(
  options: {
    bus?: EventBus;
    config?: Partial<TasksConfig>;
    logger?: Logger;
    /** The files service's settings (e.g. an S3 bucket); the local store in a temporary directory otherwise. */
    files?: Parameters<typeof startTestFiles>[0]['config'];
  } = {},
) {
  const bus = options.bus ?? new InProcessBus();
  const id = await startTestIdentity({ bus });
  const database = await migratedTestDatabase('tasks', migrations);
  const smtp = await startSmtpCapture();
  const mailer = createMailer({ smtpUrl: smtp.smtpUrl, from: 'Baton <no-reply@baton.test>' });
  // Without mail caps unless a test turns them on (mail-caps.test.ts): files send many mails to few people.
  const config = {
    ...tasksConfigSchema.parse({ PUBLIC_URL: 'http://baton.test', RATE_LIMITS: 'false' }),
    ...options.config,
  };
  const files = await startTestFiles({ bus, keys: id.identity.deps.keys.resolver, config: options.files });
  const tasks = await createTasks({
    databaseUrl: databaseServerUrl(),
    database,
    bus,
    mailer,
    config,
    logger: options.logger,
    keys: id.identity.deps.keys.resolver,
    identity: async (path, init) => id.request(path, init),
    files: async (path, init) => files.request(path, init),
  });
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    tasks.app.request(path, jsonRequest(method, body, token));
  const post = (path: string, body: unknown, token?: string) => call('POST', path, token, body);
  /** Whether tasks knows a person of this address who confirmed it (whom tasks sent to it reach). */
  const knows = (email: string) =>
    tasks.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .where('email_verified', '=', true)
      .executeTakeFirst();
  return {
    tasks,
    identity: id,
    files,
    bus,
    smtp,
    db: tasks.deps.db,
    call,
    post,
    get: (path: string, token?: string) => call('GET', path, token),
    /** A new person, signed up through identity with their address confirmed, and known to tasks. */
    async person(overrides: Parameters<typeof signUp>[1] = {}): Promise<SignedUpUser> {
      const user = await id.person(overrides);
      await eventually(() => knows(user.email));
      return user;
    },
    knows,
    /**
     * A task `owner` invites (or assigns) `to` to, accepted by `to` unless `accepted` is false; its id.
     * `form` overrides the title, due date and priority.
     */
    async delegated(
      owner: SignedUpUser,
      to: SignedUpUser,
      options: { role?: 'invite' | 'assign'; accepted?: boolean; form?: Record<string, unknown> } = {},
    ) {
      const { role = 'invite', accepted = true } = options;
      const form = { title: 'Shared task', dueDate: '2026-12-31', priority: 'Moderate', ...options.form };
      const path = role === 'invite' ? routes.inviteToTask.path : routes.assignTask.path;
      const res = await post(path, { ...form, email: to.email }, owner.access);
      if (res.status !== 201) throw new Error(`delegating failed: ${res.status}`);
      const { id } = (await res.json()) as { id: string };
      if (!accepted) return id;
      const accept = { task_id: id, user_email: to.email, trusted: false, role };
      const answer = await post(routes.acceptTask.path, accept, to.access);
      if (answer.status !== 200) throw new Error(`accepting failed: ${answer.status}`);
      return id;
    },
    /** `truster` trusts `trusted` (through identity), once tasks has heard of it. */
    async trust(truster: SignedUpUser, trusted: SignedUpUser) {
      const res = await id.post(routes.trustOrInvite.path, { trusted_email: trusted.email }, truster.access);
      if (!res.ok) throw new Error(`trust failed: ${res.status}`);
      await eventually(() =>
        tasks.deps.db
          .selectFrom('trusts')
          .select('owner_id')
          .where('owner_id', '=', truster.id)
          .where('trusted_id', '=', trusted.id)
          .executeTakeFirst(),
      );
    },
    async close() {
      await tasks.close();
      await files.close();
      mailer.close();
      await smtp.stop();
      await id.close();
      if (!options.bus) await bus.close();
      await dropDatabase(database);
    },
  };
}
export type TestTasks = Awaited<ReturnType<typeof startTestTasks>>;

/** Starts tasks (and identity) before the file's tests and closes them after; read `.t` inside tests. */
export function useTestTasks(options?: Parameters<typeof startTestTasks>[0]) {
  const holder = {} as { t: TestTasks };
  beforeAll(async () => {
    holder.t = await startTestTasks(options);
  });
  afterAll(() => holder.t.close());
  return holder;
}

/** Every TASKS event of `subjects` that reaches the bus from now on, collected in the returned array. */
export async function recordEvents(t: TestTasks, subjects: string[]) {
  const events: EventEnvelope[] = [];
  await startDurableConsumer({
    bus: t.bus,
    db: t.db,
    logger: t.tasks.deps.logger,
    spec: { durable: uniqueName('test-watch'), stream: 'TASKS' },
    handlers: onEach(subjects, async (event) => {
      events.push(event);
    }),
  });
  return events;
}
