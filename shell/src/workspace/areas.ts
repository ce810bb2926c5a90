import type { WorkspacePath } from '@baton/contracts/constants';

/** Which remote owns which part of the workspace. */
export const areas = {
  dashboard: { remote: 'mf-tasks', module: 'Dashboard', title: 'Dashboard' },
  taskList: { remote: 'mf-tasks', module: 'TaskList', title: 'Tasks' },
  taskPage: { remote: 'mf-tasks', module: 'TaskPage', title: 'Task' },
  waiting: { remote: 'mf-tasks', module: 'Waiting', title: 'Waiting on others' },
  folderStrip: { remote: 'mf-folders', module: 'FolderStrip', title: 'Folders' },
  folderView: { remote: 'mf-folders', module: 'FolderView', title: 'Folder' },
  notifications: { remote: 'mf-notifications', module: 'NotificationBell', title: 'Notifications' },
  settings: { remote: 'mf-settings', module: 'Settings', title: 'Settings' },
  acceptTask: { remote: 'mf-tasks', module: 'AcceptTask', title: 'Task invitation' },
} as const;

/**
 * The main area of each page inside a session (a page opens on Personal Tasks): its page preloads its files
 * (shell/rspack.config.ts); secondary areas wait for it (remotes/mainView.ts).
 */
export const mainAreas = {
  '/home': areas.taskList,
  '/accept-task': areas.acceptTask,
} as const satisfies Record<WorkspacePath, (typeof areas)[keyof typeof areas]>;
