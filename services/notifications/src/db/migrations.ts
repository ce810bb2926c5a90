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
  '2026-11-27T14:00_notifications_push_subscriptions': {
    async up(db: Kysely<any>) {
      // Web push: each device a person turned push on for (the browser's PushSubscription). An endpoint is one
      // browser profile's: subscribing it again moves it to whoever signed in there last.
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('endpoint', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_success_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user_age')
        .on('push_subscriptions')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  },
  '2026-11-28T12:00_notifications_preferences': {
    async up(db: Kysely<any>) {
      // Each person's notification preferences; no row means the defaults. `events` holds only what the person
      // changed, over the defaults (preferences.service.ts), so an event added later starts at its default.
      await db.schema
        .createTable('preferences')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
        .addColumn('digest_frequency', 'text', (c) =>
          c.notNull().defaultTo('daily').check(sql`digest_frequency in ('off', 'hourly', 'daily', 'weekly')`),
        )
        .addColumn('digest_hour', 'integer', (c) =>
          c.notNull().defaultTo(8).check(sql`digest_hour between 0 and 23`),
        )
        .addColumn('digest_weekday', 'integer', (c) =>
          c.notNull().defaultTo(1).check(sql`digest_weekday between 0 and 6`),
        )
        .addColumn('events', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      // What waits for a person's next digest mail. One item per event and person, so a redelivered event adds
      // none; `sent_at` is set in the transaction that queues the digest mail, so each goes exactly once.
      await db.schema
        .createTable('digest_items')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('heading', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('task_id', 'uuid')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('sent_at', 'timestamptz')
        .addUniqueConstraint('digest_items_once_per_event', ['event_id', 'user_id'])
        .execute();
      await sql`create index digest_items_waiting on digest_items (user_id, created_at) where sent_at is null`.execute(
        db,
      );
      await sql`create index digest_items_sent on digest_items (sent_at) where sent_at is not null`.execute(
        db,
      );
      // One-click unsubscribe (RFC 8058): one unguessable token per person and scope (an event, or 'digest'),
      // reused by every mail of that scope, so the table grows with people, not with mails.
      await db.schema
        .createTable('unsubscribe_tokens')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('unsubscribe_tokens_one_per_scope', ['user_id', 'scope'])
        .execute();
    },
  },
  '2026-11-28T14:00_notifications_reminders': {
    async up(db: Kysely<any>) {
      // What reminders need of each task, from task events: the last event applied (an older one redelivered
      // late is ignored), the due date and reminder, who does it and who delegated it. A deleted task stays as
      // a tombstone, so no late event schedules its reminder again.
      await db.schema
        .createTable('reminder_tasks')
        .addColumn('task_id', 'uuid', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text')
        .addColumn('reminder', 'jsonb')
        .addColumn('overdue_notice', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('owner_id', 'uuid')
        .addColumn('doer_id', 'uuid')
        .addColumn('delegated', 'boolean', (c) => c.notNull())
        .addColumn('open', 'boolean', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('event_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // A person's open tasks with a due date, to schedule again when their time zone changes.
      await sql`create index reminder_tasks_doer on reminder_tasks (doer_id) where open`.execute(db);
      await sql`create index reminder_tasks_owner on reminder_tasks (owner_id) where open`.execute(db);
      // Reminders and overdue notices that fired: one row per job key and moment, written in the transaction
      // of the notification, so a job run twice (a crash after its commit, two replicas) fires once.
      await db.schema
        .createTable('reminders_fired')
        .addColumn('job_key', 'text', (c) => c.notNull())
        .addColumn('moment', 'timestamptz', (c) => c.notNull())
        .addColumn('fired_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('reminders_fired_pk', ['job_key', 'moment'])
        .execute();
      // Matching task events' e-mails to people.
      await sql`create index users_email on users (lower(email))`.execute(db);
    },
  },
  '2026-11-29T10:00_notifications_language': {
    async up(db: Kysely<any>) {
      // The language of the person's mails (issue 36); everyone before it reads English.
      await db.schema
        .alterTable('preferences')
        .addColumn('language', 'text', (c) =>
          c.notNull().defaultTo('en').check(sql`language in ('en', 'de')`),
        )
        .execute();
    },
  },
};
