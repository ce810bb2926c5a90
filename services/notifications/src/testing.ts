import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope, EventSubject, PushMessage, Task } from '@baton/contracts';
import type { EventBus } from '@baton/service-kit';
import { eventually, startTestTasks } from '@baton/tasks/testing';
import { databaseServerUrl, dropDatabase, jsonRequest, uniqueDatabaseName } from '@baton/test-kit';
import { createNotifications } from './app';

/** A task as events carry it. */
export const sampleTask = (overrides: Partial<Task> = {}): Task => ({
  id: randomUUID(),
  title: 'Quarterly report',
  description: '',
  dueDate: '2026-11-28',
  priority: 'Moderate',
  progress: 0,
  completed: false,
  completedAt: null,
  created_at: new Date().toISOString(),
  owner: 'ana@example.com',
  firstName: 'Ana',
  assigned_users: [],
  invited_users: [],
  is_trusted: false,
  is_accepted: false,
  folder: null,
  attachmentKey: null,
  attachmentUrl: null,
  attachment: null,
  category: 'Tasks Delegated - Assigned',
  ...overrides,
});

/** An event envelope as a service's outbox writes it. */
export const eventOf = <S extends EventSubject>(
  type: S,
  event: { actorId: string | null; audience: string[]; data: EventData<S> },
): EventEnvelope<S> => ({ id: randomUUID(), type, occurredAt: new Date().toISOString(), ...event });

/**
 * notifications beside real identity and tasks (fresh databases of the test Postgres) on one bus, which
 * is in-process unless given. Every push the bus carries is recorded per person.
 */
export async function startTestNotifications(options: { bus?: EventBus } = {}) {
  const t = await startTestTasks({ bus: options.bus });
  const database = uniqueDatabaseName('notifications');
  const service = await createNotifications({
    databaseUrl: databaseServerUrl(),
    database,
    bus: t.bus,
    keys: t.identity.identity.deps.keys.resolver,
  });
  const db = service.deps.db;
  const pushes: Array<{ userId: string; message: PushMessage }> = [];
  const listening = t.bus.subscribeCore('push.user.*', (message, subject) => {
    pushes.push({ userId: subject.split('.')[2] ?? '', message: message as PushMessage });
  });
  const person = async (overrides?: Parameters<typeof t.person>[0]) => {
    const user = await t.person(overrides);
    await eventually(() => db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst());
    return user;
  };
  return {
    ...t,
    service,
    db,
    pushes,
    person,
    /** A call to the notification routes. */
    notificationsCall: (method: string, path: string, token?: string, body?: unknown) =>
      service.app.request(path, jsonRequest(method, body, token)),
    /** Stored notifications of one person (deleted ones too), oldest first. */
    storedFor: (userId: string) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    pushesTo: (userId: string, channel: PushMessage['channel']) =>
      pushes.filter((p) => p.userId === userId && p.message.channel === channel).map((p) => p.message),
    async close() {
      listening.unsubscribe();
      await service.close();
      await t.close();
      await dropDatabase(database);
    },
  };
}
export type TestNotifications = Awaited<ReturnType<typeof startTestNotifications>>;
