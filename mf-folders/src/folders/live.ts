import { usePlatformDispatch, useResumableSocket } from '@baton/web-platform';
import { refetchFolders } from './api';

/**
 * The message of `/ws/tasks/` after which the folders are fetched again: `folders_changed`, pushed when the
 * person's folders, which tasks they hold or how many of those are open changed (in any tab). Other task
 * events are for the task lists.
 */
export const changesFolders = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'folders_changed';

/**
 * Keeps the folders current while they are shown; a reconnect resumes after the last `/ws/tasks/` message
 * seen, or fetches the folders again when it has none to resume from.
 */
export function useLiveFolders() {
  const dispatch = usePlatformDispatch();
  useResumableSocket(
    '/ws/tasks/',
    (data) => {
      if (changesFolders(data)) refetchFolders(dispatch);
    },
    () => refetchFolders(dispatch),
  );
}
