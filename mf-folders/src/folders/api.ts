import type { Folder } from '@baton/contracts';
import {
  currentLanguage,
  localizeSentence,
  type PlatformDispatch,
  type PlatformQueryError,
  platformApi,
} from '@baton/web-platform';

/** The two lists of SPEC §7 `GET /api/folders/?archived=0|1`. */
export type FolderList = 'active' | 'archived';

/** What a folder form sends (SPEC §7): every field on creation, any of them on an update. */
export interface FolderFields {
  name: string;
  color: string | null;
  baseFileKey?: string | null;
  baseFileLabel?: string | null;
  baseFileUrl?: string | null;
  sort_order?: number;
  is_archived?: boolean;
}

const listTag = (list: FolderList) => ({ type: 'Folder' as const, id: `LIST-${list}` });
const bothLists = [listTag('active'), listTag('archived')];

/**
 * The task lists of the tasks remote (tag type 'Task' of the platform): a folder's name and colour show on
 * its tasks, and filing or deleting moves tasks in or out of Personal Tasks.
 */
const taskLists = 'Task' as const;

/** The folders calls (SPEC §7 Folders), in the host's store and through its request wrapper. */
export const foldersApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    folders: build.query<Folder[], FolderList>({
      query: (list) => `/api/folders/?archived=${list === 'archived' ? 1 : 0}`,
      transformResponse: (body: { folders: Folder[] }) => body.folders,
      providesTags: (folders, _error, list) => [
        listTag(list),
        ...(folders ?? []).map((folder) => ({ type: 'Folder' as const, id: folder.id })),
      ],
    }),
    createFolder: build.mutation<Folder, FolderFields>({
      query: (body) => ({ url: '/api/folders/', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [listTag('active')]),
    }),
    updateFolder: build.mutation<Folder, { id: string; patch: Partial<FolderFields> }>({
      query: ({ id, patch }) => ({
        url: `/api/folders/${encodeURIComponent(id)}/`,
        method: 'PUT',
        body: patch,
      }),
      invalidatesTags: (_result, error, { patch }) =>
        error ? [] : [...bothLists, ...('name' in patch || 'color' in patch ? [taskLists] : [])],
    }),
    deleteFolder: build.mutation<null, string>({
      query: (id) => ({ url: `/api/folders/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...bothLists, taskLists]),
    }),
    attachTasks: build.mutation<{ folder: Folder }, { id: string; taskIds: string[] }>({
      query: ({ id, taskIds }) => ({
        url: `/api/folders/${encodeURIComponent(id)}/attach-tasks/`,
        method: 'POST',
        body: { task_ids: taskIds },
      }),
      invalidatesTags: (_result, error) => (error ? [] : [...bothLists, taskLists]),
    }),
  }),
});

/** Fetches both folder lists again (a change in another tab, or a reconnect). */
export function refetchFolders(dispatch: PlatformDispatch) {
  dispatch(foldersApi.util.invalidateTags(bothLists));
}

/**
 * What to tell the person about a failed call: the server's own sentence for a request it refused (4xx:
 * a name too long, a task that is not theirs), else the view's sentence (SPEC §8).
 */
export function failureOf(error: unknown, fallback: string) {
  const failure = error as Partial<PlatformQueryError> | undefined;
  const refused = typeof failure?.status === 'number' && failure.status >= 400 && failure.status < 500;
  return refused && failure?.message ? localizeSentence(failure.message, currentLanguage()) : fallback;
}

export const {
  useFoldersQuery,
  useCreateFolderMutation,
  useUpdateFolderMutation,
  useDeleteFolderMutation,
  useAttachTasksMutation,
} = foldersApi;
