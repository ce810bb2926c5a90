import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { type AuthData, saveAuth } from './auth/storage';
import { type Platform, PlatformProvider } from './context';
import { createApiClient } from './http/client';
import { signedIn } from './state/auth';
import { createPlatformStore } from './state/store';

/** A token whose payload carries `exp` (seconds); the signature is irrelevant to the browser. */
export function fakeAccessToken(expSeconds: number, sub = 'user-1') {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'EdDSA', typ: 'at+jwt' })}.${encode({ sub, exp: expSeconds })}.signature`;
}

export const testUser = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

/**
 * A real platform (store, request wrapper) for component tests of the host and of remotes, signed in as
 * `testUser` unless `signedIn: false`. Pair it with msw handlers for the routes the component calls.
 */
export function createTestPlatform(options: { signedIn?: boolean; auth?: Partial<AuthData> } = {}) {
  const client = createApiClient();
  const store = createPlatformStore(client);
  const logout = { calls: 0 };
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
    logout: async () => {
      logout.calls += 1;
    },
    goTo: (path) => {
      visited.push(path);
    },
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PlatformProvider platform={platform}>{children}</PlatformProvider>
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

/** A stand-in for the browser's WebSocket that a test drives: open it, push messages, close it. */
export class FakeWebSocket {
  static readonly all: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedByClient = false;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeWebSocket.all.push(this);
  }

  /** The server accepted the handshake. */
  open() {
    this.onopen?.();
  }

  /** The server sent `data` (objects are sent as JSON). */
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  /** The connection ended from the server's side (or the network). */
  drop(code = 1006) {
    this.onclose?.({ code });
  }

  close() {
    this.closedByClient = true;
  }

  static latest() {
    const socket = FakeWebSocket.all.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }
}

/** Replaces `WebSocket` with `FakeWebSocket` for the current test; call the returned function to restore. */
export function useFakeWebSockets() {
  // msw's interceptor defines WebSocket as a read-only accessor, so it is redefined rather than assigned.
  const real = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket');
  FakeWebSocket.all.length = 0;
  Object.defineProperty(globalThis, 'WebSocket', {
    value: FakeWebSocket,
    configurable: true,
    writable: true,
  });
  return () => {
    if (real) Object.defineProperty(globalThis, 'WebSocket', real);
  };
}
