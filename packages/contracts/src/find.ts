import { z } from 'zod';
import { dueDate, limits, uuid } from './common';
import { findMessages as m } from './constants';
import { priorities, task } from './tasks';

export { findMessages } from './constants';

/** The lists a task shows in, as the sidebar names them (SPEC §2). */
export const taskCategoryNames = [
  'Personal Tasks',
  'Tasks Delegated - Assigned',
  'Tasks Delegated - Invitation',
  'Assigned Tasks',
  'Invited Tasks',
] as const;
export const taskCategoryName = z.enum(taskCategoryNames);

// GET /api/search/?q=&limit=: every task the person may see (owner, or recipient pending or accepted), ranked.
export const searchQuery = z.object({
  q: z
    .string({ error: m.searchRequired })
    .trim()
    .min(1, m.searchRequired)
    .max(limits.searchMax, m.searchTooLong),
  limit: z.coerce
    .number({ error: m.searchLimit })
    .int(m.searchLimit)
    .min(1, m.searchLimit)
    .max(limits.searchResultsMax, m.searchLimit)
    .default(limits.searchResults),
});
export type SearchQuery = z.output<typeof searchQuery>;

/** Where a result's best match is. */
export const searchPlaces = ['title', 'description', 'note', 'comment', 'attachment'] as const;
export const searchPlace = z.enum(searchPlaces);
export type SearchPlace = z.infer<typeof searchPlace>;

export const searchResult = z.object({
  task_id: uuid,
  title: z.string(),
  /** Plain text around the best match (the whole title when the title matched). */
  snippet: z.string(),
  /** The matched words in `snippet`, as [start, end) character offsets, in order, not overlapping. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  where: searchPlace,
  /** The list the task is in for this person. */
  category: taskCategoryName,
});
export type SearchResult = z.infer<typeof searchResult>;
export const searchResponse = z.object({ results: z.array(searchResult) });
export type SearchResponse = z.infer<typeof searchResponse>;

// GET /api/views/ · POST /api/views/ {name, query} · DELETE /api/views/{viewId}/
export const view = z.object({
  id: uuid,
  name: z.string(),
  /** The view's URL query string, without the leading `?` (e.g. `priority=Immediate&due=week`). */
  query: z.string(),
  /** The list it belongs to, as the path under /home/ (e.g. `tasks/personal`). */
  path: z.string(),
});
export type View = z.infer<typeof view>;
/** Saving a view under a name the person already uses replaces that view. */
export const viewRequest = z.object({
  name: z
    .string({ error: m.viewNameRequired })
    .trim()
    .min(1, m.viewNameRequired)
    .max(limits.viewName, m.viewNameTooLong),
  query: z.string().max(limits.viewQuery, m.viewQueryTooLong),
  /** Without one (a view is `{name, query}`), the view is of Personal Tasks. */
  path: z
    .string()
    .max(200)
    .regex(/^[a-z0-9/_-]*$/, m.badFilter)
    .default('tasks/personal'),
});
export const viewsResponse = z.object({ views: z.array(view) });
export const viewIdParam = z.object({ viewId: uuid });

// POST /api/tasks/bulk/ {task_ids, action, value}: all or nothing; each task checked as its own route checks it.
export const bulkActions = ['complete', 'priority', 'due_date', 'folder', 'delete'] as const;
export type BulkAction = (typeof bulkActions)[number];
const taskIds = z
  .array(uuid, { error: m.bulkEmpty })
  .min(1, m.bulkEmpty)
  .max(limits.bulkMax, m.bulkTooMany)
  .refine((ids) => new Set(ids).size === ids.length, m.bulkDuplicate);
export const bulkRequest = z.discriminatedUnion(
  'action',
  [
    /** `value`: true completes, false reopens (SPEC's completed flag). */
    z.object({
      task_ids: taskIds,
      action: z.literal('complete'),
      value: z.boolean({ error: m.bulkBadValue }),
    }),
    z.object({
      task_ids: taskIds,
      action: z.literal('priority'),
      value: z.enum(priorities, { error: m.bulkBadValue }),
    }),
    z.object({ task_ids: taskIds, action: z.literal('due_date'), value: dueDate }),
    /** `value`: the folder's id, or null to take the tasks out of their folders. */
    z.object({ task_ids: taskIds, action: z.literal('folder'), value: uuid.nullable() }),
    z.object({ task_ids: taskIds, action: z.literal('delete'), value: z.null().optional() }),
  ],
  { error: m.bulkBadAction },
);
export type BulkRequest = z.output<typeof bulkRequest>;
export const bulkResponse = z.object({
  /** Pass to /api/tasks/bulk/undo/ within limits.bulkUndoSeconds to undo the whole change. */
  change_id: uuid,
  /** The tasks as they are now (none for delete). */
  tasks: z.array(task),
  /** The ids deleted (delete only). */
  deleted: z.array(uuid),
});
export type BulkResponse = z.infer<typeof bulkResponse>;

// POST /api/tasks/bulk/undo/ {change_id}: puts every task back as it was, deleted ones with their comments,
// progress notes and attachments; all or nothing (409 when one changed since).
export const bulkUndoRequest = z.object({ change_id: uuid });
export const bulkUndoResponse = z.object({ tasks: z.array(task) });
export type BulkUndoResponse = z.infer<typeof bulkUndoResponse>;
