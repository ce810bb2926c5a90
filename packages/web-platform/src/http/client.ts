import { RECENT_ACTIVITY_MS } from '../auth/constants';
import { accessToken, lastActive, refreshToken, storeTokens } from '../auth/storage';
import { currentLanguage, localizeSentence } from '../i18n';
import { type TokenRefreshAnswer, type TokenRefreshBody, tokenRefreshRoute } from './identity-routes';

export interface ApiClient {
  /**
   * The one request wrapper (SPEC §7, §8): sends the bearer token; on a 401 refreshes once (only with a
   * refresh token and activity in the last 15 minutes) and retries once; otherwise returns the response.
   * A network failure is logged as "TokenChecker Error" and rethrown.
   */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** POSTs `body` as JSON through `request`. */
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
  /** Renews the access token and stores the rotated refresh token; null when that is not possible. */
  refresh(): Promise<string | null>;
}

export interface ApiClientOptions {
  /** API host; '' for the page's own origin (the gateway serves both). */
  baseUrl?: string;
  now?: () => number;
}

/** The Web Lock every tab of this origin takes to renew the session's tokens. */
const REFRESH_LOCK = 'baton.token-refresh';

const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };

export function createApiClient({ baseUrl = '', now = Date.now }: ApiClientOptions = {}): ApiClient {
  // Concurrent 401s share one refresh: the rotated-out refresh token must never be sent twice.
  let inFlight: Promise<string | null> | null = null;

  const send = (path: string, init: RequestInit, token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // The services write mails to people without a stored language (a sign-up, an invitation) in this one.
    headers.set('Accept-Language', currentLanguage());
    return fetch(`${baseUrl}${path}`, { ...init, headers });
  };

  const renew = async (refresh: string) => {
    try {
      const response = await fetch(`${baseUrl}${tokenRefreshRoute.path}`, {
        method: tokenRefreshRoute.method,
        headers: jsonHeaders,
        body: JSON.stringify({ refresh } satisfies TokenRefreshBody),
      });
      if (!response.ok) return null;
      // Trusted, not parsed: a body without an access token still renews nothing.
      const tokens = (await response.json()) as Partial<TokenRefreshAnswer>;
      if (!tokens.access) return null;
      storeTokens({ access: tokens.access, refresh: tokens.refresh });
      return tokens.access;
    } catch {
      return null;
    }
  };

  /**
   * Tabs of one session share its tokens: one renews at a time (Web Locks), and a tab that waited while
   * another renewed takes the stored result instead of spending the rotated-out token, which the
   * server would count as reuse.
   */
  const renewOnce = async () => {
    const presented = refreshToken();
    if (!presented) return null;
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return renew(presented);
    return locks.request(REFRESH_LOCK, () => {
      const current = refreshToken();
      if (current !== presented) return current ? accessToken() : null;
      return renew(presented);
    });
  };

  const refresh = () => {
    inFlight ??= renewOnce().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const request = async (path: string, init: RequestInit = {}) => {
    try {
      const response = await send(path, init, accessToken());
      if (response.status !== 401) return response;
      const recentlyActive = now() - lastActive() <= RECENT_ACTIVITY_MS;
      if (!refreshToken() || !recentlyActive) return response;
      const renewed = await refresh();
      return renewed ? await send(path, init, renewed) : response;
    } catch (error) {
      console.error('TokenChecker Error', error);
      throw error;
    }
  };

  return {
    request,
    refresh,
    post: (path, body, init = {}) =>
      request(path, {
        ...init,
        method: 'POST',
        headers: { ...jsonHeaders, ...init.headers },
        body: JSON.stringify(body),
      }),
  };
}

/** The human sentence of an error body (`error`, `message` or `detail`) in the page's language, or the fallback. */
export async function errorMessage(response: Response, fallback: string) {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown; detail?: unknown };
    for (const text of [body.error, body.message, body.detail])
      if (typeof text === 'string' && text) return localizeSentence(text, currentLanguage());
  } catch {
    // Not JSON: fall back.
  }
  return fallback;
}
