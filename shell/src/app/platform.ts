import {
  createApiClient,
  createPlatformStore,
  endSession,
  type Platform,
  signedOut,
} from '@baton/web-platform';

/** The one store and request wrapper of the page; `logout` needs the router, so it is given later. */
export function createShellPlatform(goToLogin: () => void): Platform {
  const client = createApiClient();
  const store = createPlatformStore(client);
  return {
    store,
    client,
    logout: async () => {
      const revoked = endSession(client);
      store.dispatch(signedOut());
      goToLogin();
      await revoked;
    },
  };
}
