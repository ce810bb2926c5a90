import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import type { ApiClient } from './http/client';
import { I18nUiProvider } from './i18n/ui';
import { selectCurrentUser } from './state/auth';
import type { PlatformDispatch, PlatformState, PlatformStore } from './state/store';
import {
  type Category,
  closeFolder,
  navigateTo,
  openFolder,
  requestCreateFolder,
  requestCreateTask,
  requestTaken,
  selectCategory,
  selectListQuery,
  selectOpenFolderId,
  selectRequest,
  setListQuery,
  type TaskCategory,
  type WorkspaceRequest,
} from './state/workspace';

/** What the host hands to every remote: the store, the request wrapper and the way out. */
export interface Platform {
  store: PlatformStore;
  client: ApiClient;
  /**
   * Ends the session everywhere on this device and goes to /login; with `comeBackTo` (a path of this app),
   * signing in again returns there (`/login?next=…`).
   */
  logout(comeBackTo?: string): Promise<void>;
  /** Goes to one of the host's routes (`/home`, `/login?next=…`) without reloading the page. */
  goTo(path: string, options?: { replace?: boolean }): void;
}

const PlatformContext = createContext<Platform | null>(null);

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return (
    <PlatformContext value={platform}>
      <Provider store={platform.store}>
        <I18nUiProvider>{children}</I18nUiProvider>
      </Provider>
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
export const useGoTo = () => usePlatform().goTo;
export const useCurrentUser = () => usePlatformSelector(selectCurrentUser);
export const useCategory = () => usePlatformSelector(selectCategory);

export function useNavigateTo() {
  const dispatch = usePlatformDispatch();
  return useCallback((category: Category) => dispatch(navigateTo(category)), [dispatch]);
}

/** The folder whose view is open inside Personal Tasks, or null. */
export const useOpenFolderId = () => usePlatformSelector(selectOpenFolderId);

/** Shows a folder's view (the shell renders it in place of the folder strip and the unfiled tasks). */
export function useOpenFolder() {
  const dispatch = usePlatformDispatch();
  return useCallback((id: string) => dispatch(openFolder(id)), [dispatch]);
}

/** Back from a folder's view to Personal Tasks. */
export function useCloseFolder() {
  const dispatch = usePlatformDispatch();
  return useCallback(() => dispatch(closeFolder()), [dispatch]);
}

/**
 * The open list's URL query (its filters, without `?`) and the way to change it: the shell keeps it in the
 * address, so a filtered list can be bookmarked, shared and reloaded, and Back undoes a change. `replace`
 * changes the address without a step for Back (a search being typed).
 */
export function useListQuery() {
  const dispatch = usePlatformDispatch();
  const query = usePlatformSelector(selectListQuery);
  const setQuery = useCallback(
    (next: string, options?: { replace?: boolean }) =>
      dispatch(setListQuery({ query: next, replace: options?.replace })),
    [dispatch],
  );
  return [query, setQuery] as const;
}

export function useRequestCreateTask() {
  const dispatch = usePlatformDispatch();
  return useCallback((category?: TaskCategory) => dispatch(requestCreateTask(category)), [dispatch]);
}

export function useRequestCreateFolder() {
  const dispatch = usePlatformDispatch();
  return useCallback(() => dispatch(requestCreateFolder()), [dispatch]);
}

/** Takes each pending request that `accepts`, once, and hands it to `onRequest`. */
function useWorkspaceRequest(accepts: (request: WorkspaceRequest) => boolean, onRequest: () => void) {
  const request = usePlatformSelector(selectRequest);
  const dispatch = usePlatformDispatch();
  const latest = useRef({ accepts, onRequest });
  latest.current = { accepts, onRequest };
  useEffect(() => {
    if (!request || !latest.current.accepts(request)) return;
    dispatch(requestTaken(request.id));
    latest.current.onRequest();
  }, [request, dispatch]);
}

/** Calls `onSignal` for each "create task" aimed at `category`, even one raised just before this view mounted. */
export function useCreateTaskSignal(category: TaskCategory, onSignal: () => void) {
  useWorkspaceRequest((r) => r.kind === 'createTask' && r.category === category, onSignal);
}

/** Calls `onSignal` for each "create folder" request (the list's split button, SPEC §2). */
export function useCreateFolderSignal(onSignal: () => void) {
  useWorkspaceRequest((r) => r.kind === 'createFolder', onSignal);
}
