import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SettingsSection, WorkspacePlace } from './paths';

/** Views of the workspace, chosen by name rather than by URL (SPEC §2). */
export const categories = [
  'Dashboard',
  'Personal Tasks',
  'Invited Tasks',
  'Tasks Delegated - Invitation',
  'Assigned Tasks',
  'Tasks Delegated - Assigned',
  'Waiting on others',
  'Settings',
] as const;
export type Category = (typeof categories)[number];

/** The task categories of SPEC §2 "Task list view". */
export const taskCategories = [
  'Personal Tasks',
  'Tasks Delegated - Assigned',
  'Tasks Delegated - Invitation',
  'Assigned Tasks',
  'Invited Tasks',
] as const satisfies readonly Category[];
export type TaskCategory = (typeof taskCategories)[number];

/**
 * What a view's heading says: plain words for the lists whose SPEC names are jargon ("Tasks Delegated -
 * Assigned"). The sidebar keeps SPEC §2's names; the category names stay the views' identity.
 */
export const categoryHeading: Record<Category, string> = {
  Dashboard: 'Dashboard',
  'Personal Tasks': 'Personal Tasks',
  'Assigned Tasks': 'Assigned to me',
  'Tasks Delegated - Assigned': 'Assigned by me',
  'Invited Tasks': 'Invitations to me',
  'Tasks Delegated - Invitation': 'Invitations I sent',
  'Waiting on others': 'Waiting on others',
  Settings: 'Settings',
};

export const isTaskCategory = (category: Category): category is TaskCategory =>
  (taskCategories as readonly Category[]).includes(category);

/**
 * An app-wide request ("create task", "create folder") waiting for the view that answers it. It is kept until
 * taken, so a view that mounts because of the request (the list the request navigated to) still gets it.
 */
export type WorkspaceRequest =
  | { id: number; kind: 'createTask'; category: TaskCategory }
  | { id: number; kind: 'createFolder' };

export interface WorkspaceState {
  category: Category;
  /** The folder whose view is open inside Personal Tasks (SPEC §2 "Folder view"), or null. */
  openFolderId: string | null;
  /** The task open on its own page (`/home/tasks/<id>`), or null. */
  openTaskId: string | null;
  /** The section of Settings its path names, or null for the whole page. */
  section: SettingsSection | null;
  /** The open list's URL query (its filters), without the `?`; another place starts without one. */
  query: string;
  /** Whether the last change of `query` replaces the URL's history entry (typing) rather than adding one. */
  queryReplaces: boolean;
  request: WorkspaceRequest | null;
  /** Ids of requests, increasing, so a view can tell a new request from one it has answered. */
  lastRequestId: number;
}

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: {
    category: 'Personal Tasks',
    openFolderId: null,
    openTaskId: null,
    section: null,
    query: '',
    queryReplaces: false,
    request: null,
    lastRequestId: 0,
  } as WorkspaceState,
  reducers: {
    /** Shows `category`; any open folder closes (the sidebar's Personal Tasks goes back to the list). */
    navigateTo(state, action: PayloadAction<Category>) {
      state.category = action.payload;
      state.openFolderId = null;
      state.openTaskId = null;
      state.section = null;
      state.query = '';
    },
    /** Shows one folder's view, inside Personal Tasks. */
    openFolder(state, action: PayloadAction<string>) {
      state.category = 'Personal Tasks';
      state.openFolderId = action.payload;
      state.openTaskId = null;
      state.section = null;
      state.query = '';
    },
    /** Back from a folder's view to Personal Tasks. */
    closeFolder(state) {
      state.openFolderId = null;
      state.query = '';
    },
    /** Shows one task on its own page; the category stays until the task says where it belongs. */
    openTask(state, action: PayloadAction<string>) {
      state.openTaskId = action.payload;
      state.openFolderId = null;
      state.section = null;
      state.query = '';
    },
    /** The open task's list (the sidebar marks it; "All …" on the task's page goes there). */
    taskPlaced(state, action: PayloadAction<Category>) {
      if (state.openTaskId) state.category = action.payload;
    },
    /** Shows Settings at one section (null: the top of the page). */
    openSettingsSection(state, action: PayloadAction<SettingsSection | null>) {
      state.category = 'Settings';
      state.openFolderId = null;
      state.openTaskId = null;
      state.section = action.payload;
      state.query = '';
    },
    /** Shows the place a path (and query) names (a reload, a link, Back or Forward, a saved view). */
    showPlace(state, { payload: place }: PayloadAction<WorkspacePlace>) {
      state.query = place.query ?? '';
      state.queryReplaces = false;
      if (place.openTaskId) {
        state.openTaskId = place.openTaskId;
        state.openFolderId = null;
        state.section = null;
        return;
      }
      state.category = place.category;
      state.openFolderId = place.openFolderId;
      state.openTaskId = null;
      state.section = place.section ?? null;
    },
    /**
     * Opens the task form in `category`, else in the current task list, else in Personal Tasks. An open
     * folder stays open when the form is for Personal Tasks: the new task is filed in it.
     */
    requestCreateTask(state, action: PayloadAction<TaskCategory | undefined>) {
      const category = action.payload ?? (isTaskCategory(state.category) ? state.category : 'Personal Tasks');
      if (category !== 'Personal Tasks' || state.category !== 'Personal Tasks') state.openFolderId = null;
      // Another list (or from a task's page) starts without the filters of the place it came from.
      if (category !== state.category || state.openTaskId) state.query = '';
      state.openTaskId = null;
      state.section = null;
      state.category = category;
      state.lastRequestId += 1;
      state.request = { id: state.lastRequestId, kind: 'createTask', category };
    },
    /** Asks the folders view (on Personal Tasks) for its create-folder dialog. */
    requestCreateFolder(state) {
      state.category = 'Personal Tasks';
      // The folder strip answers it, and it shows on Personal Tasks itself, not in a folder.
      state.openFolderId = null;
      state.openTaskId = null;
      state.section = null;
      state.query = '';
      state.lastRequestId += 1;
      state.request = { id: state.lastRequestId, kind: 'createFolder' };
    },
    /**
     * The open list's filters changed (its URL query, without `?`); `replace` for a change that should not
     * add a step to Back (a search being typed).
     */
    setListQuery(state, { payload }: PayloadAction<{ query: string; replace?: boolean }>) {
      state.query = payload.query;
      state.queryReplaces = payload.replace ?? false;
    },
    requestTaken(state, action: PayloadAction<number>) {
      if (state.request?.id === action.payload) state.request = null;
    },
  },
  selectors: {
    selectCategory: (state) => state.category,
    selectOpenFolderId: (state) => state.openFolderId,
    selectOpenTaskId: (state) => state.openTaskId,
    selectSettingsSection: (state) => state.section,
    selectListQuery: (state) => state.query,
    selectListQueryReplaces: (state) => state.queryReplaces,
    selectRequest: (state) => state.request,
  },
});

export const {
  navigateTo,
  openFolder,
  closeFolder,
  openTask,
  taskPlaced,
  openSettingsSection,
  showPlace,
  requestCreateTask,
  requestCreateFolder,
  requestTaken,
  setListQuery,
} = workspaceSlice.actions;
export const {
  selectCategory,
  selectOpenFolderId,
  selectOpenTaskId,
  selectSettingsSection,
  selectRequest,
  selectListQuery,
  selectListQueryReplaces,
} = workspaceSlice.selectors;
