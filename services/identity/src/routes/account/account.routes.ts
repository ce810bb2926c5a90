import { identityMessages as m, routes } from '@baton/contracts';
import { contractRoutes } from '@baton/service-kit';
import type { IdentityDeps } from '../../context';
import { authenticated } from '../../middleware';
import { preferencesOf, preferencesRow, updatePreferencesRow } from './account.repository';
import { deleteAccount } from './account.service';

/** The account itself: its preferences, and its deletion. */
export function accountRoutes(deps: IdentityDeps) {
  const { app, mount } = contractRoutes(authenticated(deps));

  // Kept on the account, not only on the device, so that a new device starts with the person's choice.
  mount(routes.getPreferences, async ({ auth }) => preferencesOf(await preferencesRow(deps.db, auth.userId)));

  mount(routes.updatePreferences, async ({ body, auth }) =>
    preferencesOf(await updatePreferencesRow(deps.db, auth.userId, body)),
  );

  mount(routes.deleteAccount, async ({ body, auth }, c) => {
    // The budget of change-password: both check the current password, so guesses count together.
    await deps.limits.passwordChange.consume(auth.userId);
    await deleteAccount(deps, auth, body.password, c.get('requestId'));
    return { message: m.deleteDone };
  });

  return app;
}
