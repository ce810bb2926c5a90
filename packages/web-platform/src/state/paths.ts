import type { Category } from './workspace';

/** Where the workspace is: a category, and the folder open inside Personal Tasks. */
export interface WorkspacePlace {
  category: Category;
  openFolderId: string | null;
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
};

const folderPath = /^\/home\/folders\/([\w-]{1,64})$/;

/** The path of a place in the workspace: reload returns to it, Back and Forward move between places. */
export function pathOf(place: WorkspacePlace) {
  return place.openFolderId ? `/home/folders/${place.openFolderId}` : categoryPaths[place.category];
}

/** The place a workspace path names; undefined for a path under /home that names none. */
export function placeOf(pathname: string): WorkspacePlace | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const folder = folderPath.exec(path)?.[1];
  if (folder) return { category: 'Personal Tasks', openFolderId: folder };
  const category = (Object.keys(categoryPaths) as Category[]).find((c) => categoryPaths[c] === path);
  return category ? { category, openFolderId: null } : undefined;
}
