import type { WorkspacePath } from '@baton/contracts/constants';
import { loadAuth, PlatformProvider, placeOf, platformApi, showPlace, signedIn } from '@baton/web-platform';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type LoadRemote, RemoteArea, RemoteLoaderContext } from '../remotes';
import { loadFederatedRemote } from '../remotes/federation';
import { RequireAuth } from '../session/RequireAuth';
import { areas } from '../workspace/areas';
import { listQueryOf } from '../workspace/useWorkspaceUrl';
import { Workspace } from '../workspace/Workspace';
import { useAccountLanguage } from './accountLanguage';
import { useClient } from './client';
import { createShellPlatform } from './platform';
import { useTaskAccepted } from './taskAccepted';

/**
 * A page inside a session (/home, /accept-task), in the chunk loaded when one is first visited: the store, the
 * remote areas and the federation runtime stay out of the public pages. `loadRemote` replaces federation in tests.
 */
export default function SignedIn({
  page,
  loadRemote = loadFederatedRemote,
}: {
  page: WorkspacePath;
  loadRemote?: LoadRemote;
}) {
  const navigate = useNavigate();
  const client = useClient();
  const platform = useRef(createShellPlatform(client, (path, options) => navigate(path, options))).current;
  const location = useLocation();
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    const auth = loadAuth();
    if (auth)
      platform.store.dispatch(
        signedIn({ email: auth.email, firstName: auth.firstName, lastName: auth.lastName }),
      );
    // A reload or a link opens the view its path names (`useWorkspaceUrl` keeps them together from here).
    const place = page === '/home' ? placeOf(location.pathname) : undefined;
    if (place) platform.store.dispatch(showPlace({ ...place, query: listQueryOf(location.search) }));
  }
  useAccountLanguage(client);
  // `refetchOnReconnect`: what is on screen asks again when the browser is back online or the tab refocused.
  useEffect(() => setupListeners(platform.store.dispatch), [platform]);
  // The accepted task is in the lists now (App's own listener takes the person to /home).
  useTaskAccepted(
    useCallback(() => platform.store.dispatch(platformApi.util.invalidateTags(['Task'])), [platform]),
  );
  return (
    <PlatformProvider platform={platform}>
      <RemoteLoaderContext value={loadRemote}>
        <RequireAuth>{page === '/home' ? <Workspace /> : <AcceptTask />}</RequireAuth>
      </RemoteLoaderContext>
    </PlatformProvider>
  );
}

/** /accept-task?uidb64&token&taskId&action: the tasks remote's accept page, inside a session. */
function AcceptTask() {
  const [params] = useSearchParams();
  return (
    <main className="accept-task">
      <RemoteArea
        {...areas.acceptTask}
        props={{
          uidb64: params.get('uidb64') ?? '',
          token: params.get('token') ?? '',
          taskId: params.get('taskId') ?? '',
          action: params.get('action') ?? '',
        }}
      />
    </main>
  );
}
