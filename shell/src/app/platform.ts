import {
  createApiClient,
  createPlatformStore,
  endSession,
  type Platform,
  signedOut,
} from '@baton/web-platform';

type Navigate = (path: string, options?: { replace?: boolean }) => void;

/** The one store and request wrapper of the page, navigating with the host's router. */
export function createShellPlatform(navigate: Navigate): Platform {
  const client = createApiClient();
  const store = createPlatformStore(client);
  return {
    store,
    client,
    logout: async () => {
      const revoked = endSession(client);
      store.dispatch(signedOut());
      navigate('/login', { replace: true });
      await revoked;
    },
    goTo: (path, options) => navigate(path, options),
  };
}
