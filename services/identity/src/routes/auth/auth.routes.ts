import {
  loginRequest,
  logoutRequest,
  identityMessages as m,
  REVOKED_SESSION_HEADER,
  refreshRequest,
  signupRequest,
} from '@baton/contracts';
import {
  type AppEnv,
  clientAddress,
  enqueueEvent,
  enqueueMail,
  HttpError,
  jsonBody,
  unauthorized,
} from '@baton/service-kit';
import { Hono } from 'hono';
import type { IdentityDeps } from '../../context';
import { deviceCookie, trustedDevice } from '../../devices';
import { checkSignIn, signedIn, signInFailed } from '../../login-throttle';
import { accountExistsMail } from '../../mails';
import { tokenCheck } from '../../middleware';
import { dummyHash, hashNewPassword, verifyPassword } from '../../passwords';
import { openSession, revokeByRefreshToken, rotateRefreshToken, sessionOfRefreshToken } from '../../sessions';
import { findUserByEmail, preferencesOf, sendVerification, toPublicUser } from '../../users';

/** Sign-up, sign-in, session check, refresh rotation and logout (SPEC §7 "Session and account"). */
export function authRoutes(deps: IdentityDeps) {
  const app = new Hono<AppEnv>();

  app.post('/login/', async (c) => {
    const address = clientAddress(c);
    await deps.limits.login.consume(address);
    const body = await jsonBody(c, loginRequest);
    const email = body.email.trim().toLowerCase();
    const device = trustedDevice(deps, c.req.header('cookie'), email);
    const from = device ?? address;
    await checkSignIn(deps, email, from);
    const user = await findUserByEmail(deps.db, email);
    // Same work, status and body whether the e-mail is unknown or the password wrong.
    const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), body.password);
    if (!user || !ok) {
      await signInFailed(deps, email, from);
      throw new HttpError(401, 'unauthorized', m.invalidCredentials);
    }
    await signedIn(deps, user.id, email, address, from);
    const tokens = await openSession(deps, deps.db, user);
    if (!device) c.header('Set-Cookie', deviceCookie(deps, email));
    return c.json({
      user: toPublicUser(user),
      tokens,
      preferences: preferencesOf(user),
      emailVerified: user.email_verified_at !== null,
      error: null,
    });
  });

  /** Answers alike for a new address and a taken one: the address's owner learns of it by mail instead. */
  app.post('/user_signup/', async (c) => {
    await deps.limits.signup.consume(clientAddress(c));
    const body = await jsonBody(c, signupRequest);
    // Hashed for a taken address too, so that both answers take as long.
    const passwordHash = await hashNewPassword(body.password, [body.email, body.firstname, body.lastname]);
    const created = await deps.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email: body.email,
          first_name: body.firstname,
          last_name: body.lastname,
          password_hash: passwordHash,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!user) return false;
      await enqueueEvent(trx, 'identity.user.created', {
        actorId: user.id,
        audience: [user.id],
        data: {
          userId: user.id,
          email: user.email,
          firstName: user.first_name,
          lastName: user.last_name,
          emailVerified: false,
        },
        requestId: c.get('requestId'),
      });
      await sendVerification(trx, deps.config, user);
      return true;
    });
    if (!created && (await deps.limits.accountMail.allows(body.email))) {
      const link = (path: string) => new URL(path, deps.config.PUBLIC_URL).toString();
      await enqueueMail(deps.db, accountExistsMail(body.email, link('/login'), link('/forgot-password')));
    }
    deps.afterOutboxWrite();
    return c.json({ tokens: null, error: null, message: m.signupDone }, 201);
  });

  app.get('/api/token/check/', async (c) => c.json(await tokenCheck(deps, c.req.header('authorization'))));

  app.post('/api/token/refresh/', async (c) => {
    const { refresh } = await jsonBody(c, refreshRequest);
    // A session's renewals count against that session (a tab renewing too often throttles only itself);
    // tokens that belong to no session count against the address that sends them.
    const session = await sessionOfRefreshToken(deps.db, refresh);
    if (session) await deps.limits.refresh.consume(session);
    else await deps.limits.refreshUnknown.consume(clientAddress(c));
    const result = await rotateRefreshToken(deps, refresh);
    if (!result.ok) {
      if (result.reason === 'reused') deps.afterOutboxWrite(); // the family's sockets get closed
      throw unauthorized(m.refreshInvalid);
    }
    return c.json(result.tokens);
  });

  app.post('/api/logout/', async (c) => {
    const { refresh } = await jsonBody(c, logoutRequest);
    const sessionId = await deps.db.transaction().execute((trx) => revokeByRefreshToken(trx, refresh));
    deps.afterOutboxWrite();
    if (sessionId) c.header(REVOKED_SESSION_HEADER, sessionId);
    return c.json({ message: m.loggedOut });
  });

  return app;
}
