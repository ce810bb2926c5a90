import type { CoreConsumer } from '@baton/service-kit';
import type { NotificationsTables } from '../db/schema';
import { forgetDevicesOf } from '../push/push.repository';
import { erasePerson, upsertPerson } from '../routes/notifications/notifications.repository';
import { forgetPreferencesOf } from '../routes/preferences/preferences.service';

/** `notifications-identity`: people's names, to say who did something; a deleted account's data goes. */
export const identityConsumer: CoreConsumer<NotificationsTables> = {
  spec: { durable: 'notifications-identity', stream: 'IDENTITY' },
  handlers: {
    'identity.user.created': async (event, trx) => {
      const { userId, email, firstName, lastName } = event.data;
      await upsertPerson(trx, { id: userId, email, first_name: firstName, last_name: lastName });
    },
    'identity.user.deleted': async (event, trx) => {
      await erasePerson(trx, event.data.userId);
      await forgetDevicesOf(trx, event.data.userId);
      await forgetPreferencesOf(trx, event.data.userId);
    },
  },
};
