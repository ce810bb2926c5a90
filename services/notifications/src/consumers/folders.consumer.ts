import type { CoreConsumer } from '@baton/service-kit';
import type { NotificationsConfig } from '../config';
import type { NotificationsTables } from '../db/schema';
import { notifierOf } from '../routes/notifications/notifications.service';

/** `notifications-folders`: folders' word that a person's folder counts changed becomes `folders_changed`. */
export const foldersConsumer = (config: NotificationsConfig): CoreConsumer<NotificationsTables> => ({
  spec: { durable: 'notifications-folders', stream: 'FOLDERS' },
  handlers: {
    'folders.counts.changed': notifierOf(config),
  },
});
