import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import type { ApiClient } from './http/client';
import { selectCurrentUser } from './state/auth';
import type { PlatformDispatch, PlatformState, PlatformStore } from './state/store';
import {
  type Category,
  navigateTo,
  requestCreateTask,
  selectCategory,
  selectCreateTaskSignal,
  type TaskCategory,
} from './state/workspace';

/** What the host hands to every remote: the store, the request wrapper and the way out. */
export interface Platform {
  store: PlatformStore;
  client: ApiClient;
  /** Ends the session everywhere on this device and goes to /login. */
  logout(): Promise<void>;
}

const PlatformContext = createContext<Platform | null>(null);

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return (
    <PlatformContext value={platform}>
      <Provider store={platform.store}>{children}</Provider>
    </PlatformContext>
  );
}

export function usePlatform() {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() needs a <PlatformProvider> above it.');
  return platform;
}

export const usePlatformDispatch = useDispatch.withTypes<PlatformDispatch>();
export const usePlatformSelector = useSelector.withTypes<PlatformState>();

export const useApiClient = () => usePlatform().client;
export const useLogout = () => usePlatform().logout;
export const useCurrentUser = () => usePlatformSelector(selectCurrentUser);
export const useCategory = () => usePlatformSelector(selectCategory);

export function useNavigateTo() {
  const dispatch = usePlatformDispatch();
  return useCallback((category: Category) => dispatch(navigateTo(category)), [dispatch]);
}

export function useRequestCreateTask() {
  const dispatch = usePlatformDispatch();
  return useCallback((category?: TaskCategory) => dispatch(requestCreateTask(category)), [dispatch]);
}

/** Calls `onSignal` each time "create task" is raised after the calling view mounted. */
export function useCreateTaskSignal(onSignal: () => void) {
  const signal = usePlatformSelector(selectCreateTaskSignal);
  const seen = useRef(signal);
  const latest = useRef(onSignal);
  latest.current = onSignal;
  useEffect(() => {
    if (signal === seen.current) return;
    seen.current = signal;
    latest.current();
  }, [signal]);
}
