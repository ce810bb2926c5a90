import type { Notification } from '@baton/contracts';

/** Every sentence of the notification centre (SPEC §2 "Notification centre", §8), word for word. */
export const messages = {
  title: 'Notifications',
  bellLabel: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  tabsLabel: 'Show notifications',
  allTab: (count: number) => `All (${count})`,
  unreadTab: (count: number) => `Unread (${count})`,
  markAllRead: 'Mark all read',
  clearRead: 'Clear read',
  close: 'Close',
  markRead: 'Mark as read',
  markReadOf: (title: string) => `Mark as read: ${title}`,
  delete: 'Delete',
  deleteOf: (title: string) => `Delete: ${title}`,
  // Beyond SPEC: the task a notification is about, and accepting an assignment or invitation from the bell.
  openTask: 'Open task',
  openTaskOf: (title: string) => `Open task: ${title}`,
  accept: 'Accept',
  acceptOf: (title: string) => `Accept: ${title}`,
  accepting: 'Accepting…',
  accepted: 'Accepted',
  alreadyAccepted: 'Already accepted',
  acceptFailed: 'Could not accept the task.',
  unread: 'Unread',
  emptyTitle: 'You’re all caught up.',
  emptyHint: 'New alerts will appear here.',
  types: { success: 'Success', warning: 'Warning', error: 'Error', info: 'Info' } satisfies Record<
    Notification['type'],
    string
  >,
  // Only logged (SPEC §8).
  loadFailed: 'Failed to load notifications.',
  markReadFailed: 'Failed to mark notifications as read.',
  deleteFailed: 'Failed to delete notifications.',
  soundFailed: 'Could not play the notification sound.',
  timeZoneFailed: "Could not send this browser's time zone.",
} as const;
