import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import { type ApiClient, errorMessage } from '../http/client';

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
  message: string;
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
      return {
        error: { status: response.status, message: await errorMessage(response, response.statusText) },
      };
    }
    const text = await response.text();
    return { data: text ? JSON.parse(text) : null };
  } catch (error) {
    return { error: { status: 'NETWORK_ERROR', message: String(error) } };
  }
};

/** Remotes add their endpoints with `platformApi.injectEndpoints(...)`. */
export const platformApi = createApi({
  reducerPath: 'api',
  baseQuery: platformBaseQuery,
  tagTypes: ['Task', 'Folder', 'Notification', 'TrustedUser', 'Account'],
  endpoints: () => ({}),
});
