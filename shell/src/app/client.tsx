import { type ApiClient, createApiClient } from '@baton/web-platform';
import { createContext, type ReactNode, useContext, useRef } from 'react';

const ClientContext = createContext<ApiClient | null>(null);

/**
 * The page's one request wrapper (tokens, renewal, refresh-once on 401), for the public pages' session checks
 * and, once it opens, the workspace's store: neither needs the other's code.
 */
export function ClientProvider({ children }: { children: ReactNode }) {
  const client = useRef<ApiClient | null>(null);
  client.current ??= createApiClient();
  return <ClientContext value={client.current}>{children}</ClientContext>;
}

export function useClient() {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient outside ClientProvider');
  return client;
}
