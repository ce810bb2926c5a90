import { z } from 'zod';
import { dueDate, email, isoDateTime, limits, uuid } from './common';
import { commentMessages, findMessages, recurrenceMessages, taskMessages } from './constants';
import { attachmentInfo } from './files';
import { reminder } from './preferences';

export const priorities = ['Immediate', 'Moderate', 'Lenient'] as const;
export const priority = z.enum(priorities);
export type Priority = z.infer<typeof priority>;

export const categories = [
  'Personal Tasks',
  'Tasks Delegated - Assigned',
  'Tasks Delegated - Invitation',
  'Assigned Tasks',
  'Invited Tasks',
] as const;
export const category = z.enum(categories);
export type Category = z.infer<typeof category>;

export { commentMessages, taskMessages } from './constants';

export const folderRef = z.object({ id: uuid, name: z.string(), color: z.string().nullable() });

export const task = z.object({
  id: uuid,
  title: z.string(),
  description: z.string(),
  dueDate: z.string().nullable(),
  priority,
  progress: z.number().int().min(0).max(100),
  completed: z.boolean(),
  completedAt: isoDateTime.nullable(),
  created_at: isoDateTime,
  owner: z.string(),
  firstName: z.string(),
  assigned_users: z.array(z.string()),
  invited_users: z.array(z.string()),
  /** Beyond SPEC §3: the recipient's first name, when they have an account and gave one (cards name people). */
  recipientName: z.string().nullish(),
  is_trusted: z.boolean(),
  is_accepted: z.boolean(),
  folder: folderRef.nullable(),
  attachmentKey: z.string().nullable(),
  attachmentUrl: z.string().nullable(),
  /** Beyond SPEC §3: the attached file's name, type and size, for the card. */
  attachment: attachmentInfo.nullable(),
  category,
  /**
   * Beyond SPEC §3: when the doer (the owner of a personal task, the recipient of an accepted delegated one) is
   * reminded before the due date; null for never. Events older than it carry none.
   */
  reminder: reminder.default(null),
  /** Beyond SPEC §3: the delegator asked to be told, the morning after the due date, if it is still open. */
  overdueNotice: z.boolean().default(false),
  /** Beyond SPEC §3: its recipient declined it (their copy is gone); the delegator's card says who and why. */
  declined: z
    .object({ name: z.string(), email: z.string(), reason: z.string(), at: isoDateTime })
    .nullable()
    .default(null),
  /** Beyond SPEC §3: the recipient's open proposal of another due date, until the delegator answers. */
  proposal: z.object({ dueDate: z.string(), note: z.string(), at: isoDateTime }).nullable().default(null),
  /** Beyond SPEC §3: a repeating task's RFC 5545 RRULE (e.g. `FREQ=WEEKLY;BYDAY=MO,TH`); null for once. */
  recurrence: z.string().nullable().default(null),
});
export type Task = z.infer<typeof task>;

// POST /api/tasks/personal/, /get_assigned/, /get_invited/
/**
 * Filters of a list page (`page.filter` of the list routes), each narrowing the list; combined with `q`, the
 * same search as /api/search/. In the front end they live in the URL query under the same names.
 */
export const dueFilters = ['overdue', 'today', 'week', 'range', 'none'] as const;
export type DueFilter = (typeof dueFilters)[number];
export const stateFilters = ['pending', 'accepted', 'proposed', 'completed'] as const;
export type StateFilter = (typeof stateFilters)[number];
export const taskFilter = z
  .object({
    q: z.string().trim().max(limits.searchMax, findMessages.searchTooLong).optional(),
    priority: z.enum(priorities, { error: findMessages.badFilter }).optional(),
    /** `today` and `week` (today to six days on) are in the person's time zone; `range` needs `from` and `to`. */
    due: z.enum(dueFilters, { error: findMessages.badFilter }).optional(),
    from: z.iso.date({ error: findMessages.badRange }).optional(),
    to: z.iso.date({ error: findMessages.badRange }).optional(),
    state: z.enum(stateFilters, { error: findMessages.badFilter }).optional(),
    /** The delegator or the recipient. */
    person: email.optional(),
    attachment: z.boolean({ error: findMessages.badFilter }).optional(),
  })
  .refine((f) => f.due !== 'range' || (f.from && f.to && f.from <= f.to), {
    message: findMessages.badRange,
    path: ['to'],
  });
export type TaskFilter = z.output<typeof taskFilter>;

/**
 * A page of a list (beyond SPEC §7, which fetches whole lists). `side`: the owner's or the recipient's side of
 * a delegated list (the personal list is the owner's); `folder`: in the personal list, the tasks filed in
 * that folder, or with 'none' the unfiled ones; `tab`: Due Now (sorted by `sort`) or Completed (newest
 * completion first); `cursor`: the `next` of the previous page.
 */
export const taskPageRequest = z.object({
  side: z.enum(['owner', 'recipient']).default('owner'),
  folder: z.union([uuid, z.literal('none')]).optional(),
  tab: z.enum(['due', 'completed']).default('due'),
  sort: z.enum(['newest', 'priority', 'due']).default('newest'),
  limit: z.coerce
    .number({ error: taskMessages.pageSize })
    .int(taskMessages.pageSize)
    .min(1, taskMessages.pageSize)
    .max(limits.pageSizeMax, taskMessages.pageSize)
    .default(limits.pageSize),
  cursor: z.string().max(512, taskMessages.badCursor).optional(),
  filter: taskFilter.optional(),
});
export type TaskPageRequest = z.output<typeof taskPageRequest>;

/** Without `page`, the whole list as SPEC §7 has it; with it, one page, its continuation and the tab counts. */
export const taskListRequest = z.object({ userEmail: email, page: taskPageRequest.optional() });
export const taskListResponse = z.object({ tasks: z.array(task) });
export const taskPageResponse = z.object({
  tasks: z.array(task),
  /** The cursor of the next page; null on the last one. */
  next: z.string().nullable(),
  /** How many tasks each tab of this side (and folder) holds; on the first page only (null after a cursor). */
  counts: z.object({ due: z.number().int(), completed: z.number().int() }).nullable(),
});
export type TaskPage = z.infer<typeof taskPageResponse>;

/**
 * A repeat rule: an RFC 5545 RRULE without DTSTART (the first due date is the series' start). The shape is
 * checked here; the tasks service parses it with `rrule` and refuses what it cannot expand.
 */
export const recurrenceRule = z
  .string({ error: recurrenceMessages.invalid })
  .trim()
  .max(limits.recurrenceMax, recurrenceMessages.tooLong)
  .regex(/^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[A-Z0-9,+-]+)*$/, recurrenceMessages.invalid);

// POST /create_list, /send_email/assign_user/, /send_email/invite_user, /edit_shared_task/
export const taskForm = z.object({
  id: uuid.optional(),
  title: z.string({ error: taskMessages.required }).trim().min(1, taskMessages.required).max(limits.titleMax),
  description: z.string().max(limits.descriptionMax).default(''),
  dueDate: z.union(dueDate.options, { error: taskMessages.required }),
  priority: z.enum(priorities, { error: taskMessages.required }),
  owner: z.string().optional(),
  category: category.optional(),
  /** An upload of the caller's to attach (replacing any other); null removes it; absent keeps it. */
  attachmentKey: z.string().max(512).nullable().optional(),
  attachmentUrl: z.string().max(2048).nullable().optional(),
  folder_id: uuid.nullable().optional(),
  /** The reminder (null for none); absent keeps it. */
  reminder: reminder.optional(),
  /** Whether the delegator is told when it becomes overdue; absent keeps it. */
  overdueNotice: z.boolean().optional(),
  /** The repeat rule (null for once); absent keeps it. A change applies to the occurrences after this one. */
  recurrence: recurrenceRule.nullable().optional(),
});
export const delegateTaskForm = taskForm.extend({
  email: z
    .string({ error: taskMessages.recipient })
    .trim()
    .max(limits.emailMax, taskMessages.recipient)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, taskMessages.recipient),
});
/** `email`, when sent, must name the task's own recipient: a delegated task's recipient cannot change. */
export const editSharedTaskForm = taskForm.extend({ id: uuid, email: z.string().optional() });
export const taskWriteResponse = z.object({
  task_id: uuid,
  id: uuid,
  error: z.null(),
  invitation_sent: z.boolean(),
  message: z.string(),
});

// POST /delete_list/{id}
export const deleteTaskRequest = z.object({ id: uuid });
// POST /completed/{id}
export const completeTaskRequest = z.object({ completed: z.boolean(), userEmail: email.optional() });

// GET /progress-logs/{taskId}/, POST /progress/{taskId}/
export const progressLog = z.object({
  id: uuid,
  author_name: z.string(),
  created_at: isoDateTime,
  progress: z.number().int().min(0).max(100),
  message: z.string().max(limits.progressNote),
});
export const progressLogsResponse = z.object({ logs: z.array(progressLog) });
export const progressRequest = z.object({
  progress: z.number().int().min(0).max(100).multipleOf(limits.progressStep),
  message: z
    .string()
    .trim()
    .max(limits.progressNote, 'Progress note must be at most 200 characters.')
    .default(''),
});

// GET /activate/{uidb64}/{token}/{taskId}/{action}
export const acceptActions = ['invite_accept', 'assign_accept'] as const;
export const activateParams = z.object({
  uidb64: z.string().max(128),
  token: z.string().max(256),
  taskId: uuid,
  action: z.enum(acceptActions),
});
export const acceptTaskView = z.object({
  title: z.string(),
  description: z.string(),
  owner: z.string(),
  deadline: z.string().nullable(),
  /** 0 Immediate, 1 Moderate, 2 Lenient. */
  priority: z.number().int(),
});
/**
 * What an accept link is now: `valid` (with the task), `accepted` (its task was accepted: the link did its
 * work), `expired`, `declined` (its recipient declined the task), or `invalid` (no such link, or not this
 * task's). The page says which, with a way on.
 */
export const activateResponse = z.union([
  z.object({ status: z.literal('valid'), task: acceptTaskView }),
  z.object({ status: z.enum(['accepted', 'expired', 'invalid', 'declined']) }),
]);

// POST /accept_task
export const acceptTaskRequest = z.object({
  task_id: uuid,
  user_email: email,
  trusted: z.boolean(),
  role: z.enum(['invite', 'assign']),
});
export type AcceptTaskRequest = z.infer<typeof acceptTaskRequest>;

// GET /api/tasks/{taskId}/ (beyond SPEC §7): one task for its own page (links from mails, the bell, the dashboard).
export const taskAnswer = z.object({ task });

// GET /api/tasks/summary/ (beyond SPEC §7): the dashboard's figures (SPEC §2, §9), computed by the server.
export const dashboardSummary = z.object({
  /** Every task the person sees, once; personal ones; tasks they were invited to or assigned. */
  total: z.number().int(),
  personal: z.number().int(),
  invited: z.number().int(),
  assigned: z.number().int(),
  /** SPEC §9: completed; in progress (open, progress above 0); not started. */
  status: z.object({
    completed: z.number().int(),
    inProgress: z.number().int(),
    notStarted: z.number().int(),
  }),
  /** The 10 latest creations or completions, newest first. */
  recent: z.array(z.object({ task, what: z.enum(['Created', 'Completed']), at: isoDateTime })),
  /** The 10 open tasks due soonest. */
  upcoming: z.array(task),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

// Comments: GET /task_comments/{taskId}, POST /api/add_comment/, WS /ws/comments/{taskId}/
export const comment = z.object({
  id: uuid,
  user: z.string(),
  name: z.string(),
  content: z.string(),
  timestamp: isoDateTime,
});
export type Comment = z.infer<typeof comment>;
export const commentsResponse = z.object({ comments: z.array(comment) });
/** A comment's text: trimmed, not empty, at most `limits.commentMax` characters (SPEC §5). */
export const commentContent = z
  .string({ error: commentMessages.empty })
  .trim()
  .min(1, commentMessages.empty)
  .max(limits.commentMax, commentMessages.tooLong);
export const addCommentRequest = z.object({ task_id: uuid, user_email: email, content: commentContent });
/**
 * GET /task_comments/{taskId}?after={commentId}: only the comments after that one (what a reconnecting
 * client missed). An `after` that names no comment of the task (erased since) answers the whole thread.
 */
export const commentsQuery = z.object({ after: uuid.optional() });

// Task attachments: GET /api/preview/{taskId}/, GET /api/download/presign/{taskId}/
export const filePreview = z.object({
  filename: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
  can_preview: z.boolean(),
});
export const downloadResponse = z.object({ url: z.string() });

export const taskIdParam = z.object({ taskId: uuid });

// POST /internal/tasks/own-personal (internalRoutes.ownPersonalTasks)
export const ownPersonalTasksRequest = z.object({ ids: z.array(uuid).min(1).max(limits.idsMax) });
export const ownPersonalTasksResponse = z.object({
  tasks: z.array(z.object({ id: uuid, completed: z.boolean() })),
});
