import type { CoreConsumer } from '@baton/service-kit';
import type { TasksTables } from '../db/schema';
import { setPreferences } from '../people.repository';

/**
 * `tasks-notifications`: the language and time zone people chose in their preferences, for the mails tasks
 * writes them and the "today" of their list filters.
 */
export const notificationsConsumer: CoreConsumer<TasksTables> = {
  spec: { durable: 'tasks-notifications', stream: 'NOTIFICATIONS' },
  handlers: {
    'notifications.preferences.changed': async ({ data }, trx) => {
      await setPreferences(trx, data.userId, { language: data.language, timezone: data.timezone });
    },
  },
};
