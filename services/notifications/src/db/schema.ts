import type { NotificationType } from '@baton/contracts';
import type { Generated } from 'kysely';

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
  };
}
