import {
  type ApiClient,
  createPlatformStore,
  endSession,
  type Platform,
  signedOut,
} from '@baton/web-platform';
import { withNext } from '../session/next';

type Navigate = (path: string, options?: { replace?: boolean }) => void;

/** The workspace's store around the page's request wrapper, navigating with the host's router. */
export function createShellPlatform(client: ApiClient, navigate: Navigate): Platform {
  const store = createPlatformStore(client);
  return {
    store,
    client,
    logout: async (comeBackTo) => {
      const revoked = endSession(client);
      store.dispatch(signedOut());
      navigate(withNext('/login', comeBackTo), { replace: true });
      await revoked;
    },
    goTo: (path, options) => navigate(path, options),
  };
}
