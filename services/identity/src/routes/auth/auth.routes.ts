import { identityMessages as m, REVOKED_SESSION_HEADER, routes } from '@baton/contracts';
import { languageOf } from '@baton/mailer';
import { clientAddress, contractRoutes } from '@baton/service-kit';
import type { IdentityDeps } from '../../context';
import { authenticated } from '../../middleware';
import { checkedSession, logOut, refresh, signIn, signUp } from './auth.service';

/** Sign-up, sign-in, session check, refresh rotation and logout (SPEC §7 "Session and account"). */
export function authRoutes(deps: IdentityDeps) {
  const { app, mount } = contractRoutes(authenticated(deps));

  mount(routes.login, async ({ body }, c) => {
    const address = clientAddress(c);
    await deps.limits.login.consume(address);
    const { answer, newDeviceCookie } = await signIn(deps, body, address, c.req.header('cookie'));
    if (newDeviceCookie) c.header('Set-Cookie', newDeviceCookie);
    return answer;
  });

  /** Answers alike for a new address and a taken one: the address's owner learns of it by mail instead. */
  mount(routes.signup, async ({ body }, c) => {
    await deps.limits.signup.consume(clientAddress(c));
    await signUp(deps, body, c.get('requestId'), languageOf(c.req.header('accept-language')));
    return { tokens: null, error: null, message: m.signupDone };
  });

  mount(routes.tokenCheck, ({ auth }) => checkedSession(deps, auth));

  mount(routes.tokenRefresh, ({ body }, c) => refresh(deps, body.refresh, clientAddress(c)));

  mount(routes.logout, async ({ body }, c) => {
    const sessionId = await logOut(deps, body.refresh);
    if (sessionId) c.header(REVOKED_SESSION_HEADER, sessionId);
    return { message: m.loggedOut };
  });

  return app;
}
