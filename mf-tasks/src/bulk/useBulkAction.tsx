import type { BulkRequest, BulkResponse } from '@baton/contracts';
import { useToast } from '@baton/ui';
import { failureMessage, usePlatformDispatch, useT } from '@baton/web-platform';
import { useState } from 'react';
import { tasksApi, useBulkTasksMutation } from '../api';
import { bulkBook } from './messages';

/** How long the toast offers Undo (the server keeps a change longer: limits.bulkUndoSeconds). */
export const undoSeconds = 10;

/** One bulk change without its tasks: the action and its value. */
export type BulkChange = BulkRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'task_ids'>
    : never
  : never;

/** The toast's sentence key for a change (reopening and unfiling have their own words). */
const doneKey = (change: BulkChange) => {
  if (change.action === 'complete') return change.value ? 'done_complete' : 'done_reopen';
  if (change.action === 'folder' && change.value === null) return 'done_unfile';
  return `done_${change.action}` as const;
};

/**
 * Runs a bulk change on the selected tasks in one request: the lists take the answer, a toast says what was done
 * and offers Undo for {@link undoSeconds}; a refusal (403, 404, 409) is said in the server's words, and the
 * server changed nothing.
 */
export function useBulkAction({
  onDone,
  onFailure,
}: {
  /** After a change was made (the selection is cleared). */
  onDone: () => void;
  onFailure: (message: string) => void;
}) {
  const t = useT(bulkBook);
  const [bulk] = useBulkTasksMutation();
  const dispatch = usePlatformDispatch();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function undo(answer: BulkResponse, toastId: string) {
    toast.dismiss(toastId);
    try {
      await dispatch(
        tasksApi.endpoints.undoBulk.initiate({ changeId: answer.change_id, changed: answer.tasks }),
      ).unwrap();
      toast(t('undone'), 'success');
    } catch (error) {
      toast(failureMessage(error, t('undoFailed')), 'error');
    }
  }

  /** Makes `change` to the tasks `ids`; `shown` names the value in the toast (a folder's name, a date). */
  async function run(ids: readonly string[], change: BulkChange, shown = '') {
    if (ids.length === 0 || busy) return false;
    setBusy(true);
    try {
      const answer = await bulk({ ...change, task_ids: [...ids] } as BulkRequest).unwrap();
      onDone();
      const toastId = toast(
        <>
          {t(doneKey(change), { count: ids.length, value: shown })}
          {' · '}
          <button type="button" className="task-link" onClick={() => void undo(answer, toastId)}>
            {t('undo')}
          </button>
        </>,
        'success',
        { durationMs: undoSeconds * 1000 },
      );
      return true;
    } catch (error) {
      onFailure(failureMessage(error, t('failed')));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy };
}
