import {
  pathOf,
  placeOf,
  selectCategory,
  selectOpenFolderId,
  selectOpenTaskId,
  selectSettingsSection,
  showPlace,
  usePlatformDispatch,
  usePlatformSelector,
} from '@baton/web-platform';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The URL and the workspace's place (category, open folder, open task, Settings section, in the store) follow
 * each other: choosing a view pushes its path (so Back and Forward move between views), and a path reached by
 * Back, Forward or a link shows its view. `synced` is the path both agree on, so neither side echoes the
 * other's change back; each effect runs only when its own side changed.
 */
export function useWorkspaceUrl() {
  const location = useLocation();
  const dispatch = usePlatformDispatch();
  const category = usePlatformSelector(selectCategory);
  const openFolderId = usePlatformSelector(selectOpenFolderId);
  const openTaskId = usePlatformSelector(selectOpenTaskId);
  const section = usePlatformSelector(selectSettingsSection);
  const path = pathOf({ category, openFolderId, openTaskId, section });
  // What the URL and the store last agreed on. It starts at the store's place, so that a workspace mounted at
  // a URL the store is not at yet (the accept page's session going on to a task's page) shows the URL's place.
  const synced = useRef(path);
  // The store's path as the last run of the second effect saw it: that effect acts only when the store moved.
  const storePath = useRef(path);
  // Read, not watched: `navigate` changes with every location, and the query (a tester's remote override)
  // only rides along.
  const navigate = useNavigate();
  const latest = useRef({ navigate, path, search: location.search });
  latest.current = { navigate, path, search: location.search };

  useEffect(() => {
    const place = placeOf(location.pathname);
    // A path that names no view, or names one unusually (a trailing slash), is replaced by the view's own.
    const canonical = place ? pathOf(place) : latest.current.path;
    if (canonical !== location.pathname) {
      synced.current = canonical;
      if (place) dispatch(showPlace(place));
      const { navigate, search } = latest.current;
      return void navigate({ pathname: canonical, search }, { replace: true });
    }
    if (location.pathname === synced.current || !place) return;
    synced.current = location.pathname;
    dispatch(showPlace(place));
  }, [location.pathname, dispatch]);

  useEffect(() => {
    if (path === storePath.current) return;
    storePath.current = path;
    if (path === synced.current) return;
    synced.current = path;
    const { navigate, search } = latest.current;
    navigate({ pathname: path, search });
  }, [path]);
}
