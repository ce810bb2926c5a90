import type { WsTaskMessage } from '@baton/contracts';
import { type PlatformDispatch, usePlatformDispatch, useResumableSocket } from '@baton/web-platform';
import { dropTask, patchTask, refetchFolders, refetchSummary, refetchTaskLists, refetchWaiting } from './api';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Checks the shape of a `/ws/tasks/` message (SPEC §4) without shipping a schema library to the browser. */
export function asLiveTaskMessage(data: unknown): WsTaskMessage | undefined {
  if (!isRecord(data)) return undefined;
  // The one message about no task in particular: the person's folders, or which tasks they hold, changed.
  if (data.type === 'folders_changed') return data as WsTaskMessage;
  if (typeof data.task_id !== 'string') return undefined;
  switch (data.type) {
    case 'task_added':
    case 'task_accepted':
    case 'task_delete':
      return data as WsTaskMessage;
    case 'task_complete':
      return typeof data.completed === 'boolean' ? (data as WsTaskMessage) : undefined;
    case 'progress_update':
      return Number.isInteger(data.progress) ? (data as WsTaskMessage) : undefined;
    case 'task_update':
      return isRecord(data.task) && typeof data.task.title === 'string' ? (data as WsTaskMessage) : undefined;
    default:
      return undefined;
  }
}

/**
 * SPEC §4 "Live task events" (and `task_added`, `task_accepted`, `folders_changed`), applied to every cached
 * task list.
 */
export function applyLiveTaskEvent(dispatch: PlatformDispatch, data: unknown) {
  const message = asLiveTaskMessage(data);
  if (!message) return;
  refetchSummary(dispatch);
  // Who holds what, and its state, is the server's to say (only fetched while the waiting view is shown).
  refetchWaiting(dispatch);
  switch (message.type) {
    case 'task_added':
      // The task arrives in a list whose category depends on who looks: the server's lists say it.
      return refetchTaskLists(dispatch);
    case 'folders_changed':
      // Tasks were filed, or a folder was renamed or deleted (its tasks back in Personal Tasks): each task's
      // `folder` is the server's to say, and so are the folders' names and counts (the Folder menu, and
      // whether an empty Personal Tasks means everything is filed).
      refetchFolders(dispatch);
      return refetchTaskLists(dispatch);
    case 'task_accepted':
      return void patchTask(dispatch, message.task_id, { is_accepted: true });
    case 'task_delete':
      return dropTask(dispatch, message.task_id);
    case 'task_complete':
      return void patchTask(dispatch, message.task_id, {
        completed: message.completed,
        completedAt: message.completed ? new Date().toISOString() : null,
      });
    case 'progress_update':
      return void patchTask(dispatch, message.task_id, { progress: message.progress });
    case 'task_update': {
      const { title, description, dueDate, priority, progress } = message.task;
      return void patchTask(dispatch, message.task_id, { title, description, dueDate, priority, progress });
    }
  }
}

/**
 * Keeps this person's task lists current while they look at them: events from `/ws/tasks/` change the
 * cache in place; a reconnect resumes after the last event seen (the gateway sends what was missed first),
 * or fetches the lists again when it has none to resume from.
 */
export function useLiveTaskEvents() {
  const dispatch = usePlatformDispatch();
  useResumableSocket(
    '/ws/tasks/',
    (data) => applyLiveTaskEvent(dispatch, data),
    () => {
      refetchTaskLists(dispatch);
      refetchSummary(dispatch);
      refetchWaiting(dispatch);
    },
  );
}
