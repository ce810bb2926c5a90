import type { Task } from '@baton/contracts';

/**
 * Baton's CSV export: its columns, each named in the header and written from the task as its owner or
 * recipient sees it. The import reads the same names back (`import.formats.ts`).
 */
export const batonCsvColumns = {
  id: (task: Task) => task.id,
  title: (task: Task) => task.title,
  description: (task: Task) => task.description,
  'due date': (task: Task) => task.dueDate ?? '',
  priority: (task: Task) => task.priority,
  progress: (task: Task) => String(task.progress),
  completed: (task: Task) => String(task.completed),
  'completed at': (task: Task) => task.completedAt ?? '',
  'created at': (task: Task) => task.created_at,
  category: (task: Task) => task.category,
  owner: (task: Task) => task.owner,
  recipient: (task: Task) => [...task.assigned_users, ...task.invited_users].join(' '),
  accepted: (task: Task) => String(task.is_accepted),
  folder: (task: Task) => task.folder?.name ?? '',
  recurrence: (task: Task) => task.recurrence ?? '',
  'declined by': (task: Task) => task.declined?.email ?? '',
  'decline reason': (task: Task) => task.declined?.reason ?? '',
  'proposed due date': (task: Task) => task.proposal?.dueDate ?? '',
} as const;
export type BatonCsvColumn = keyof typeof batonCsvColumns;
export const batonCsvHeader = Object.keys(batonCsvColumns) as BatonCsvColumn[];

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula, and a
 * delegator writes the titles their recipients export: such a cell is written after an apostrophe (OWASP's
 * advice on CSV injection). A cell that starts with an apostrophe gets one too, so `unguardCell` reads
 * every cell back exactly as it was.
 */
const risky = /^[=+\-@\t\r']/;
export const guardCell = (text: string) => (risky.test(text) ? `'${text}` : text);
export const unguardCell = (text: string) => (text.startsWith("'") ? text.slice(1) : text);

/** A task as the cells of one CSV row, in the header's order. */
export const batonCsvRow = (task: Task) =>
  batonCsvHeader.map((name) => guardCell(batonCsvColumns[name](task)));
