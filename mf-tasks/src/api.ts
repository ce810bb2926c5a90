import type {
  BulkRequest,
  BulkResponse,
  BulkUndoResponse,
  DashboardSummary,
  Folder,
  NotificationPreferences,
  Reminder,
  routes,
  Task,
  TaskPage,
  TrustedUserEntry,
  WaitingResponse,
} from '@baton/contracts';
import {
  type AcceptTaskProps,
  type PlatformDispatch,
  type PlatformQueryError,
  type PlatformState,
  platformApi,
  selectCurrentUser,
} from '@baton/web-platform';
import { findTask, type ListView, listKindOf, pageRequest, placeTask } from './list/pages';
import { dueDay, type ListKind, listPath, type TaskKind } from './rules';

/** Tasks per page: a few screens of cards, so scrolling rarely waits. */
const pageSize = 50;

const listKinds: ListKind[] = ['personal', 'assigned', 'invited'];
const listOfKind: Record<TaskKind, ListKind> = {
  personal: 'personal',
  assign: 'assigned',
  invite: 'invited',
};

/** The task form payload of SPEC §3. */
export interface TaskForm {
  title: string;
  description: string;
  dueDate: string;
  priority: Task['priority'];
  category?: Task['category'];
  /** The recipient, for a new assignment or invitation. */
  email?: string;
  /** An upload to attach (both set), null to remove the file; absent keeps the current one. */
  attachmentKey?: string | null;
  attachmentUrl?: string | null;
  /** SPEC §3: the folder a new personal task is filed in (the folder view); on an edit, moves it (null: out). */
  folder_id?: string | null;
  /** Beyond SPEC §3: when the doer is reminded before the due date (null: never); absent keeps it. */
  reminder?: Reminder;
  /** Beyond SPEC §3: the delegator is told, the morning after the due date, if it is still open; absent keeps it. */
  overdueNotice?: boolean;
  /** Beyond SPEC §3: the repeat rule, an RFC 5545 RRULE (null: once); absent keeps it. */
  recurrence?: string | null;
}

/**
 * The form of an existing task, for changes made outside the form (priority, due date, folder). Without
 * attachment fields, which the server reads as "keep the file".
 */
export const formOf = (task: Task): TaskForm => ({
  title: task.title,
  description: task.description,
  dueDate: dueDay(task.dueDate),
  priority: task.priority,
  category: task.category,
});

export interface TaskWriteResult {
  id: string;
  task_id: string;
  message: string;
  invitation_sent: boolean;
}

export interface ProgressLog {
  id: string;
  author_name: string;
  created_at: string;
  progress: number;
  message: string;
}

export type ActivateResult =
  | {
      status: 'valid';
      task: { title: string; description: string; owner: string; deadline: string | null; priority: number };
    }
  | { status: 'accepted' | 'expired' | 'invalid' | 'declined' };

/** Where a write goes (SPEC §7): personal tasks through /create_list, shared ones by their own routes. */
function writePath(kind: TaskKind, editing: boolean) {
  if (kind === 'personal') return '/create_list';
  if (editing) return '/edit_shared_task/';
  return kind === 'assign' ? '/send_email/assign_user/' : '/send_email/invite_user';
}

/** The notifications service's preferences (the table's method and path, without its zod schemas). */
const preferencesRoute = {
  method: 'GET',
  path: '/api/settings/notification-preferences/',
} as const satisfies Pick<typeof routes.getNotificationPreferences, 'method' | 'path'>;

const listTag = (kind: ListKind) => ({ type: 'Task' as const, id: `LIST-${kind}` });
const logsTag = (taskId: string) => ({ type: 'Task' as const, id: `LOGS-${taskId}` });
const summaryTag = { type: 'Task' as const, id: 'SUMMARY' };
const oneTaskTag = (taskId: string) => ({ type: 'Task' as const, id: `ONE-${taskId}` });
const waitingTag = { type: 'Task' as const, id: 'WAITING' };

/** What a bulk change moves besides the lists (which take the answer): folder counts, figures, the waiting view. */
const bulkTags = ['Folder' as const, summaryTag, waitingTag];

/** What a delegation write changes: every list (the task moves, or leaves one side), its page, the waiting view. */
const delegationTags = (taskId: string) => [
  ...listKinds.map(listTag),
  oneTaskTag(taskId),
  waitingTag,
  summaryTag,
];

/**
 * The tasks calls. Lists are cached per view (side, folder, tab, order), a page at a time, holding whole task
 * objects, so a change that arrives from anywhere (an answer, a pushed event) is applied with `patchTask` to
 * every view at once.
 */
export const tasksApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** One view of a list, a page at a time (the tasks service's keyset pages), newest page last. */
    taskPages: build.infiniteQuery<TaskPage, ListView, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      async queryFn({ queryArg, pageParam }, api, _extra, baseQuery) {
        const userEmail = selectCurrentUser(api.getState() as PlatformState)?.email ?? '';
        const result = await baseQuery({
          url: listPath[listKindOf(queryArg)],
          method: 'POST',
          body: { userEmail, page: { ...pageRequest(queryArg, pageParam), limit: pageSize } },
        });
        if (result.error) return { error: result.error as PlatformQueryError };
        return { data: result.data as TaskPage };
      },
      providesTags: (_pages, _error, view) => [listTag(listKindOf(view))],
    }),
    saveTask: build.mutation<TaskWriteResult, { kind: TaskKind; form: TaskForm; id?: string }>({
      query: ({ kind, form, id }) => ({
        url: writePath(kind, Boolean(id)),
        method: 'POST',
        body: id ? { ...form, id } : form,
      }),
      invalidatesTags: (_result, error, { kind, id, form }) =>
        error
          ? []
          : [
              // The list shows the task as the server now has it (an edit moves it in its order, too).
              ...(id ? [listTag(listOfKind[kind]), oneTaskTag(id)] : listKinds.map(listTag)),
              // A task filed in a folder changes the folder's count (the folders remote's lists).
              ...(form.folder_id !== undefined ? ['Folder' as const] : []),
            ],
    }),
    deleteTask: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/delete_list/${id}`, method: 'POST', body: { id } }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false)) dropTask(dispatch, id);
      },
      // The folder counts of open tasks may change too (the folders remote's lists).
      invalidatesTags: (_result, error) => (error ? [] : ['Folder']),
    }),
    setCompleted: build.mutation<{ message: string }, { id: string; completed: boolean }>({
      queryFn: async ({ id, completed }, api, _extra, baseQuery) => {
        const userEmail = selectCurrentUser(api.getState() as PlatformState)?.email;
        const result = await baseQuery({
          url: `/completed/${id}`,
          method: 'POST',
          body: { completed, userEmail },
        });
        return result.error
          ? { error: result.error as PlatformQueryError }
          : { data: result.data as { message: string } };
      },
      async onQueryStarted({ id, completed }, { dispatch, queryFulfilled }) {
        const completedAt = completed ? new Date().toISOString() : null;
        const undo = patchTask(dispatch, id, { completed, completedAt });
        await queryFulfilled.catch(undo);
      },
      // A folder's open count moved (only when the change was made).
      invalidatesTags: (_result, error) => (error ? [] : ['Folder']),
    }),
    /** One task, for its own page (links from mails, the bell and the dashboard); 404 when not the person's. */
    task: build.query<Task, string>({
      query: (taskId) => `/api/tasks/${encodeURIComponent(taskId)}/`,
      transformResponse: (body: { task: Task }) => body.task,
      providesTags: (_task, _error, taskId) => [oneTaskTag(taskId)],
    }),
    /** The dashboard's figures, computed by the server from every task the person sees. */
    dashboard: build.query<DashboardSummary, void>({
      query: () => '/api/tasks/summary/',
      providesTags: [summaryTag],
    }),
    progressLogs: build.query<ProgressLog[], string>({
      query: (taskId) => `/progress-logs/${taskId}/`,
      transformResponse: (body: { logs: ProgressLog[] }) => body.logs,
      providesTags: (_logs, _error, taskId) => [logsTag(taskId)],
    }),
    saveProgress: build.mutation<unknown, { id: string; progress: number; message: string }>({
      query: ({ id, progress, message }) => ({
        url: `/progress/${id}/`,
        method: 'POST',
        body: { progress, message },
      }),
      async onQueryStarted({ id, progress }, { dispatch, queryFulfilled }) {
        const undo = patchTask(dispatch, id, { progress });
        await queryFulfilled.catch(undo);
      },
      invalidatesTags: (_result, _error, { id }) => [logsTag(id)],
    }),
    activate: build.query<ActivateResult, AcceptTaskProps>({
      query: ({ uidb64, token, taskId, action }) =>
        `/activate/${[uidb64, token, taskId, action].map(encodeURIComponent).join('/')}`,
    }),
    /** The person's active folders, for moving a task (the folders service's list, shared tag with its remote). */
    folderChoices: build.query<Folder[], void>({
      query: () => '/api/folders/',
      transformResponse: (body: { folders: Folder[] }) => body.folders,
      providesTags: ['Folder'],
    }),
    /** The hour a new reminder starts at: the person's digest hour. Asked when a form first opens, then kept. */
    reminderHour: build.query<number, void>({
      query: () => preferencesRoute.path,
      transformResponse: (body: NotificationPreferences) => body.digest.hour,
      keepUnusedDataFor: 600,
    }),
    /** The recipient declines, saying why: the task goes back to its delegator. */
    declineTask: build.mutation<{ message: string }, { taskId: string; reason: string }>({
      query: ({ taskId, reason }) => ({
        url: '/decline_task',
        method: 'POST',
        body: { task_id: taskId, reason },
      }),
      invalidatesTags: (_result, error, { taskId }) => (error ? [] : delegationTags(taskId)),
    }),
    /** The recipient proposes another due date (one open proposal per task). */
    proposeDueDate: build.mutation<{ message: string }, { taskId: string; dueDate: string; note: string }>({
      query: ({ taskId, dueDate, note }) => ({
        url: '/propose_due_date',
        method: 'POST',
        body: { task_id: taskId, dueDate, note },
      }),
      invalidatesTags: (_result, error, { taskId }) => (error ? [] : delegationTags(taskId)),
    }),
    /** The delegator takes the proposed date (`accept`), or keeps theirs. */
    answerProposal: build.mutation<{ message: string }, { taskId: string; accept: boolean }>({
      query: ({ taskId, accept }) => ({
        url: '/answer_proposal',
        method: 'POST',
        body: { task_id: taskId, accept },
      }),
      invalidatesTags: (_result, error, { taskId }) => (error ? [] : delegationTags(taskId)),
    }),
    /** The delegator hands the task to someone else; to their own address, it is a personal task again. */
    reassignTask: build.mutation<TaskWriteResult, { taskId: string; email: string }>({
      query: ({ taskId, email }) => ({
        url: '/reassign_task',
        method: 'POST',
        body: { task_id: taskId, email },
      }),
      invalidatesTags: (_result, error, { taskId }) => (error ? [] : delegationTags(taskId)),
    }),
    /** Every open task the person delegated, by the person it waits on. */
    waiting: build.query<WaitingResponse['people'], void>({
      query: () => '/api/tasks/waiting/',
      transformResponse: (body: WaitingResponse) => body.people,
      providesTags: [waitingTag],
    }),
    /** Reminds the recipient of a task (once a day per task: 429 with the server's sentence after). */
    nudgeTask: build.mutation<{ message: string }, string>({
      query: (taskId) => ({ url: `/nudge/${encodeURIComponent(taskId)}/`, method: 'POST' }),
    }),
    /** One change to many tasks (all or nothing); the lists take the tasks from the answer. */
    bulkTasks: build.mutation<BulkResponse, BulkRequest>({
      query: (body) => ({ url: '/api/tasks/bulk/', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.then((r) => r.data).catch(() => null);
        if (answer) applyTasks(dispatch, answer.tasks, answer.deleted);
      },
      invalidatesTags: (_result, error) => (error ? [] : bulkTags),
    }),
    /**
     * Undoes a bulk change as one change: the tasks come back as they were (deleted ones too). `changed` is the
     * change's answer: the tasks as they are until the undo, for the views that no longer hold them.
     */
    undoBulk: build.mutation<BulkUndoResponse, { changeId: string; changed: Task[] }>({
      query: ({ changeId }) => ({
        url: '/api/tasks/bulk/undo/',
        method: 'POST',
        body: { change_id: changeId },
      }),
      async onQueryStarted({ changed }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.then((r) => r.data).catch(() => null);
        if (answer) applyTasks(dispatch, answer.tasks, [], changed);
      },
      invalidatesTags: (_result, error) => (error ? [] : bulkTags),
    }),
    /** Trusted users, for recipient suggestions in the task form (identity's list, shared tag with Settings). */
    recipientSuggestions: build.query<TrustedUserEntry[], void>({
      query: () => '/api/settings/trusted-users/',
      providesTags: ['TrustedUser'],
    }),
  }),
});

/** Every cached view of a list and its pages. */
function cachedViews(state: PlatformState) {
  return tasksApi.util.selectCachedArgsForQuery(state, 'taskPages').map((view) => ({
    view,
    data: tasksApi.endpoints.taskPages.select(view)(state).data,
  }));
}

/**
 * Changes a task in every cached view at once: patched, moved to the place its order now gives it, between
 * tabs, or out (`patch` null); returns the undo. Used for optimistic writes and for live task events
 * (`task_update`, `progress_update`, …), which carry the same fields.
 */
export function patchTask(dispatch: PlatformDispatch, id: string, patch: Partial<Task> | null) {
  return dispatch((_dispatch, getState) => {
    // The task's own page, if open: patched, or asked again (a deleted task's page then says it is gone).
    const page = patch
      ? dispatch(tasksApi.util.updateQueryData('task', id, (task) => void Object.assign(task, patch)))
      : void dispatch(tasksApi.util.invalidateTags([oneTaskTag(id)]));
    const views = cachedViews(getState() as PlatformState);
    const before = views.map(({ data }) => data && findTask(data, id)).find(Boolean);
    if (!before) return () => page?.undo();
    const after = patch ? { ...before, ...patch } : undefined;
    const patches = views.map(({ view }) =>
      dispatch(
        tasksApi.util.updateQueryData('taskPages', view, (data) => placeTask(data, view, before, after)),
      ),
    );
    return () => {
      page?.undo();
      for (const p of patches) p.undo();
    };
  });
}

/**
 * Puts whole tasks as the server now has them into every cached view (a task no view holds yet, as one
 * brought back by an undo, joins where its order puts it), and takes the `deleted` ids out. A task no view
 * holds is taken to have been as in `previous`, so the tab counts move from where it was; without `previous`
 * (a change of tasks the page showed) it is left alone: its live event moved it already (say, to a tab not
 * loaded), and counting it again would count it twice.
 */
export function applyTasks(dispatch: PlatformDispatch, tasks: Task[], deleted: string[], previous?: Task[]) {
  dispatch((_dispatch, getState) => {
    const views = cachedViews(getState() as PlatformState);
    const cached = (id: string) =>
      views.map(({ data }) => data && findTask(data, id)).find(Boolean) ?? previous?.find((t) => t.id === id);
    const changes = [
      ...tasks.map((task) => ({ id: task.id, before: cached(task.id), after: task as Task | undefined })),
      ...deleted.map((id) => ({ id, before: cached(id), after: undefined })),
    ].filter((change) => previous || change.before);
    for (const { view } of views)
      dispatch(
        tasksApi.util.updateQueryData('taskPages', view, (data) => {
          for (const { before, after } of changes) placeTask(data, view, before, after);
        }),
      );
    for (const task of tasks)
      dispatch(tasksApi.util.updateQueryData('task', task.id, (open) => void Object.assign(open, task)));
    if (deleted.length > 0) dispatch(tasksApi.util.invalidateTags(deleted.map(oneTaskTag)));
  });
}

/** Fetches every list again (a task arrived, or live events may have been missed). */
export function refetchTaskLists(dispatch: PlatformDispatch) {
  dispatch(tasksApi.util.invalidateTags(listKinds.map(listTag)));
}

/** Fetches the person's folders again (their names and counts changed). */
export function refetchFolders(dispatch: PlatformDispatch) {
  dispatch(tasksApi.util.invalidateTags(['Folder']));
}

/** Fetches the dashboard's figures again, if it is shown (any task change may move them). */
export function refetchSummary(dispatch: PlatformDispatch) {
  dispatch(tasksApi.util.invalidateTags([summaryTag]));
}

/** Fetches the waiting view again, if it is shown (a live task event may change who holds what). */
export function refetchWaiting(dispatch: PlatformDispatch) {
  dispatch(tasksApi.util.invalidateTags([waitingTag]));
}

/** Removes the task from every cached view (a deletion, or a live `task_delete`). */
export const dropTask = (dispatch: PlatformDispatch, id: string) => void patchTask(dispatch, id, null);

export const {
  useTaskPagesInfiniteQuery,
  useDashboardQuery,
  useTaskQuery,
  useSaveTaskMutation,
  useDeleteTaskMutation,
  useSetCompletedMutation,
  useProgressLogsQuery,
  useSaveProgressMutation,
  useActivateQuery,
  useRecipientSuggestionsQuery,
  useReminderHourQuery,
  useFolderChoicesQuery,
  useDeclineTaskMutation,
  useProposeDueDateMutation,
  useAnswerProposalMutation,
  useReassignTaskMutation,
  useWaitingQuery,
  useNudgeTaskMutation,
  useBulkTasksMutation,
  useUndoBulkMutation,
} = tasksApi;
