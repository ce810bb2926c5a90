import type { CoreConsumer } from '@baton/service-kit';
import type { TasksTables } from '../db/schema';
import { setLanguage } from './identity.repository';

/** `tasks-notifications`: the language people chose in their preferences, for the mails tasks writes them. */
export const notificationsConsumer: CoreConsumer<TasksTables> = {
  spec: { durable: 'tasks-notifications', stream: 'NOTIFICATIONS' },
  handlers: {
    'notifications.language.changed': async ({ data }, trx) => {
      await setLanguage(trx, data.userId, data.language);
    },
  },
};
