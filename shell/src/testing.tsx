import { type AuthData, markActive, saveAuth } from '@baton/web-platform';
import { fakeAccessToken, testUser } from '@baton/web-platform/testing';
import { act, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { App } from './app/App';
import type { LoadRemote } from './remotes';

/** Where the app is: shown in the page so tests can assert on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * A loader for tests whose views stand in for the remotes' (any component, whatever it takes): the contract's
 * types are the remotes' business, checked by their own typecheck.
 */
export const stubRemotes = (
  load: (remote: string, view: string) => Promise<{ default: ComponentType<never> }>,
) => load as unknown as LoadRemote;

export const currentLocation = () => document.querySelector('[data-testid="location"]')?.textContent;

/** Never resolves: remote areas stay "Loading…" unless a test gives a loader. */
const pendingLoader: LoadRemote = () => new Promise(() => undefined);

/** The whole shell at `path`, with a real store, request wrapper and storage (msw answers the calls). */
export async function renderShell(path: string, options: { loadRemote?: LoadRemote } = {}) {
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App loadRemote={options.loadRemote ?? pendingLoader} />
      <LocationProbe />
    </MemoryRouter>,
  );
  // The pages inside a session come in their own chunk (React.lazy): let it arrive, as in a browser.
  await act(async () => {
    await import('./app/SignedIn');
  });
  return view;
}

/** Stores a session as login would; the access token expires `expiresInSeconds` from now. */
export function signIn({
  remember = true,
  expiresInSeconds = 900,
  ...overrides
}: Partial<AuthData> & { remember?: boolean; expiresInSeconds?: number } = {}) {
  const auth: AuthData = {
    accessToken: fakeAccessToken(Math.floor(Date.now() / 1000) + expiresInSeconds),
    refreshToken: 'refresh-1',
    ...testUser,
    ...overrides,
  };
  saveAuth(auth, remember);
  markActive();
  return auth;
}
