import type { CoreConsumer } from '@baton/service-kit';
import type { FilesTables } from '../db/schema';
import { lockAttached } from '../routes/uploads/uploads.repository';
import { deleteUploads } from '../routes/uploads/uploads.service';
import type { ObjectStore } from '../store/store';

/**
 * `files-folders`: a folder let go of its base file (replaced, removed, the folder deleted): its bytes go, as
 * `files-tasks` deletes a task's. The key must still be attached to that folder.
 */
export const foldersConsumer = (store: ObjectStore): CoreConsumer<FilesTables> => ({
  spec: { durable: 'files-folders', stream: 'FOLDERS' },
  handlers: {
    'folders.basefile.detached': async ({ data: { folderId, key } }, trx) =>
      deleteUploads(trx, store, await lockAttached(trx, key, { kind: 'folder', id: folderId })),
  },
});
