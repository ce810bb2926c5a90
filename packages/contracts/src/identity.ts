import { z } from 'zod';
import { email, isoDateTime, limits, uuid } from './common';
import { identityMessages } from './constants';

export { identityMessages } from './constants';

const m = identityMessages;

/** A required string: missing, non-string or blank all give the route's "required" sentence. */
const required = (message: string) =>
  z.string({ error: message }).refine((value) => value.trim().length > 0, message);

export const publicUser = z.object({
  id: uuid,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

// POST /login/
export const loginRequest = z.object({
  email: required(m.loginRequired),
  password: required(m.loginRequired),
});
// GET and PUT /api/settings/preferences/ (not in SPEC §7: the sound preference follows the person)
export const preferences = z.object({
  notificationSoundEnabled: z.boolean({ error: 'notificationSoundEnabled must be true or false.' }),
});
export type Preferences = z.infer<typeof preferences>;

export const loginResponse = z.object({
  user: publicUser,
  tokens: tokenPair,
  /** Beyond SPEC §7: the account's preferences, so a new device starts with them. */
  preferences,
  /** Beyond SPEC: whether the person confirmed their address (tasks sent to it reach them only then). */
  emailVerified: z.boolean(),
  error: z.null(),
});

/**
 * The session a logout ended, on identity's answer to the gateway only (the gateway waits until its own
 * revocation list refuses that session's tokens, then removes the header).
 */
export const REVOKED_SESSION_HEADER = 'x-baton-revoked-session';

// POST /user_signup/
const name = required(m.signupRequired).pipe(z.string().trim().max(limits.nameMax, 'Name is too long.'));
export const signupRequest = z
  .object({
    firstname: name,
    lastname: name,
    email: required(m.signupRequired).pipe(email.meta({ description: 'E-mail, stored lower-case' })),
    password: required(m.signupRequired).pipe(
      z.string().min(limits.passwordMin, m.passwordTooShort).max(1024),
    ),
    confirmPassword: required(m.signupRequired),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: m.signupPasswordMismatch,
    path: ['confirmPassword'],
  });
/**
 * The same answer for a new address and a taken one (whose owner is mailed instead), so sign-up tells no one
 * who has an account: no tokens (the person signs in next, as SPEC's flow goes to /login), and what to do.
 */
export const signupResponse = z.object({ tokens: z.null(), error: z.null(), message: z.string() });

// POST /api/auth/verify-email/resend/ (the signed-in person asks for a new link: nothing to say but that)
export const verifyResendRequest = z.strictObject({}, { error: 'The request takes no fields.' });

// POST /api/auth/verify-email/ (the link mailed at sign-up)
export const verifyEmailRequest = z.object({
  token: z.string({ error: m.verifyInvalid }).min(1, m.verifyInvalid).max(128, m.verifyInvalid),
});

// GET /api/token/check/
export const tokenCheckResponse = z.object({
  ok: z.literal(true),
  status: z.literal('ok'),
  user: publicUser,
  emailVerified: z.boolean(),
});

// POST /api/token/refresh/
export const refreshRequest = z.object({ refresh: required(m.refreshRequired).pipe(z.string().max(512)) });
export const refreshResponse = tokenPair;

// POST /api/logout/
export const logoutRequest = refreshRequest;

// POST /api/auth/password-reset/request/
export const passwordResetRequest = z.object({
  email: required(m.resetEmailRequired).pipe(z.string().trim().max(limits.emailMax)),
});

// POST /api/auth/password-reset/confirm/
const resetLink = {
  uid: required(m.resetInvalid).pipe(z.string().max(64, m.resetInvalid)),
  token: required(m.resetInvalid).pipe(z.string().max(128, m.resetInvalid)),
};

// POST /api/auth/password-reset/check/ (beyond SPEC): whether a reset link still works, before its form is shown
export const passwordResetCheckRequest = z.object(resetLink);
export const passwordResetCheckResponse = z.object({ valid: z.literal(true) });

export const passwordResetConfirmRequest = z
  .object({
    uid: required(m.resetFillAll).pipe(z.string().max(64)),
    token: required(m.resetFillAll).pipe(z.string().max(128)),
    newPassword: required(m.resetFillAll).pipe(z.string().max(1024)),
    confirmPassword: required(m.resetFillAll),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: m.resetPasswordMismatch,
    path: ['confirmPassword'],
  })
  .refine((body) => body.newPassword.length >= limits.passwordMin, {
    message: m.passwordTooShort,
    path: ['newPassword'],
  });

// POST /api/settings/change-password/
export const changePasswordRequest = z
  .object({
    currentPassword: required(m.changeFillAll).pipe(z.string().max(1024)),
    newPassword: required(m.changeFillAll).pipe(z.string().max(1024)),
    confirmPassword: required(m.changeFillAll),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: m.changeMismatch,
    path: ['confirmPassword'],
  })
  .refine((body) => body.newPassword.length >= limits.passwordMin, {
    message: m.changeTooShort,
    path: ['newPassword'],
  });

// POST /delete-account/ (the password too, beyond SPEC: an open session alone cannot erase the account)
export const deleteAccountRequest = z.object({
  confirmation: z
    .string({ error: m.deletePhrase })
    .refine((value) => value.trim().toLowerCase() === 'delete', m.deletePhrase),
  password: required(m.deletePasswordRequired).pipe(z.string().max(1024)),
});

// Trusted users: GET/POST /api/settings/trusted-users/, POST /trusted-users/, DELETE /trusted-users/{id}/
export const trustedUserEntry = z.object({
  id: uuid,
  created_at: isoDateTime,
  trusted: z.object({ id: uuid, first_name: z.string(), last_name: z.string(), email: z.string() }),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type TrustedUserEntry = z.infer<typeof trustedUserEntry>;
export const trustedUserList = z.array(trustedUserEntry);

const trustedEmail = required(m.trustedEmailRequired).pipe(email);
export const addTrustedUserRequest = z.object({ trusted_email: trustedEmail });
export const addTrustedUserResponse = z.union([
  trustedUserEntry.extend({ invitation_sent: z.literal(false), message: z.string() }),
  z.object({ invitation_sent: z.literal(true), message: z.string(), email: z.string() }),
]);
export const createTrustedUserRequest = z.object({
  email: trustedEmail,
  name: z.string().trim().max(limits.nameMax).optional(),
});
export const createTrustedUserResponse = addTrustedUserResponse;

/** Access-token claims as every verifier sees them. */
export const accessClaims = z.object({
  sub: uuid,
  email: z.string(),
  sid: uuid,
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  iat: z.number(),
  jti: z.string(),
});
export type AccessClaims = z.infer<typeof accessClaims>;
export const accessTokenType = 'at+jwt';
