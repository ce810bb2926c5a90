import { limits } from '@baton/contracts';
import { enqueueEvent, runPeriodically } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { takeExpiredChanges } from './bulk.repository';

type SweepDeps = Pick<TasksDeps, 'write'>;

/**
 * How long a change is kept once it can no longer be undone: meanwhile an undo is answered 409 undoExpired
 * (not 404), and its deleted tasks' files are kept.
 */
const keptSeconds = 60;

/**
 * Forgets the bulk changes that can no longer be undone. A bulk delete kept its tasks' files (an undo brings
 * them back whole); now files is told to let them go, as a task's own delete tells it at once
 * (`tasks.attachment.detached`). Replicas may sweep at once. How many changes it forgot.
 */
export function sweepBulkChanges(
  { write }: SweepDeps,
  olderThanSeconds: number = limits.bulkUndoSeconds + keptSeconds,
) {
  return write(async (trx) => {
    const expired = await takeExpiredChanges(trx, olderThanSeconds);
    for (const { user_id, detached } of expired)
      for (const data of detached)
        await enqueueEvent(trx, 'tasks.attachment.detached', { actorId: user_id, audience: [], data });
    return expired.length;
  });
}

/** Sweeps now and then every `everyMs` (15 seconds: files go soon after the undo window), until stopped. */
export function startBulkSweeps(deps: TasksDeps, everyMs = 15_000) {
  return runPeriodically(() => sweepBulkChanges(deps), everyMs, deps.logger, 'sweeping bulk changes failed');
}
