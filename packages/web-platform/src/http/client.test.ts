import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken, markActive, refreshToken, saveAuth } from '../auth/storage';
import { setLanguage } from '../i18n';
import { mockServer } from '../testing-msw';
import { createApiClient } from './client';

const server = mockServer();
const auth = {
  accessToken: 'old-access',
  refreshToken: 'refresh-1',
  email: 'a@x.io',
  firstName: 'A',
  lastName: 'B',
};
const minute = 60_000;

/** /api/me answers 401 to anything but `Bearer new-access`; refresh rotates refresh-1 into refresh-2. */
function protectedRoute() {
  const seen: string[] = [];
  const refreshes: unknown[] = [];
  server.use(
    http.get('/api/me', ({ request }) => {
      const header = request.headers.get('authorization') ?? '';
      seen.push(header);
      return header === 'Bearer new-access'
        ? HttpResponse.json({ ok: true })
        : HttpResponse.json({ error: 'expired' }, { status: 401 });
    }),
    http.post('/api/token/refresh/', async ({ request }) => {
      refreshes.push(await request.json());
      return HttpResponse.json({ access: 'new-access', refresh: 'refresh-2' });
    }),
  );
  return { seen, refreshes };
}

describe('the request wrapper', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('sends the stored access token as a bearer header', async () => {
    saveAuth(auth, true);
    const { seen } = protectedRoute();
    await createApiClient().request('/api/me');
    expect(seen[0]).toBe('Bearer old-access');
  });

  it('sends the language in use as Accept-Language, so mails are written in it', async () => {
    const languages: (string | null)[] = [];
    server.use(
      http.get('/api/lang', ({ request }) => {
        languages.push(request.headers.get('accept-language'));
        return HttpResponse.json({});
      }),
    );
    await setLanguage('de');
    await createApiClient().request('/api/lang');
    await setLanguage('en');
    await createApiClient().request('/api/lang');
    expect(languages).toEqual(['de', 'en']);
  });

  it('on a 401 refreshes once, retries once with the new token and stores the rotated pair', async () => {
    saveAuth(auth, true);
    markActive(Date.now() - 14 * minute);
    const { seen, refreshes } = protectedRoute();
    const response = await createApiClient().request('/api/me');
    expect(response.status).toBe(200);
    expect(seen).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(refreshes).toEqual([{ refresh: 'refresh-1' }]);
    expect(accessToken()).toBe('new-access');
    expect(refreshToken()).toBe('refresh-2');
    expect(localStorage.getItem('baton.refreshToken')).toBe('refresh-2');
  });

  it('keeps a session-only login in sessionStorage when refreshing', async () => {
    saveAuth(auth, false);
    markActive();
    protectedRoute();
    await createApiClient().request('/api/me');
    expect(sessionStorage.getItem('baton.accessToken')).toBe('new-access');
    expect(localStorage.getItem('baton.accessToken')).toBeNull();
  });

  it('returns the 401 without refreshing when the person was inactive for more than 15 minutes', async () => {
    saveAuth(auth, true);
    markActive(Date.now() - 15 * minute - 1);
    const { seen, refreshes } = protectedRoute();
    const response = await createApiClient().request('/api/me');
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
    expect(refreshes).toHaveLength(0);
  });

  it('returns the 401 without refreshing when there is no refresh token', async () => {
    const { seen, refreshes } = protectedRoute();
    markActive();
    expect((await createApiClient().request('/api/me')).status).toBe(401);
    expect(seen).toEqual(['']);
    expect(refreshes).toHaveLength(0);
  });

  it('returns the original 401 when the refresh fails, and retries nothing', async () => {
    saveAuth(auth, true);
    markActive();
    const { seen } = protectedRoute();
    server.use(http.post('/api/token/refresh/', () => HttpResponse.json({ error: 'no' }, { status: 401 })));
    const response = await createApiClient().request('/api/me');
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
    expect(refreshToken()).toBe('refresh-1');
  });

  it('retries only once even when the retried request is refused again', async () => {
    saveAuth(auth, true);
    markActive();
    let calls = 0;
    server.use(
      http.get('/api/me', () => {
        calls += 1;
        return HttpResponse.json({}, { status: 401 });
      }),
      http.post('/api/token/refresh/', () =>
        HttpResponse.json({ access: 'new-access', refresh: 'refresh-2' }),
      ),
    );
    expect((await createApiClient().request('/api/me')).status).toBe(401);
    expect(calls).toBe(2);
  });

  it('shares one refresh between concurrent 401s (a rotated refresh token is never sent twice)', async () => {
    saveAuth(auth, true);
    markActive();
    const { refreshes } = protectedRoute();
    const client = createApiClient();
    const responses = await Promise.all([client.request('/api/me'), client.request('/api/me')]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(refreshes).toHaveLength(1);
  });

  it('logs a network failure as "TokenChecker Error" and rethrows it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/me', () => HttpResponse.error()));
    await expect(createApiClient().request('/api/me')).rejects.toThrow();
    expect(log).toHaveBeenCalledWith('TokenChecker Error', expect.anything());
    log.mockRestore();
  });

  it('posts JSON', async () => {
    let body: unknown;
    let type: string | null = null;
    server.use(
      http.post('/api/echo', async ({ request }) => {
        type = request.headers.get('content-type');
        body = await request.json();
        return HttpResponse.json({});
      }),
    );
    await createApiClient().post('/api/echo', { ids: [1] });
    expect(type).toBe('application/json');
    expect(body).toEqual({ ids: [1] });
  });
});

/** The Web Locks API as browsers give it (one holder per name at a time, in request order). */
function installLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request: (name: string, callback: () => unknown) => {
      const run = (queues.get(name) ?? Promise.resolve()).then(() => callback());
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return () => Reflect.deleteProperty(navigator, 'locks');
}

describe('renewal across tabs', () => {
  it('three tabs renewing at once send one refresh call; the others take the stored pair', async () => {
    const uninstall = installLocks();
    saveAuth(auth, true);
    markActive();
    const { refreshes } = protectedRoute();
    // Each tab has its own client (its own in-flight promise); they share localStorage.
    const tabs = [createApiClient(), createApiClient(), createApiClient()];
    const renewed = await Promise.all(tabs.map((tab) => tab.refresh()));
    expect(refreshes).toEqual([{ refresh: 'refresh-1' }]);
    expect(renewed).toEqual(['new-access', 'new-access', 'new-access']);
    expect(refreshToken()).toBe('refresh-2');
    uninstall();
  });

  it('a tab that finds the session logged out while it waited renews nothing', async () => {
    const uninstall = installLocks();
    saveAuth(auth, true);
    const { refreshes } = protectedRoute();
    const tab = createApiClient();
    const pending = tab.refresh();
    localStorage.removeItem('baton.refreshToken');
    expect(await pending).toBeNull();
    expect(refreshes).toEqual([]);
    uninstall();
  });
});
