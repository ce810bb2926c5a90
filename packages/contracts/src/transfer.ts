import { z } from 'zod';
import { limits } from './common';
import { transferMessages as m } from './constants';
import { priority } from './tasks';

export { transferMessages } from './constants';

// GET and POST /api/calendar/feed/: the person's secret feed address (POST rotates it).
export const calendarFeedResponse = z.object({ url: z.string() });
// GET /api/calendar/{token}/tasks.ics: the feed itself (no session: the token is the credential).
export const calendarTokenParam = z.object({ token: z.string().min(20).max(128) });

/** The files an import reads: Todoist's CSV export, Trello's board JSON export, Baton's own CSV or JSON export. */
export const importFormats = ['todoist-csv', 'trello-json', 'baton-csv', 'baton-json'] as const;
export const importFormat = z.enum(importFormats);
export type ImportFormat = z.infer<typeof importFormat>;

// POST /api/import/: the file as text; without `confirm` a preview, with it the tasks are created.
export const importRequest = z.object({
  fileName: z.string().max(255).default(''),
  content: z.string({ error: m.importEmpty }).min(1, m.importEmpty).max(limits.importBytes, m.importTooLarge),
  confirm: z.boolean().default(false),
});

/** A task the import creates (or, in a preview, would create). */
export const importTask = z.object({
  /** The row (CSV line or card) of the file it came from, from 1. */
  row: z.number().int(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string().nullable(),
  priority,
});
/** A row left out, and why. */
export const importLeftOut = z.object({ row: z.number().int(), title: z.string(), reason: z.string() });

export const importReport = z.object({
  format: importFormat,
  /** False for a preview: nothing was written. */
  confirmed: z.boolean(),
  /** How many tasks were created (or, in a preview, would be). */
  created: z.number().int(),
  /** The first 100 of them, for the preview. */
  tasks: z.array(importTask),
  /** Duplicates of a task with the same title and due date (already there, or earlier in the file). */
  skipped: z.array(importLeftOut),
  /** Rows that cannot be a task (no title, a bad date...). */
  refused: z.array(importLeftOut),
  message: z.string(),
});
export type ImportReport = z.infer<typeof importReport>;
