import { identityMessages as m, routes } from '@baton/contracts';
import { languageOf } from '@baton/mailer';
import { contractRoutes } from '@baton/service-kit';
import type { IdentityDeps } from '../../context';
import { authenticated } from '../../middleware';
import { listTrusted } from './trusted.repository';
import { addTrusted, removeTrusted } from './trusted.service';

/** The signed-in person's trusted senders (SPEC §2 Settings, §7 Trusted users). */
export function trustedRoutes(deps: IdentityDeps) {
  const { app, mount } = contractRoutes(authenticated(deps));

  mount(routes.listTrustedUsers, ({ auth }) => listTrusted(deps.db, auth.userId));

  mount(routes.trustOrInvite, async ({ body, auth }, c) => {
    const result = await addTrusted(
      deps,
      auth.userId,
      body.trusted_email,
      c.get('requestId'),
      languageOf(c.req.header('accept-language')),
    );
    return c.json(result.body, result.status);
  });

  mount(routes.trustUser, async ({ body, auth }, c) => {
    const result = await addTrusted(
      deps,
      auth.userId,
      body.email,
      c.get('requestId'),
      languageOf(c.req.header('accept-language')),
    );
    return c.json(result.body, result.status);
  });

  mount(routes.removeTrustedUser, async ({ params, auth }, c) => {
    await removeTrusted(deps, auth.userId, params.id, c.get('requestId'));
    return { message: m.trustedRemoved };
  });

  return app;
}
