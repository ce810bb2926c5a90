import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Views of the workspace, chosen by name rather than by URL (SPEC §2). */
export const categories = [
  'Dashboard',
  'Personal Tasks',
  'Invited Tasks',
  'Tasks Delegated - Invitation',
  'Assigned Tasks',
  'Tasks Delegated - Assigned',
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

export const isTaskCategory = (category: Category): category is TaskCategory =>
  (taskCategories as readonly Category[]).includes(category);

/**
 * An app-wide request ("create task", "create folder") waiting for the view that answers it. It is kept until
 * taken, so a view that mounts because of the request (the list the request navigated to) still gets it.
 */
export type WorkspaceRequest =
  | { id: number; kind: 'createTask'; category: TaskCategory }
  | { id: number; kind: 'createFolder' };

interface WorkspaceState {
  category: Category;
  request: WorkspaceRequest | null;
  /** Ids of requests, increasing, so a view can tell a new request from one it has answered. */
  lastRequestId: number;
}

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: { category: 'Personal Tasks', request: null, lastRequestId: 0 } as WorkspaceState,
  reducers: {
    navigateTo(state, action: PayloadAction<Category>) {
      state.category = action.payload;
    },
    /** Opens the task form in `category`, else in the current task list, else in Personal Tasks. */
    requestCreateTask(state, action: PayloadAction<TaskCategory | undefined>) {
      const category = action.payload ?? (isTaskCategory(state.category) ? state.category : 'Personal Tasks');
      state.category = category;
      state.lastRequestId += 1;
      state.request = { id: state.lastRequestId, kind: 'createTask', category };
    },
    /** Asks the folders view (on Personal Tasks) for its create-folder dialog. */
    requestCreateFolder(state) {
      state.category = 'Personal Tasks';
      state.lastRequestId += 1;
      state.request = { id: state.lastRequestId, kind: 'createFolder' };
    },
    requestTaken(state, action: PayloadAction<number>) {
      if (state.request?.id === action.payload) state.request = null;
    },
  },
  selectors: {
    selectCategory: (state) => state.category,
    selectRequest: (state) => state.request,
  },
});

export const { navigateTo, requestCreateTask, requestCreateFolder, requestTaken } = workspaceSlice.actions;
export const { selectCategory, selectRequest } = workspaceSlice.selectors;
