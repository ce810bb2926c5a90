import type {
  DigestFrequency,
  EventPreference,
  Language,
  Notification,
  NotificationEvent,
  NotificationType,
  Reminder,
  WsTaskMessage,
} from '@baton/contracts';
import type { Generated, JSONColumnType } from 'kysely';

export interface NotificationsTables {
  /** Names of people, from identity's events, to say who did something. */
  users: { id: string; email: string; first_name: string; last_name: string };
  /** Accounts that were deleted: nothing is stored for them again. */
  erased_users: { id: string };
  notifications: {
    id: Generated<string>;
    user_id: string;
    /** The event that caused it: one notification per person per event. */
    event_id: string;
    type: NotificationType;
    title: string;
    message: string;
    is_read: Generated<boolean>;
    is_deleted: Generated<boolean>;
    created_at: Generated<Date>;
    /** Notifications of one key (a task's comments) collapse into one unread row (`count` of them). */
    collapse_key: string | null;
    count: Generated<number>;
    /** The task it is about; null for none, or once the task was deleted. */
    task_id: string | null;
    /** The recipient of an assignment or invitation may accept it from the bell; cleared once accepted. */
    action: NonNullable<Notification['action']> | null;
  };
  /** Each person's `/ws/tasks/` messages, kept a day for a socket that resumes (`logTaskMessage`). */
  task_messages: {
    id: Generated<string>;
    /** Order within one person, in commit order (taken under a lock on the person). */
    seq: Generated<string>;
    user_id: string;
    /** The event that caused it: one message per person per event. */
    event_id: string;
    payload: JSONColumnType<WsTaskMessage>;
    created_at: Generated<Date>;
  };
  /** Devices a person turned web push on for: the browser's PushSubscription (its keys are base64url). */
  push_subscriptions: {
    endpoint: string;
    user_id: string;
    p256dh: string;
    auth: string;
    created_at: Generated<Date>;
    /** When its push service last took a push; null until one did. */
    last_success_at: Date | null;
  };
  /** A person's notification preferences (no row: the defaults). */
  preferences: {
    user_id: string;
    /** An IANA zone: digests and reminders go out at hours of it. */
    timezone: Generated<string>;
    /** The language of the person's mails. */
    language: Generated<Language>;
    digest_frequency: Generated<DigestFrequency>;
    digest_hour: Generated<number>;
    digest_weekday: Generated<number>;
    /** Only the channels the person changed, per event, over the defaults. */
    events: JSONColumnType<EventOverrides, string | undefined, string>;
    updated_at: Generated<Date>;
  };
  /** What waits for a person's next digest; `sent_at` once a digest mail carried it. */
  digest_items: {
    id: Generated<string>;
    user_id: string;
    /** The event that caused it: one item per person per event. */
    event_id: string;
    event: NotificationEvent;
    heading: string;
    message: string;
    task_id: string | null;
    created_at: Generated<Date>;
    sent_at: Date | null;
  };
  /** One-click unsubscribe links: a token names one person and one scope (an event's e-mails, or the digest). */
  unsubscribe_tokens: {
    token: string;
    user_id: string;
    scope: UnsubscribeScope;
    created_at: Generated<Date>;
  };
  /** What reminders need of each task (reminders.repository.ts); a deleted one stays, `deleted`. */
  reminder_tasks: {
    task_id: string;
    title: string;
    /** As the task has it: a calendar date, or a moment. */
    due_date: string | null;
    reminder: JSONColumnType<Reminder, string | null, string | null>;
    overdue_notice: Generated<boolean>;
    owner_id: string | null;
    /** Who is reminded: the owner of a personal task, the recipient of an accepted delegated one; else null. */
    doer_id: string | null;
    delegated: boolean;
    /** Neither completed nor deleted. */
    open: boolean;
    deleted: Generated<boolean>;
    /** When the last event applied happened (an older one is ignored). */
    event_at: Date;
  };
  /** Reminders and overdue notices that fired, once per job key and moment. */
  reminders_fired: { job_key: string; moment: Date; fired_at: Generated<Date> };
}

/** Channels a person changed, per event (what `preferences.events` stores). */
export type EventOverrides = Partial<Record<NotificationEvent, Partial<EventPreference>>>;
/** What one unsubscribe link turns off: one event's e-mails, or the digest. */
export type UnsubscribeScope = NotificationEvent | 'digest';
