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
    },
    /** Shows one folder's view, inside Personal Tasks. */
    openFolder(state, action: PayloadAction<string>) {
      state.category = 'Personal Tasks';
      state.openFolderId = action.payload;
      state.openTaskId = null;
      state.section = null;
    },
    /** Back from a folder's view to Personal Tasks. */
    closeFolder(state) {
      state.openFolderId = null;
    },
    /** Shows one task on its own page; the category stays until the task says where it belongs. */
    openTask(state, action: PayloadAction<string>) {
      state.openTaskId = action.payload;
      state.openFolderId = null;
      state.section = null;
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
    },
    /** Shows the place a path names (a reload, a link, Back or Forward). */
    showPlace(state, { payload: place }: PayloadAction<WorkspacePlace>) {
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
      state.lastRequestId += 1;
      state.request = { id: state.lastRequestId, kind: 'createFolder' };
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
} = workspaceSlice.actions;
export const { selectCategory, selectOpenFolderId, selectOpenTaskId, selectSettingsSection, selectRequest } =
  workspaceSlice.selectors;
