import { type AuthData, markActive, saveAuth } from '@baton/web-platform';
import { fakeAccessToken, testUser } from '@baton/web-platform/testing';
import { act, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { App } from './app/App';
import type { LoadRemote } from './remotes';

/** Where the app is: shown in the page so tests can assert on navigation; its button is the browser's Back. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <button type="button" data-testid="browser-back" onClick={() => navigate(-1)} />
    </>
  );
}

/** The browser's Back button. */
export const browserBack = () => act(async () => screen.getByTestId('browser-back').click());

/**
 * A loader for tests whose views stand in for the remotes' (any component, whatever it takes): the contract's
 * types are the remotes' business, checked by their own typecheck.
 */
export const stubRemotes = (
  load: (remote: string, view: string) => Promise<{ default: ComponentType<never> }>,
) => load as unknown as LoadRemote;

export const currentLocation = () => document.querySelector('[data-testid="location"]')?.textContent;

/**
 * identity's session check, which the workspace asks on opening (is the person's address confirmed?): a
 * confirmed person unless `emailVerified` is false.
 */
export const sessionCheck = ({ emailVerified = true } = {}) =>
  http.get('/api/token/check/', () =>
    HttpResponse.json({
      ok: true,
      status: 'ok',
      user: {
        id: '3f1c0a52-5d0e-4d55-9a57-1b2c3d4e5f60',
        email: testUser.email,
        first_name: testUser.firstName,
        last_name: testUser.lastName,
      },
      emailVerified,
    }),
  );

/**
 * The account's notification preferences, which the workspace reads on opening for the account's language
 * (app/accountLanguage.ts): only the language matters to the shell.
 */
export const accountPreferences = (language: 'en' | 'de' = 'en') =>
  http.get('/api/settings/notification-preferences/', () => HttpResponse.json({ language }));

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
