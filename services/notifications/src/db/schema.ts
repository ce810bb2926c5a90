import type { Notification, NotificationType, WsTaskMessage } from '@baton/contracts';
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
}
