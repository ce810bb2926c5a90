import type { Folder } from '@baton/contracts';
import { useCallback } from 'react';
import { failureOf, useAttachTasksMutation } from '../folders/api';
import { messages } from '../messages';

export type FilingResult = { ok: true; text: string } | { ok: false; text: string };

const tasksWord = (n: number) => (n === 1 ? '1 task' : `${n} tasks`);

/**
 * Files tasks in a folder (`POST /api/folders/{id}/attach-tasks/`). The one way in, so that a drop now and
 * the keyboard later do the same: on success the folders and the task lists are fetched again (the cards
 * leave Personal Tasks); the result is the sentence to announce.
 */
export function useFileTasks() {
  const [attach] = useAttachTasksMutation();
  return useCallback(
    async (folder: Pick<Folder, 'id' | 'name'>, taskIds: readonly string[]): Promise<FilingResult> => {
      try {
        await attach({ id: folder.id, taskIds: [...taskIds] }).unwrap();
        return { ok: true, text: `Moved ${tasksWord(taskIds.length)} to ${folder.name}.` };
      } catch (error) {
        return { ok: false, text: failureOf(error, messages.fileFailed) };
      }
    },
    [attach],
  );
}
