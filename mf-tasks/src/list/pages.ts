import type { Task, TaskFilter, TaskPage, TaskPageRequest } from '@baton/contracts';
import type { TaskCategory } from '@baton/web-platform';
import { isFiltered } from '../filters/query';
import { inView, type ListKind, listOf, orderOf, type Sort, sortParam, type Tab } from '../rules';

/** What one list screen shows: one category (a side of a list route), one folder or none, one tab, one order. */
export interface ListView {
  category: TaskCategory;
  /** In Personal Tasks: the folder shown, or null for the unfiled tasks. */
  folderId: string | null;
  tab: Tab;
  sort: Sort;
  /** The list's filters (its URL query); part of the cache key, so each filter has its own pages. */
  filter?: TaskFilter;
}

/** The pages of one view as cached: each page with the cursor that fetched it. */
export interface Pages {
  pages: TaskPage[];
  pageParams: (string | null)[];
}

export const listKindOf = (view: Pick<ListView, 'category'>): ListKind => listOf[view.category];

/** The tasks service's page request for a view (its first page without `cursor`). */
export function pageRequest(view: ListView, cursor: string | null): Partial<TaskPageRequest> {
  const personal = view.category === 'Personal Tasks';
  return {
    side: personal || view.category.startsWith('Tasks Delegated') ? 'owner' : 'recipient',
    ...(personal ? { folder: view.folderId ?? 'none' } : {}),
    tab: view.tab,
    sort: sortParam[view.sort],
    ...(view.filter && isFiltered(view.filter) ? { filter: view.filter } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** Whether a task passes the filters a client can check (the server judges the rest when it fetches). */
const passes = (task: Task, filter: TaskFilter = {}) =>
  (!filter.priority || task.priority === filter.priority) &&
  (filter.attachment === undefined || (task.attachment !== null) === filter.attachment);

/** Whether a task is in this view's side and folder (either tab) and passes its filters. */
const inScope = (task: Task, view: ListView) =>
  inView(task, view.category, view.folderId ?? undefined) && passes(task, view.filter);
const tabOf = (task: Pick<Task, 'completed'>): Tab => (task.completed ? 'completed' : 'due');

/** The task with this id in the pages, if loaded. */
export function findTask(data: Pages, id: string): Task | undefined {
  for (const page of data.pages) {
    const task = page.tasks.find((t) => t.id === id);
    if (task) return task;
  }
  return undefined;
}

/**
 * Moves a task in a view's cached pages from how it was (`before`, or nothing when it is new to the cache) to
 * how it is (`after`, or nothing when it is gone): it leaves, is put back where the server's order puts it
 * among the tasks loaded so far (or left for a later page to bring), and the tab counts follow. Mutates
 * `data` (an immer draft).
 */
export function placeTask(data: Pages, view: ListView, before: Task | undefined, after: Task | undefined) {
  const id = (before ?? after)?.id;
  // A filtered view holds what the server chose (a search is the server's to judge): its tasks change or
  // leave it here, and a task joins it only when it is fetched again.
  const held =
    !view.filter ||
    !isFiltered(view.filter) ||
    data.pages.some((page) => page.tasks.some((t) => t.id === id));
  if (!held) return;
  const counts = data.pages[0]?.counts;
  if (counts && before && inScope(before, view)) counts[tabOf(before)] -= 1;
  if (counts && after && inScope(after, view)) counts[tabOf(after)] += 1;
  for (const page of data.pages) page.tasks = page.tasks.filter((task) => task.id !== id);
  if (!after || !inScope(after, view) || tabOf(after) !== view.tab) return;

  const compare = orderOf(view.tab, view.sort);
  for (const page of data.pages) {
    const at = page.tasks.findIndex((task) => compare(after, task) < 0);
    if (at >= 0) return void page.tasks.splice(at, 0, after);
  }
  // After every loaded task: on the end if nothing follows, else a later page brings it.
  const last = data.pages.at(-1);
  if (last && last.next === null) last.tasks.push(after);
}

/** The loaded tasks in order; a task moved across a page boundary while loading shows once. */
export function loadedTasks(data: Pages | undefined): Task[] {
  if (!data) return [];
  const seen = new Set<string>();
  const tasks: Task[] = [];
  for (const page of data.pages)
    for (const task of page.tasks) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      tasks.push(task);
    }
  return tasks;
}
