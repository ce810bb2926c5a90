import type { Task } from '@baton/contracts';
import { currentLanguage, type TaskCategory } from '@baton/web-platform';
import { tt } from './i18n';

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

const addKeys = { personal: 'addPersonal', assign: 'addAssign', invite: 'addInvite' } as const;
/** The button (and form title) that adds a task of this kind. */
export const addLabel = (kind: TaskKind) => tt(addKeys[kind]);

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
  if (progress <= 0) return tt('notStarted');
  if (progress <= 30) return tt('started');
  if (progress <= 60) return tt('halfWay');
  if (progress < 100) return tt('almostDone');
  return tt('progressDone');
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
export type Tab = 'due' | 'completed';

/** The server's name of each order (the tasks service's page request). */
export const sortParam = { 'Newly Added': 'newest', Priority: 'priority', 'Due Date': 'due' } as const;
const sortKeys = {
  'Newly Added': 'sortNewlyAdded',
  Priority: 'sortPriority',
  'Due Date': 'sortDueDate',
} as const;
/** An order's name in the person's language. */
export const sortName = (sort: Sort) => tt(sortKeys[sort]);

type Sortable = Pick<Task, 'id' | 'created_at' | 'completedAt' | 'priority' | 'dueDate'>;
type Compare = (a: Sortable, b: Sortable) => number;

const priorityRank = { Immediate: 0, Moderate: 1, Lenient: 2 } as const;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const newestFirst: Compare = (a, b) => byText(b.created_at, a.created_at) || byText(b.id, a.id);
// Within a priority or a due date the server orders newest first, then by ascending id.
const newestThenId: Compare = (a, b) => byText(b.created_at, a.created_at) || byText(a.id, b.id);
const dueFirst = (task: Sortable) => (task.dueDate ? `0${task.dueDate}` : '1');

/**
 * The order of a tab as the tasks service pages it, so a task changed here can be put where the next page
 * expects it: Due Now newest first, by priority (Immediate, Moderate, Lenient) or by due date (none last);
 * Completed newest completion first.
 */
export function orderOf(tab: Tab, sort: Sort): Compare {
  if (tab === 'completed')
    return (a, b) => byText(b.completedAt ?? '', a.completedAt ?? '') || newestFirst(a, b);
  if (sort === 'Newly Added') return newestFirst;
  if (sort === 'Priority')
    return (a, b) => priorityRank[a.priority] - priorityRank[b.priority] || newestThenId(a, b);
  return (a, b) => byText(dueFirst(a), dueFirst(b)) || newestThenId(a, b);
}

/** A due date as the date input and the card show it: its calendar day. */
export const dueDay = (dueDate: string | null) => (dueDate ? dueDate.slice(0, 10) : '');

/** Today on this device, as a due date is written (YYYY-MM-DD, local time). */
export const today = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Whether an open task's due date has passed or is today (said in words on the card, not colour alone). */
export function dueState(task: { dueDate: string | null; completed: boolean }, on = today()) {
  const day = dueDay(task.dueDate);
  if (!day || task.completed) return null;
  if (day < on) return 'overdue' as const;
  return day === on ? ('today' as const) : null;
}

/** A due date in the person's own way of writing dates (one format on every card). */
export const formatDueDay = (day: string, locale: string = currentLanguage()) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
