import type { Folder } from '@baton/contracts';
import { ToastProvider } from '@baton/ui';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { type AuthData, saveAuth } from './auth/storage';
import { type Platform, PlatformProvider } from './context';
import { createApiClient } from './http/client';
import { signedIn } from './state/auth';
import { createPlatformStore } from './state/store';

/** A token whose payload carries `exp` and `iat` (now), in seconds; the signature is irrelevant here. */
export function fakeAccessToken(expSeconds: number, sub = 'user-1') {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const iat = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'EdDSA', typ: 'at+jwt' })}.${encode({ sub, iat, exp: expSeconds })}.signature`;
}

export const testUser = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

/**
 * A real platform (store, request wrapper) for component tests of the host and of remotes, signed in as
 * `testUser` unless `signedIn: false`. Pair it with msw handlers for the routes the component calls.
 */
export function createTestPlatform(options: { signedIn?: boolean; auth?: Partial<AuthData> } = {}) {
  const client = createApiClient();
  const store = createPlatformStore(client);
  /** How often a view logged out, and where each asked to come back to after signing in. */
  const logout = { calls: 0, comeBackTo: [] as (string | undefined)[] };
  /** Host routes a view asked for, in order. */
  const visited: string[] = [];
  if (options.signedIn !== false) {
    const auth: AuthData = {
      accessToken: fakeAccessToken(Math.floor(Date.now() / 1000) + 900),
      refreshToken: 'refresh-1',
      ...testUser,
      ...options.auth,
    };
    saveAuth(auth, true);
    store.dispatch(signedIn({ email: auth.email, firstName: auth.firstName, lastName: auth.lastName }));
  }
  const platform: Platform = {
    store,
    client,
    logout: async (comeBackTo) => {
      logout.calls += 1;
      logout.comeBackTo.push(comeBackTo);
    },
    goTo: (path) => {
      visited.push(path);
    },
  };
  // As in the shell: the page's toasts around the platform.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ToastProvider>
      <PlatformProvider platform={platform}>{children}</PlatformProvider>
    </ToastProvider>
  );
  return { platform, store, client, logout, visited, wrapper };
}

/** Renders a remote's view inside a real platform (store, request wrapper), signed in as `testUser`. */
export function renderWithPlatform(ui: ReactElement, options: Parameters<typeof createTestPlatform>[0] = {}) {
  const platform = createTestPlatform(options);
  const user = userEvent.setup();
  const view = render(ui, { wrapper: platform.wrapper });
  return { ...platform, ...view, user };
}

/** A gate a mocked call waits on, so a test can look at the view while the call is in flight. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

export { fakeLayout } from './drag/layout';
export { FakeWebSocket, useFakeWebSockets } from './testing/fake-socket';
export { FakeUpload, useFakeUploads } from './testing/fake-upload';

let nextFolder = 0;

/** A folder as `GET /api/folders/` returns it; Blue, empty and without a base file unless overridden. */
export function folderOf(overrides: Partial<Folder> = {}): Folder {
  nextFolder += 1;
  return {
    id: `20000000-0000-4000-8000-${String(nextFolder).padStart(12, '0')}`,
    name: `Folder ${nextFolder}`,
    color: '#4299E1',
    baseFileKey: null,
    baseFileLabel: null,
    baseFileUrl: null,
    sort_order: 0,
    is_archived: false,
    task_count: 0,
    attachmentUrl: null,
    created_at: `2026-11-${String(10 + (nextFolder % 10)).padStart(2, '0')}T09:00:00.000Z`,
    ...overrides,
  };
}
