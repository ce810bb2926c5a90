import type { CoreConsumer } from '@baton/service-kit';
import type { FoldersTables } from '../db/schema';
import { erasePerson } from './tasks.repository';

/** `folders-identity`: a deleted person's folders and their copy of tasks leave this service. */
export const identityConsumer: CoreConsumer<FoldersTables> = {
  spec: { durable: 'folders-identity', stream: 'IDENTITY' },
  handlers: {
    'identity.user.deleted': (event, trx) => erasePerson(trx, event.data.userId),
  },
};
