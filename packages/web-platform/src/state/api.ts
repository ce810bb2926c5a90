import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import { type ApiClient, errorMessage } from '../http/client';
import { isOffline, offlineMessage } from '../http/online';
import { currentLanguage, localizeSentence } from '../i18n';

export interface PlatformExtra {
  client: ApiClient;
}

export interface PlatformQueryArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
}

export interface PlatformQueryError {
  status: number | 'NETWORK_ERROR';
  /** The server's sentence (`error`, `message` or `detail` of the body); null when it gave none. */
  message: string | null;
}

/** What to tell the person about a failed call: the server's sentence (in the page's language), else the view's own. */
export function failureMessage(error: unknown, fallback: string): string {
  const message = (error as Partial<PlatformQueryError> | undefined)?.message;
  return typeof message === 'string' && message ? localizeSentence(message, currentLanguage()) : fallback;
}

/** RTK Query over the request wrapper, so every endpoint gets the bearer token and the 401 rule. */
const platformBaseQuery: BaseQueryFn<PlatformQueryArgs | string, unknown, PlatformQueryError> = async (
  args,
  api,
) => {
  const { url, method = 'GET', body } = typeof args === 'string' ? { url: args } : args;
  const { client } = api.extra as PlatformExtra;
  try {
    const response =
      body === undefined
        ? await client.request(url, { method, headers: { Accept: 'application/json' } })
        : await client.request(url, {
            method,
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify(body),
          });
    if (!response.ok) {
      const message = await errorMessage(response, '');
      return { error: { status: response.status, message: message || null } };
    }
    const text = await response.text();
    return { data: text ? JSON.parse(text) : null };
  } catch {
    // A network failure (already logged by the wrapper) or a body that is not JSON: no sentence for people,
    // unless the browser has no connection, which is the reason then.
    return { error: { status: 'NETWORK_ERROR', message: isOffline() ? offlineMessage : null } };
  }
};

/** Remotes add their endpoints with `platformApi.injectEndpoints(...)`. */
export const platformApi = createApi({
  reducerPath: 'api',
  baseQuery: platformBaseQuery,
  tagTypes: ['Task', 'Folder', 'Notification', 'TrustedUser', 'Account', 'View'],
  // What is on screen asks again when the connection returns (the host calls `setupListeners`).
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
