import { identityMessages as m, routes } from '@baton/contracts';
import { languageOf } from '@baton/mailer';
import { clientAddress, contractRoutes } from '@baton/service-kit';
import type { IdentityDeps } from '../../context';
import { authenticated } from '../../middleware';
import { resendVerification, verifyEmail } from './verify.service';

/** Confirming the address a person signed up with (the link mailed at sign-up), and mailing a new link. */
export function verifyRoutes(deps: IdentityDeps) {
  const { app, mount } = contractRoutes(authenticated(deps));

  // Public: the link may be opened in a browser where the person is not signed in.
  mount(routes.verifyEmail, async ({ body }, c) => {
    await deps.limits.verify.consume(clientAddress(c));
    await verifyEmail(deps, body.token);
    return { message: m.verifyDone };
  });

  mount(routes.resendVerification, ({ auth }, c) =>
    resendVerification(deps, auth, languageOf(c.req.header('accept-language'))),
  );

  return app;
}
