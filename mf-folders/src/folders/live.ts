import { useLiveSocket, usePlatformDispatch } from '@baton/web-platform';
import { useRef } from 'react';
import { refetchFolders } from './api';

/**
 * The message of `/ws/tasks/` after which the folders are fetched again: `folders_changed`, pushed when the
 * person's folders, which tasks they hold or how many of those are open changed (in any tab). Other task
 * events are for the task lists.
 */
export const changesFolders = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'folders_changed';

/** Keeps the folders current while they are shown; after a reconnect they are fetched again. */
export function useLiveFolders() {
  const dispatch = usePlatformDispatch();
  const opened = useRef(false);
  useLiveSocket(
    '/ws/tasks/',
    (data) => {
      if (changesFolders(data)) refetchFolders(dispatch);
    },
    {
      onOpen: () => {
        if (opened.current) refetchFolders(dispatch);
        opened.current = true;
      },
    },
  );
}
