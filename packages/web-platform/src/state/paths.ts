import type { Category } from './workspace';

/** The sections of Settings, each with its own path (`/home/settings/<section>`). */
export const settingsSections = [
  'account',
  'appearance',
  'notifications',
  'trusted',
  'storage',
  'data',
  'danger',
] as const;
export type SettingsSection = (typeof settingsSections)[number];

/**
 * Where the workspace is: a category, the folder open inside Personal Tasks, the single task open on its own
 * page (`/home/tasks/<id>`), or a section of Settings.
 */
export interface WorkspacePlace {
  category: Category;
  openFolderId: string | null;
  openTaskId?: string | null;
  section?: SettingsSection | null;
  /** A list's URL query (its filters, e.g. `priority=Immediate&due=week`), without the `?`; none is ''. */
  query?: string;
}

/** Each category's path under /home (SPEC §2 chooses views by category name; the URL mirrors that choice). */
const categoryPaths: Record<Category, string> = {
  'Personal Tasks': '/home',
  Dashboard: '/home/dashboard',
  Settings: '/home/settings',
  'Assigned Tasks': '/home/assigned',
  'Tasks Delegated - Assigned': '/home/assigned/delegated',
  'Invited Tasks': '/home/invited',
  'Tasks Delegated - Invitation': '/home/invited/delegated',
  'Waiting on others': '/home/waiting',
};

const folderPath = /^\/home\/folders\/([\w-]{1,64})$/;
const taskPath = /^\/home\/tasks\/([\w-]{1,64})$/;
const sectionPath = /^\/home\/settings\/([a-z]+)$/;

/** The path of one task's own page (links from mails, the bell and the dashboard open it). */
export const taskPathOf = (taskId: string) => `/home/tasks/${taskId}`;

/** The path of a place in the workspace: reload returns to it, Back and Forward move between places. */
export function pathOf(place: WorkspacePlace) {
  if (place.openTaskId) return taskPathOf(place.openTaskId);
  if (place.openFolderId) return `/home/folders/${place.openFolderId}`;
  if (place.category === 'Settings' && place.section) return `${categoryPaths.Settings}/${place.section}`;
  return categoryPaths[place.category];
}

const isSection = (name: string | undefined): name is SettingsSection =>
  (settingsSections as readonly string[]).includes(name ?? '');

/**
 * The place a workspace path names; undefined for a path under /home that names none. A task's page names no
 * category: opening it keeps the current one until the task, once loaded, says where it belongs (`taskPlaced`).
 */
export function placeOf(pathname: string): WorkspacePlace | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const task = taskPath.exec(path)?.[1];
  if (task) return { category: 'Personal Tasks', openFolderId: null, openTaskId: task };
  const folder = folderPath.exec(path)?.[1];
  if (folder) return { category: 'Personal Tasks', openFolderId: folder };
  const section = sectionPath.exec(path)?.[1];
  if (isSection(section)) return { category: 'Settings', openFolderId: null, section };
  const category = (Object.keys(categoryPaths) as Category[]).find((c) => categoryPaths[c] === path);
  return category ? { category, openFolderId: null } : undefined;
}
