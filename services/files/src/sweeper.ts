import { type Logger, runPeriodically } from '@baton/service-kit';
import type { FilesDeps } from './context';
import { lockUnclaimed } from './routes/uploads/uploads.repository';
import { deleteUploads } from './routes/uploads/uploads.service';

const batchSize = 100;

/**
 * Deletes uploads that nothing claimed within `olderThanMs` (a form abandoned after its file went up):
 * pending ones (their URL may still have stored bytes) and stored ones never attached. Replicas may sweep
 * at once: each takes rows the others have not locked. Returns how many went.
 */
export async function sweepUnclaimedUploads(deps: Pick<FilesDeps, 'write' | 'store'>, olderThanMs: number) {
  let swept = 0;
  for (;;) {
    const batch = await deps.write(async (trx) => {
      const rows = await lockUnclaimed(trx, olderThanMs, batchSize);
      await deleteUploads(trx, deps.store, rows);
      return rows.length;
    });
    swept += batch;
    if (batch < batchSize) return swept;
  }
}

/** Runs the sweep now and then every `everyMs` (an hour), until stopped. */
export function startSweeper(options: {
  deps: Pick<FilesDeps, 'write' | 'store'>;
  logger: Logger;
  olderThanMs: number;
  everyMs?: number;
}) {
  const sweep = async () => {
    const count = await sweepUnclaimedUploads(options.deps, options.olderThanMs);
    if (count > 0) options.logger.info({ count }, 'unclaimed uploads deleted');
  };
  return runPeriodically(
    sweep,
    options.everyMs ?? 3_600_000,
    options.logger,
    'sweeping unclaimed uploads failed',
  );
}
