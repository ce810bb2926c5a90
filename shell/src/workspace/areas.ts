/** Which remote owns which part of the workspace (ARCHITECTURE.md "Front end"). */
export const areas = {
  dashboard: { remote: 'mf-tasks', module: 'Dashboard', title: 'Dashboard' },
  taskList: { remote: 'mf-tasks', module: 'TaskList', title: 'Tasks' },
  folderStrip: { remote: 'mf-folders', module: 'FolderStrip', title: 'Folders' },
  folderView: { remote: 'mf-folders', module: 'FolderView', title: 'Folder' },
  notifications: { remote: 'mf-notifications', module: 'NotificationBell', title: 'Notifications' },
  settings: { remote: 'mf-settings', module: 'Settings', title: 'Settings' },
  acceptTask: { remote: 'mf-tasks', module: 'AcceptTask', title: 'Task invitation' },
} as const;
