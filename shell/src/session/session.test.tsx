import { fakeAccessToken } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountPreferences, currentLocation, renderShell, sessionCheck, signIn } from '../testing';

const minute = 60_000;
const refreshCalls: unknown[] = [];
const logoutCalls: unknown[] = [];
const server = mockServer(
  sessionCheck(),
  accountPreferences(),
  http.post('/api/token/refresh/', async ({ request }) => {
    refreshCalls.push(await request.json());
    return HttpResponse.json({
      access: fakeAccessToken(Math.floor(Date.now() / 1000) + 900),
      refresh: `refresh-${refreshCalls.length + 1}`,
    });
  }),
  http.post('/api/logout/', async ({ request }) => {
    logoutCalls.push({ body: await request.json(), authorization: request.headers.get('authorization') });
    return HttpResponse.json({ message: 'Logged out.' });
  }),
);

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const storedAuthKeys = () =>
  [localStorage, sessionStorage].flatMap((s) =>
    Object.keys({ ...s }).filter((k) => k !== 'baton.lastActive'),
  );

beforeEach(() => {
  refreshCalls.length = 0;
  logoutCalls.length = 0;
  // Only the clock and the guard's one-second tick are fake; promises and msw run for real.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('protected routes', () => {
  it('send a visitor without tokens to /login with next = path and query', async () => {
    await renderShell('/home?tab=2');
    expect(currentLocation()).toBe('/login?next=%2Fhome%3Ftab%3D2');
  });

  it('need the e-mail and both tokens to restore a session', async () => {
    signIn();
    localStorage.removeItem('baton.email');
    await renderShell('/accept-task?taskId=7');
    expect(currentLocation()).toBe('/login?next=%2Faccept-task%3FtaskId%3D7');
  });
});

describe('idle modal', () => {
  it('appears after 15 minutes without activity, with the countdown to expiry', async () => {
    signIn({ expiresInSeconds: 30 * 60 });
    await renderShell('/home');
    await tick(15 * minute - 2000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await tick(2000);
    const dialog = screen.getByRole('alertdialog', { name: 'You were inactive' });
    expect(dialog).toHaveTextContent('To continue, refresh your session (expires in ~900s).');
    await tick(3000);
    expect(dialog).toHaveTextContent('(expires in ~897s)');
  });

  it('is held off by activity (mouse, keys, scroll, touch, the tab becoming visible)', async () => {
    signIn({ expiresInSeconds: 3 * 60 * 60 });
    server.use(http.post('/api/token/refresh/', () => HttpResponse.json({}, { status: 500 })));
    await renderShell('/home');
    const events: Array<() => void> = [
      () => fireEvent.mouseMove(window),
      () => fireEvent.mouseDown(window),
      () => fireEvent.keyDown(window, { key: 'a' }),
      () => fireEvent.scroll(window),
      () => fireEvent.touchStart(window),
      () => document.dispatchEvent(new Event('visibilitychange')),
    ];
    for (const fire of events) {
      await tick(10 * minute);
      fire();
    }
    await tick(10 * minute);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await tick(5 * minute);
    expect(screen.getByRole('alertdialog', { name: 'You were inactive' })).toBeInTheDocument();
  });

  it('"Refresh session" renews the token, closes the modal and restarts the idle timer', async () => {
    signIn({ expiresInSeconds: 30 * 60 });
    await renderShell('/home');
    await tick(15 * minute);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh session' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(refreshCalls).toEqual([{ refresh: 'refresh-1' }]);
    expect(localStorage.getItem('baton.refreshToken')).toBe('refresh-2');
    await tick(15 * minute - 2000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Logout clears both storages, revokes the refresh token and goes to /login', async () => {
    signIn({ expiresInSeconds: 30 * 60 });
    sessionStorage.setItem('baton.accessToken', 'left-over');
    await renderShell('/home');
    await tick(15 * minute);
    const dialog = screen.getByRole('alertdialog', { name: 'You were inactive' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(currentLocation()).toBe('/login');
    expect(storedAuthKeys()).toEqual([]);
    await waitFor(() => expect(logoutCalls).toHaveLength(1));
    expect(logoutCalls[0]).toMatchObject({
      body: { refresh: 'refresh-1' },
      authorization: expect.stringMatching(/^Bearer /),
    });
  });
});

describe('expiry', () => {
  it("logs out when the access token's exp is reached", async () => {
    signIn({ expiresInSeconds: 20 * 60 });
    server.use(http.post('/api/token/refresh/', () => HttpResponse.json({}, { status: 401 })));
    await renderShell('/home');
    await tick(20 * minute - 1000);
    expect(currentLocation()).toBe('/home');
    await tick(1000);
    expect(currentLocation()).toBe('/login');
    expect(storedAuthKeys()).toEqual([]);
  });

  it('logs out at once when exp has already passed', async () => {
    signIn({ expiresInSeconds: -5 });
    await renderShell('/home');
    expect(currentLocation()).toBe('/login');
  });

  it('sets no expiry timer for a token it cannot parse', async () => {
    signIn({ accessToken: 'opaque-token' });
    await renderShell('/home');
    await tick(14 * minute);
    expect(currentLocation()).toBe('/home');
  });

  it('keeps an active person signed in by renewing the token before exp', async () => {
    signIn({ expiresInSeconds: 5 * 60 });
    await renderShell('/home');
    await tick(4 * minute);
    fireEvent.keyDown(window, { key: 'a' });
    await tick(1000);
    await waitFor(() => expect(refreshCalls).toHaveLength(1));
    await tick(3 * minute);
    expect(currentLocation()).toBe('/home');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows "Session expiring soon" when exp is near and renewing did not work', async () => {
    signIn({ expiresInSeconds: 5 * 60 });
    server.use(http.post('/api/token/refresh/', () => HttpResponse.error()));
    await renderShell('/home');
    await tick(4 * minute + 1000);
    await act(async () => undefined);
    await tick(1000);
    const dialog = await screen.findByRole('alertdialog', { name: 'Session expiring soon' });
    expect(dialog).toHaveTextContent(/Your session will expire in ~\d+s\. Refresh now to stay signed in\./);
  });
});

describe('other tabs', () => {
  it('a logout in another tab ends this one at the next tick', async () => {
    signIn({ expiresInSeconds: 30 * 60 });
    await renderShell('/home');
    localStorage.removeItem('baton.refreshToken');
    await tick(1000);
    expect(currentLocation()).toBe('/login');
  });

  it("another tab's activity keeps this one from going idle", async () => {
    signIn({ expiresInSeconds: 60 * 60 });
    server.use(http.post('/api/token/refresh/', () => HttpResponse.json({}, { status: 500 })));
    await renderShell('/home');
    await tick(10 * minute);
    localStorage.setItem('baton.lastActive', String(Date.now()));
    await tick(10 * minute);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('landing page Login', () => {
  it('goes straight to /login without stored tokens', async () => {
    await renderShell('/');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(currentLocation()).toBe('/login');
  });

  it('goes to /home when the session check passes', async () => {
    signIn();
    server.use(http.get('/api/token/check/', () => HttpResponse.json({ ok: true, status: 'ok' })));
    await renderShell('/');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentLocation()).toBe('/home'));
  });

  it('goes to /login when the check fails, and logs a failed request', async () => {
    signIn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/token/check/', () => HttpResponse.error()));
    await renderShell('/');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(log).toHaveBeenCalledWith('Session check failed', expect.anything());
    log.mockRestore();
  });
});

describe('/login and /signup with a stored session', () => {
  const sessionCheck = (status: number) =>
    server.use(
      http.get('/api/token/check/', () =>
        status === 200 ? HttpResponse.json({ ok: true, status: 'ok' }) : HttpResponse.json({}, { status }),
      ),
    );

  it.each(['/login', '/signup'])('%s goes to /home when the session holds', async (path) => {
    signIn();
    sessionCheck(200);
    await renderShell(path);
    await waitFor(() => expect(currentLocation()).toBe('/home'));
  });

  it('/login follows next when the session holds', async () => {
    signIn();
    sessionCheck(200);
    await renderShell('/login?next=%2Faccept-task%3FtaskId%3D7');
    await waitFor(() => expect(currentLocation()).toBe('/accept-task?taskId=7'));
  });

  it("the header's Login link lands on /home too", async () => {
    signIn();
    sessionCheck(200);
    await renderShell('/terms');
    await userEvent.click(screen.getAllByRole('link', { name: 'Login' })[0] as HTMLElement);
    await waitFor(() => expect(currentLocation()).toBe('/home'));
  });

  it.each(['/login', '/signup'])('%s shows its form when the stored session was revoked', async (path) => {
    signIn();
    sessionCheck(401);
    server.use(http.post('/api/token/refresh/', () => HttpResponse.json({}, { status: 401 })));
    await renderShell(path);
    expect(
      await screen.findByRole('button', { name: path === '/login' ? 'Sign in' : 'Create account' }),
    ).toBeVisible();
    expect(currentLocation()).toBe(path);
  });

  it('/login shows the form at once without stored tokens (no check)', async () => {
    await renderShell('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
