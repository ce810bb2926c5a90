/**
 * SPEC §4 "Accept-task page": after acceptance the page tells the window that opened it (same origin), which
 * then goes to /home, and closes itself.
 */
export interface TaskAcceptedMessage {
  type: 'TASK_ACCEPTED';
  taskId: string;
}

export const taskAccepted = (taskId: string): TaskAcceptedMessage => ({ type: 'TASK_ACCEPTED', taskId });

export const isTaskAcceptedMessage = (data: unknown): data is TaskAcceptedMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'TASK_ACCEPTED' &&
  typeof (data as { taskId?: unknown }).taskId === 'string';
