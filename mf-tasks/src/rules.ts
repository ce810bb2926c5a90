import type { Task } from '@baton/contracts';
import type { TaskCategory } from '@baton/web-platform';

/** The list route that holds a category's tasks (SPEC §7): delegated lists hold both sides. */
export type ListKind = 'personal' | 'assigned' | 'invited';
export const listOf: Record<TaskCategory, ListKind> = {
  'Personal Tasks': 'personal',
  'Tasks Delegated - Assigned': 'assigned',
  'Assigned Tasks': 'assigned',
  'Tasks Delegated - Invitation': 'invited',
  'Invited Tasks': 'invited',
};
export const listPath: Record<ListKind, string> = {
  personal: '/api/tasks/personal/',
  assigned: '/get_assigned/',
  invited: '/get_invited/',
};

/**
 * Whether `task` belongs in this view: its category's side of the list; in Personal Tasks only the unfiled
 * tasks, or with `folderId` only the tasks filed in that folder (SPEC §2 "Folder view").
 */
export function inView(
  task: Pick<Task, 'category' | 'folder'>,
  category: TaskCategory,
  folderId?: string,
): boolean {
  if (task.category !== category) return false;
  if (category !== 'Personal Tasks') return true;
  return folderId === undefined ? !task.folder : task.folder?.id === folderId;
}

/** What a new task from this list is: personal, or delegated by assignment or invitation. */
export type TaskKind = 'personal' | 'assign' | 'invite';
export const kindOf = (category: TaskCategory): TaskKind =>
  category === 'Personal Tasks' ? 'personal' : listOf[category] === 'assigned' ? 'assign' : 'invite';

export const addLabel: Record<TaskKind, string> = {
  personal: 'Add Tasks',
  assign: 'Assign Task',
  invite: 'Invite to Task',
};

export interface Capabilities {
  edit: boolean;
  delete: boolean;
  complete: boolean;
  progress: boolean;
  /** Inline due-date editing on the card. */
  dueDate: boolean;
  /** The owner's side of a delegated task: the recipients are listed and the owner is "You". */
  ownerSide: boolean;
  /** The comments panel (a recipient who has not accepted yet reads it; the server refuses their writes). */
  comments: boolean;
}

/** The recipient's side of an assignment or invitation. */
const recipientSide: Capabilities = {
  edit: false,
  delete: false,
  complete: true,
  progress: true,
  dueDate: false,
  ownerSide: false,
  comments: true,
};

/** SPEC §6, per category. */
export const capabilities: Record<TaskCategory, Capabilities> = {
  'Personal Tasks': {
    edit: true,
    delete: true,
    complete: true,
    progress: true,
    dueDate: true,
    ownerSide: false,
    comments: false,
  },
  'Tasks Delegated - Assigned': {
    edit: true,
    delete: true,
    complete: false,
    progress: false,
    dueDate: false,
    ownerSide: true,
    comments: true,
  },
  'Tasks Delegated - Invitation': {
    edit: true,
    delete: true,
    complete: false,
    progress: true,
    dueDate: false,
    ownerSide: true,
    comments: true,
  },
  'Assigned Tasks': recipientSide,
  'Invited Tasks': recipientSide,
};

/** SPEC §4: the slider works only where progress is allowed, on an open task that was accepted. */
export const canMoveProgress = (category: TaskCategory, task: Pick<Task, 'completed' | 'is_accepted'>) =>
  capabilities[category].progress && !task.completed && task.is_accepted;

/** SPEC §4 progress label. */
export function progressLabel(progress: number) {
  if (progress <= 0) return 'Not started';
  if (progress <= 30) return 'Started';
  if (progress <= 60) return 'Half way';
  if (progress < 100) return 'Almost done';
  return 'Done';
}

/** A completed task shows 100%. */
export const shownProgress = (task: Pick<Task, 'completed' | 'progress'>) =>
  task.completed ? 100 : task.progress;

export const descriptionPreview = 150;

/** The description cut at 150 characters (SPEC §9), and whether it was cut. */
export function preview(description: string, limit = descriptionPreview) {
  const chars = [...description];
  return chars.length <= limit
    ? { text: description, cut: false }
    : { text: `${chars.slice(0, limit).join('').trimEnd()}…`, cut: true };
}

export const sorts = ['Newly Added', 'Priority', 'Due Date'] as const;
export type Sort = (typeof sorts)[number];

const priorityRank = { Immediate: 0, Moderate: 1, Lenient: 2 } as const;
const newestFirst = (a: Pick<Task, 'created_at'>, b: Pick<Task, 'created_at'>) =>
  b.created_at.localeCompare(a.created_at);

type Sortable = Pick<Task, 'created_at' | 'priority' | 'dueDate'>;

/** Sorted copy: newest first; by priority (Immediate, Moderate, Lenient); by due date (none last). */
export function sortTasks<T extends Sortable>(tasks: readonly T[], sort: Sort): T[] {
  const copy = [...tasks];
  if (sort === 'Newly Added') return copy.sort(newestFirst);
  if (sort === 'Priority')
    return copy.sort((a, b) => priorityRank[a.priority] - priorityRank[b.priority] || newestFirst(a, b));
  return copy.sort((a, b) => {
    if (a.dueDate === b.dueDate) return newestFirst(a, b);
    if (!a.dueDate) return 1;
    if (!b.dueDate) return -1;
    return a.dueDate.localeCompare(b.dueDate);
  });
}

/** The Completed tab: newest completion first. */
export const byCompletion = <T extends Pick<Task, 'completedAt' | 'created_at'>>(tasks: readonly T[]) =>
  [...tasks].sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? '') || newestFirst(a, b));

/** A due date as the date input and the card show it: its calendar day. */
export const dueDay = (dueDate: string | null) => (dueDate ? dueDate.slice(0, 10) : '');
