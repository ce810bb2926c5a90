import type { Folder } from '@baton/contracts';
import { useT } from '@baton/web-platform';
import { useCallback } from 'react';
import { failureOf, useAttachTasksMutation } from '../folders/api';
import { book } from '../messages';

export type FilingResult = { ok: true; text: string } | { ok: false; text: string };

/**
 * Files tasks in a folder (`POST /api/folders/{id}/attach-tasks/`). The one way in, so that a drop now and
 * the keyboard later do the same: on success the folders and the task lists are fetched again (the cards
 * leave Personal Tasks); the result is the sentence to announce.
 */
export function useFileTasks() {
  const [attach] = useAttachTasksMutation();
  const t = useT(book);
  return useCallback(
    async (folder: Pick<Folder, 'id' | 'name'>, taskIds: readonly string[]): Promise<FilingResult> => {
      try {
        await attach({ id: folder.id, taskIds: [...taskIds] }).unwrap();
        return {
          ok: true,
          text: t('moved', { tasks: t('tasks', { count: taskIds.length }), name: folder.name }),
        };
      } catch (error) {
        return { ok: false, text: failureOf(error, t('fileFailed')) };
      }
    },
    [attach, t],
  );
}
