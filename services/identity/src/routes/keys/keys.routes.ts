import { internalRoutes } from '@baton/contracts';
import { contractRoutes } from '@baton/service-kit';
import type { IdentityDeps } from '../../context';
import { authenticated } from '../../middleware';

/** identity's public signing keys, which every verifier (services, gateways) reads. */
export function keyRoutes(deps: IdentityDeps) {
  const { app, mount } = contractRoutes(authenticated(deps));

  mount(internalRoutes.jwks, (_input, c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(deps.keys.jwks);
  });

  return app;
}
