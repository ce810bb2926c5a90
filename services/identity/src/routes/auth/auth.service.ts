import { type loginRequest, identityMessages as m, type signupRequest } from '@baton/contracts';
import { pagePaths } from '@baton/contracts/constants';
import type { Language } from '@baton/mailer';
import { type AuthContext, enqueueEvent, enqueueMail, HttpError, unauthorized } from '@baton/service-kit';
import type { z } from 'zod';
import type { IdentityDeps } from '../../context';
import { accountExistsMail } from '../../mails';
import { authenticate } from '../../middleware';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  preferencesOf,
  toPublicUser,
} from '../account/account.repository';
import { sendVerification } from '../verify/verify.service';
import { deviceCookie, trustedDevice } from './devices';
import { checkSignIn, signedIn, signInFailed } from './login-throttle';
import {
  openSession,
  revokeByRefreshToken,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from './sessions.service';

/**
 * Signs a person in from `address`; `cookieHeader` may hold this browser's device cookie for the account.
 * Also answers the new device cookie to set, when the browser had none.
 */
export async function signIn(
  deps: IdentityDeps,
  body: z.output<typeof loginRequest>,
  address: string,
  cookieHeader: string | undefined,
) {
  const email = body.email.trim().toLowerCase();
  const device = trustedDevice(deps, cookieHeader, email);
  const from = device ?? address;
  await checkSignIn(deps, email, from);
  const user = await findUserByEmail(deps.db, email);
  // Same work, status and body whether the e-mail is unknown or the password wrong.
  const ok = await deps.passwords.verify(
    user?.password_hash ?? (await deps.passwords.dummy()),
    body.password,
  );
  if (!user || !ok) {
    await signInFailed(deps, email, from);
    throw new HttpError(401, 'unauthorized', m.invalidCredentials);
  }
  await signedIn(deps, user.id, email, address, from);
  const tokens = await openSession(deps, deps.db, user);
  return {
    answer: {
      user: toPublicUser(user),
      tokens,
      preferences: preferencesOf(user),
      emailVerified: user.email_verified_at !== null,
      error: null,
    },
    newDeviceCookie: device ? undefined : deviceCookie(deps, email),
  };
}

/** Creates an unconfirmed account, or mails the owner of a taken address; the caller cannot tell which. */
export async function signUp(
  deps: IdentityDeps,
  body: z.output<typeof signupRequest>,
  requestId: string,
  /** The language of the mails it sends (the request's). */
  language: Language,
) {
  // Hashed for a taken address too, so that both answers take as long.
  const passwordHash = await deps.passwords.hashNew(body.password, [
    body.email,
    body.firstname,
    body.lastname,
  ]);
  const created = await deps.write(async (trx) => {
    const user = await insertUser(trx, {
      email: body.email,
      first_name: body.firstname,
      last_name: body.lastname,
      password_hash: passwordHash,
    });
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
        language,
      },
      requestId,
    });
    await sendVerification(trx, deps.config, user, language);
    return true;
  });
  if (!created && (await deps.limits.accountMail.allows(body.email))) {
    const link = (path: string) => new URL(path, deps.config.PUBLIC_URL).toString();
    const mail = await accountExistsMail(
      body.email,
      link(pagePaths.login),
      link(pagePaths.forgotPassword),
      language,
    );
    await deps.write((trx) => enqueueMail(trx, mail));
  }
}

/** Trades a refresh token for a new pair; `address` is counted for tokens of no session. */
export async function refresh(deps: IdentityDeps, token: string, address: string) {
  // A session's renewals count against that session (a tab renewing too often throttles only itself);
  // tokens that belong to no session count against the address that sends them.
  const session = await sessionOfRefreshToken(deps.db, token);
  if (session) await deps.limits.refresh.consume(session);
  else await deps.limits.refreshUnknown.consume(address);
  const result = await rotateRefreshToken(deps, token);
  if (!result.ok) throw unauthorized(m.refreshInvalid);
  return result.tokens;
}

/** Ends the session of a refresh token; its id, or undefined for a token of no session. */
export const logOut = (deps: IdentityDeps, token: string) =>
  deps.write((trx) => revokeByRefreshToken(trx, token));

/** The session check's answer for an authenticated caller. */
export async function checkedSession(deps: IdentityDeps, auth: AuthContext) {
  const user = await findUserById(deps.db, auth.userId);
  if (!user) throw unauthorized('Token is invalid or expired');
  return {
    ok: true as const,
    status: 'ok' as const,
    user: toPublicUser(user),
    emailVerified: user.email_verified_at !== null,
  };
}

/**
 * The session check (GET /api/token/check/) whole, without a framework: the route runs the same work
 * (`authenticated`, then `checkedSession`), and the gateway-cost benchmark runs it on bare `node:http`
 * to weigh Hono and the gateway against it.
 */
export async function tokenCheck(deps: IdentityDeps, authorization: string | undefined) {
  return checkedSession(deps, await authenticate(deps, authorization));
}
