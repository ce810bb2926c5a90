import type { CoreConsumer } from '@baton/service-kit';
import type { NotificationsTables } from '../db/schema';
import { notifyOf } from '../routes/notifications/notifications.service';

/** `notifications-folders`: folders' word that a person's folder counts changed becomes `folders_changed`. */
export const foldersConsumer: CoreConsumer<NotificationsTables> = {
  spec: { durable: 'notifications-folders', stream: 'FOLDERS' },
  handlers: {
    'folders.counts.changed': notifyOf,
  },
};
