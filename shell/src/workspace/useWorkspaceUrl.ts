import {
  pathOf,
  placeOf,
  selectCategory,
  selectListQuery,
  selectListQueryReplaces,
  selectOpenFolderId,
  selectOpenTaskId,
  selectSettingsSection,
  showPlace,
  usePlatformDispatch,
  usePlatformSelector,
} from '@baton/web-platform';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The shell's own parameters of the address (a tester's remote overrides): they ride along with every place. */
const shellParams = ['remote'];

/** The list's query (its filters) in an address's search: everything but the shell's own parameters. */
export function listQueryOf(search: string) {
  const params = new URLSearchParams(search);
  for (const name of shellParams) params.delete(name);
  return params.toString();
}

/** The address's search for a list's query, keeping the shell's own parameters of the `current` search. */
function searchOf(query: string, current: string) {
  const params = new URLSearchParams(query);
  const own = new URLSearchParams(current);
  for (const name of shellParams) for (const value of own.getAll(name)) params.append(name, value);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** One place with its query, as both sides compare them. */
const keyOf = (path: string, query: string) => `${path}?${query}`;

/**
 * The URL and the workspace's place (category, open folder, open task, Settings section and the list's query,
 * in the store) follow each other: choosing a view or a filter pushes its address (so Back and Forward move
 * between views and filters), and an address reached by Back, Forward or a link shows its view. `synced` is
 * the address both agree on, so neither side echoes the other's change back; each effect runs only when its
 * own side changed.
 */
export function useWorkspaceUrl() {
  const location = useLocation();
  const dispatch = usePlatformDispatch();
  const category = usePlatformSelector(selectCategory);
  const openFolderId = usePlatformSelector(selectOpenFolderId);
  const openTaskId = usePlatformSelector(selectOpenTaskId);
  const section = usePlatformSelector(selectSettingsSection);
  const query = usePlatformSelector(selectListQuery);
  const replaces = usePlatformSelector(selectListQueryReplaces);
  const path = pathOf({ category, openFolderId, openTaskId, section });
  const storeKey = keyOf(path, query);
  // What the URL and the store last agreed on. It starts at the store's place, so that a workspace mounted at
  // a URL the store is not at yet (the accept page's session going on to a task's page) shows the URL's place.
  const synced = useRef(storeKey);
  // The store's address as the last run of the second effect saw it: that effect acts only when the store moved.
  const storeSeen = useRef(storeKey);
  // Read, not watched: `navigate` changes with every location.
  const navigate = useNavigate();
  const latest = useRef({ navigate, path, query, replaces, search: location.search });
  latest.current = { navigate, path, query, replaces, search: location.search };

  useEffect(() => {
    const place = placeOf(location.pathname);
    const urlQuery = listQueryOf(location.search);
    // A path that names no view, or names one unusually (a trailing slash), is replaced by the view's own.
    if (!place) {
      const { navigate, path, query, search } = latest.current;
      synced.current = keyOf(path, query);
      return void navigate({ pathname: path, search: searchOf(query, search) }, { replace: true });
    }
    const canonical = pathOf(place);
    const key = keyOf(canonical, urlQuery);
    if (canonical !== location.pathname) {
      synced.current = key;
      dispatch(showPlace({ ...place, query: urlQuery }));
      const { navigate, search } = latest.current;
      return void navigate({ pathname: canonical, search }, { replace: true });
    }
    if (key === synced.current) return;
    synced.current = key;
    dispatch(showPlace({ ...place, query: urlQuery }));
  }, [location.pathname, location.search, dispatch]);

  useEffect(() => {
    if (storeKey === storeSeen.current) return;
    storeSeen.current = storeKey;
    if (storeKey === synced.current) return;
    // A search being typed changes the list's address in place; anything else is a step Back undoes.
    const samePath = synced.current.startsWith(`${path}?`);
    synced.current = storeKey;
    const { navigate, query, replaces, search } = latest.current;
    navigate({ pathname: path, search: searchOf(query, search) }, { replace: replaces && samePath });
  }, [storeKey, path]);
}
