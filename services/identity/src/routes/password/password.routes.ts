import { identityMessages as m, routes } from '@baton/contracts';
import { languageOf } from '@baton/mailer';
import { clientAddress, contractRoutes } from '@baton/service-kit';
import type { IdentityDeps } from '../../context';
import { authenticated } from '../../middleware';
import { changePassword, confirmReset, requestReset, resetLinkOwner } from './password.service';

/** Password reset by mailed link, and password change in settings. */
export function passwordRoutes(deps: IdentityDeps) {
  const { app, mount } = contractRoutes(authenticated(deps));

  mount(routes.requestPasswordReset, async ({ body }, c) => {
    await deps.limits.reset.consume(clientAddress(c));
    const email = body.email.toLowerCase();
    // Counted for every address, known or not, so a 429 reveals nothing either.
    await deps.limits.resetAccount.consume(email);
    await requestReset(deps, email, languageOf(c.req.header('accept-language')));
    return { message: m.resetRequested };
  });

  // The page asks first, so a used or expired link says so before anyone types a password.
  mount(routes.checkPasswordReset, async ({ body }, c) => {
    await deps.limits.resetConfirm.consume(clientAddress(c));
    await resetLinkOwner(deps, body);
    return { valid: true as const };
  });

  mount(routes.confirmPasswordReset, async ({ body }, c) => {
    await deps.limits.resetConfirm.consume(clientAddress(c));
    await confirmReset(deps, body);
    return { message: m.resetDone };
  });

  mount(routes.changePassword, async ({ body, auth }) => {
    await deps.limits.passwordChange.consume(auth.userId);
    await changePassword(deps, auth, body);
    return { message: m.changeDone };
  });

  return app;
}
