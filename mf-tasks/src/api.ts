import type { DashboardSummary, Task, TrustedUserEntry } from '@baton/contracts';
import {
  type PlatformDispatch,
  type PlatformQueryError,
  type PlatformState,
  platformApi,
  selectCurrentUser,
} from '@baton/web-platform';
import { type ListKind, listPath, type TaskKind } from './rules';

const listKinds: ListKind[] = ['personal', 'assigned', 'invited'];

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
  /** SPEC §3: the folder a new personal task is filed in (the folder view). */
  folder_id?: string;
}

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
  | { status: 'invalid' };

export interface AcceptLink {
  uidb64: string;
  token: string;
  taskId: string;
  action: string;
}

/** Where a write goes (SPEC §7): personal tasks through /create_list, shared ones by their own routes. */
function writePath(kind: TaskKind, editing: boolean) {
  if (kind === 'personal') return '/create_list';
  if (editing) return '/edit_shared_task/';
  return kind === 'assign' ? '/send_email/assign_user/' : '/send_email/invite_user';
}

const listTag = (kind: ListKind) => ({ type: 'Task' as const, id: `LIST-${kind}` });
const logsTag = (taskId: string) => ({ type: 'Task' as const, id: `LOGS-${taskId}` });
const summaryTag = { type: 'Task' as const, id: 'SUMMARY' };

/**
 * The tasks calls, cached per list route. Every list holds whole task objects keyed by id, so a change that
 * arrives from anywhere (an answer, a pushed event) is applied with `patchTask` to every list holding it.
 */
export const tasksApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    tasks: build.query<Task[], ListKind>({
      async queryFn(kind, api, _extra, baseQuery) {
        const userEmail = selectCurrentUser(api.getState() as PlatformState)?.email ?? '';
        const result = await baseQuery({ url: listPath[kind], method: 'POST', body: { userEmail } });
        if (result.error) return { error: result.error as PlatformQueryError };
        return { data: (result.data as { tasks: Task[] }).tasks };
      },
      providesTags: (tasks, _error, kind) => [
        listTag(kind),
        ...(tasks ?? []).map((task) => ({ type: 'Task' as const, id: task.id })),
      ],
    }),
    saveTask: build.mutation<TaskWriteResult, { kind: TaskKind; form: TaskForm; id?: string }>({
      query: ({ kind, form, id }) => ({
        url: writePath(kind, Boolean(id)),
        method: 'POST',
        body: id ? { ...form, id } : form,
      }),
      invalidatesTags: (_result, error, { id, form }) =>
        error
          ? []
          : [
              ...(id ? [{ type: 'Task' as const, id }] : listKinds.map(listTag)),
              // A task filed in a folder changes the folder's count (the folders remote's lists).
              ...(form.folder_id ? ['Folder' as const] : []),
            ],
    }),
    deleteTask: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/delete_list/${id}`, method: 'POST', body: { id } }),
      // The folder counts of open tasks may change too (the folders remote's lists).
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Task', id }, 'Folder']),
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
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Task', id }, 'Folder'],
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
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Task', id }, logsTag(id)],
    }),
    activate: build.query<ActivateResult, AcceptLink>({
      query: ({ uidb64, token, taskId, action }) =>
        `/activate/${[uidb64, token, taskId, action].map(encodeURIComponent).join('/')}`,
    }),
    acceptTask: build.mutation<
      unknown,
      { task_id: string; user_email: string; trusted: boolean; role: 'invite' | 'assign' }
    >({
      query: (body) => ({ url: '/accept_task', method: 'POST', body }),
      invalidatesTags: ['Task', 'TrustedUser'],
    }),
    /** Trusted users, for recipient suggestions in the task form (identity's list, shared tag with Settings). */
    recipientSuggestions: build.query<TrustedUserEntry[], void>({
      query: () => '/api/settings/trusted-users/',
      providesTags: ['TrustedUser'],
    }),
  }),
});

/**
 * Applies `patch` to the task in every cached list at once; returns the undo. Used for optimistic writes and
 * for live task events (`task_update`, `progress_update`, …), which carry the same fields.
 */
export function patchTask(dispatch: PlatformDispatch, id: string, patch: Partial<Task>) {
  const patches = listKinds.map((kind) =>
    dispatch(
      tasksApi.util.updateQueryData('tasks', kind, (tasks) => {
        const task = tasks.find((t) => t.id === id);
        if (task) Object.assign(task, patch);
      }),
    ),
  );
  return () => {
    for (const p of patches) p.undo();
  };
}

/** Fetches every list again (a task arrived, or live events may have been missed). */
export function refetchTaskLists(dispatch: PlatformDispatch) {
  dispatch(tasksApi.util.invalidateTags(listKinds.map(listTag)));
}

/** Fetches the dashboard's figures again, if it is shown (any task change may move them). */
export function refetchSummary(dispatch: PlatformDispatch) {
  dispatch(tasksApi.util.invalidateTags([summaryTag]));
}

/** Removes the task from every cached list (a deletion, or a live `task_delete`). */
export function dropTask(dispatch: PlatformDispatch, id: string) {
  for (const kind of listKinds)
    dispatch(tasksApi.util.updateQueryData('tasks', kind, (tasks) => tasks.filter((t) => t.id !== id)));
}

export const {
  useTasksQuery,
  useDashboardQuery,
  useSaveTaskMutation,
  useDeleteTaskMutation,
  useSetCompletedMutation,
  useProgressLogsQuery,
  useSaveProgressMutation,
  useActivateQuery,
  useAcceptTaskMutation,
  useRecipientSuggestionsQuery,
} = tasksApi;
