import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '2026-11-21T12:00_notifications_init': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('type', 'text', (c) =>
          c.notNull().check(sql`type in ('success', 'warning', 'error', 'info')`),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('notifications_once_per_event', ['event_id', 'user_id'])
        .execute();
      // The bell's list: one person's newest notifications.
      await db.schema
        .createIndex('notifications_user_newest')
        .on('notifications')
        .columns(['user_id', 'created_at desc'])
        .execute();
    },
  },
  '2026-11-21T13:00_notifications_erased_users': {
    async up(db: Kysely<any>) {
      // Deleted accounts: an event still in flight must not store anything for them after the erasure.
      await db.schema
        .createTable('erased_users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .execute();
    },
  },
  '2026-11-24T15:00_notifications_task_messages': {
    async up(db: Kysely<any>) {
      // Each person's /ws/tasks/ messages, for a reconnecting socket to resume after the last it saw. `seq`
      // is taken under a lock on the person, so within one person it runs in commit order.
      await db.schema
        .createTable('task_messages')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('task_messages_once_per_event', ['event_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('task_messages_user_seq')
        .on('task_messages')
        .columns(['user_id', 'seq'])
        .execute();
      await db.schema
        .createIndex('task_messages_user_age')
        .on('task_messages')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  },
  '2026-11-25T22:00_notifications_collapsed_comments': {
    async up(db: Kysely<any>) {
      // Comment notifications of one task collapse into one while it is unread ("5 new comments on …"): at most
      // one unread row per person and key, which an insert updates instead of adding another.
      await db.schema
        .alterTable('notifications')
        .addColumn('collapse_key', 'text')
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`create unique index notifications_collapsed on notifications (user_id, collapse_key)
                where collapse_key is not null and is_read = false and is_deleted = false`.execute(db);
    },
  },
  '2026-11-27T12:00_notifications_task_links': {
    async up(db: Kysely<any>) {
      // The bell opens the task a notification is about and accepts an assignment or invitation in place.
      // Older rows keep null: nothing to open or accept.
      await db.schema
        .alterTable('notifications')
        .addColumn('task_id', 'uuid')
        .addColumn('action', 'text', (c) => c.check(sql`action in ('assign_accept', 'invite_accept')`))
        .execute();
      // An accepted or deleted task clears its notifications' actions.
      await sql`create index notifications_task on notifications (task_id) where task_id is not null`.execute(
        db,
      );
    },
  },
};
