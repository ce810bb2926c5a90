import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IdentityDeps } from '../../context';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in
 * to an account gets a cookie naming that account, signed by identity. Signing in with it skips the limits
 * that anyone could otherwise run up on the account (its failures from every address, and its address's
 * delay behind a shared NAT or proxy); the cookie's own failures are throttled instead, so a stolen cookie
 * is no better than one address.
 */
export const deviceCookieName = 'baton_device';
const maxAgeDays = 180;

const signatureOf = (key: Buffer, email: string, nonce: string) =>
  createHmac('sha256', key).update(`${email}\u0000${nonce}`).digest('base64url');

/** A new device cookie for `email`, as a Set-Cookie value (only ever sent back to the sign-in route). */
export function deviceCookie(deps: Pick<IdentityDeps, 'deviceKey' | 'config'>, email: string) {
  const nonce = randomBytes(16).toString('base64url');
  const value = `${nonce}.${signatureOf(deps.deviceKey, email, nonce)}`;
  const secure = new URL(deps.config.PUBLIC_URL).protocol === 'https:' ? '; Secure' : '';
  return `${deviceCookieName}=${value}; Path=/login/; Max-Age=${maxAgeDays * 86_400}; HttpOnly; SameSite=Strict${secure}`;
}

/**
 * The throttling key of the device that sent `cookieHeader`, when it holds a cookie signed for `email`;
 * undefined for no cookie, another account's, or a forged one.
 */
export function trustedDevice(
  deps: Pick<IdentityDeps, 'deviceKey'>,
  cookieHeader: string | undefined,
  email: string,
) {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, value = ''] = part.trim().split('=');
    if (name !== deviceCookieName) continue;
    const [nonce = '', signature = ''] = value.split('.');
    const expected = Buffer.from(signatureOf(deps.deviceKey, email, nonce));
    const given = Buffer.from(signature);
    if (nonce && given.length === expected.length && timingSafeEqual(given, expected))
      return `device:${nonce}`;
  }
  return undefined;
}
