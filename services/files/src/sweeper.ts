import { type Logger, runPeriodically } from '@baton/service-kit';
import { sql } from 'kysely';
import type { FilesDb } from './context';
import type { ObjectStore } from './store/store';
import { deleteUploads } from './uploads';

/**
 * Deletes uploads that nothing claimed within `olderThanMs` (a form abandoned after its file went up):
 * pending ones (their URL may still have stored bytes) and stored ones never attached. Replicas may sweep
 * at once: each takes rows the others have not locked. Returns how many went.
 */
export async function sweepUnclaimedUploads(db: FilesDb, store: ObjectStore, olderThanMs: number) {
  let swept = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('uploads')
        .select('key')
        .where('state', 'in', ['pending', 'stored'])
        .where('created_at', '<', sql<Date>`now() - ${`${olderThanMs} milliseconds`}::interval`)
        .orderBy('created_at')
        .limit(100)
        .forUpdate()
        .skipLocked()
        .execute();
      await deleteUploads(trx, store, rows);
      return rows.length;
    });
    swept += batch;
    if (batch < 100) return swept;
  }
}

/** Runs the sweep now and then every `everyMs` (an hour), until stopped. */
export function startSweeper(options: {
  db: FilesDb;
  store: ObjectStore;
  logger: Logger;
  olderThanMs: number;
  everyMs?: number;
}) {
  const sweep = async () => {
    const count = await sweepUnclaimedUploads(options.db, options.store, options.olderThanMs);
    if (count > 0) options.logger.info({ count }, 'unclaimed uploads deleted');
  };
  return runPeriodically(
    sweep,
    options.everyMs ?? 3_600_000,
    options.logger,
    'sweeping unclaimed uploads failed',
  );
}
