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

interface WorkspaceState {
  category: Category;
  /** Bumped each time someone asks for the create-task dialog; views react to the change. */
  createTaskSignal: number;
}

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: { category: 'Personal Tasks', createTaskSignal: 0 } as WorkspaceState,
  reducers: {
    navigateTo(state, action: PayloadAction<Category>) {
      state.category = action.payload;
    },
    requestCreateTask(state, action: PayloadAction<TaskCategory | undefined>) {
      if (action.payload) state.category = action.payload;
      state.createTaskSignal += 1;
    },
  },
  selectors: {
    selectCategory: (state) => state.category,
    selectCreateTaskSignal: (state) => state.createTaskSignal,
  },
});

export const { navigateTo, requestCreateTask } = workspaceSlice.actions;
export const { selectCategory, selectCreateTaskSignal } = workspaceSlice.selectors;
