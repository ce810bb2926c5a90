import { combineSlices, configureStore } from '@reduxjs/toolkit';
import type { ApiClient } from '../http/client';
import { platformApi } from './api';
import { authSlice } from './auth';
import { workspaceSlice } from './workspace';

/**
 * Slices a remote adds at run time. A remote declares its own with
 * `declare module '@baton/web-platform' { interface LazyLoadedSlices { tasks: TasksState } }`
 * and injects it with `rootReducer.inject(tasksSlice)` (or `tasksSlice.injectInto(rootReducer)`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by remotes through declaration merging.
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  authSlice,
  workspaceSlice,
  platformApi,
).withLazyLoadedSlices<LazyLoadedSlices>();

export function createPlatformStore(client: ApiClient) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { client } } }).concat(platformApi.middleware),
  });
}

export type PlatformStore = ReturnType<typeof createPlatformStore>;
export type PlatformState = ReturnType<typeof rootReducer>;
export type PlatformDispatch = PlatformStore['dispatch'];
