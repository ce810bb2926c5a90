import type { CoreConsumer } from '@baton/service-kit';
import type { FilesTables } from '../db/schema';
import { lockOwnUploads, rememberErased } from '../routes/uploads/uploads.repository';
import { deleteUploads } from '../routes/uploads/uploads.service';
import type { ObjectStore } from '../store/store';

/** `files-identity`: an account was deleted: every file it uploaded goes, and nothing presigned for it later is kept. */
export const identityConsumer = (store: ObjectStore): CoreConsumer<FilesTables> => ({
  spec: { durable: 'files-identity', stream: 'IDENTITY' },
  handlers: {
    'identity.user.deleted': async ({ data: { userId } }, trx) => {
      await rememberErased(trx, userId);
      await deleteUploads(trx, store, await lockOwnUploads(trx, userId));
    },
  },
});
