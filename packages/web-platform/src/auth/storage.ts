import { tokenTimes } from './jwt';

/**
 * Client-side auth data (SPEC §3): in localStorage when "Remember me" is on, else in this tab's
 * sessionStorage. Every key is namespaced `baton.` so nothing else on the origin collides with it.
 */
export interface AuthData {
  accessToken: string;
  refreshToken: string;
  email: string;
  firstName: string;
  lastName: string;
}

const keys: Record<keyof AuthData, string> = {
  accessToken: 'baton.accessToken',
  refreshToken: 'baton.refreshToken',
  email: 'baton.email',
  firstName: 'baton.firstName',
  lastName: 'baton.lastName',
};

/**
 * When this device received the stored access token (its clock): the token's lifetime is counted from
 * here, so a device clock that differs from the server's neither logs out early nor renews in a loop.
 */
const receivedAtKey = 'baton.tokenReceivedAt';

/** Shared by all tabs, so activity in one keeps the others' sessions alive. */
export const lastActiveKey = 'baton.lastActive';

const stores = () => [localStorage, sessionStorage] as const;

/** Where the refresh token lives; persistent when neither holds one (SPEC §7 refresh). */
const holder = () => (sessionStorage.getItem(keys.refreshToken) ? sessionStorage : localStorage);

export function saveAuth(data: AuthData, remember: boolean) {
  clearAuth();
  const store = remember ? localStorage : sessionStorage;
  for (const [field, key] of Object.entries(keys)) store.setItem(key, data[field as keyof AuthData]);
  store.setItem(receivedAtKey, String(Date.now()));
}

/** The stored session, or null: restoring one needs the e-mail and both tokens (SPEC §4). */
export function loadAuth(): AuthData | null {
  for (const store of stores()) {
    const read = (field: keyof AuthData) => store.getItem(keys[field]) ?? '';
    const data: AuthData = {
      accessToken: read('accessToken'),
      refreshToken: read('refreshToken'),
      email: read('email'),
      firstName: read('firstName'),
      lastName: read('lastName'),
    };
    if (data.accessToken && data.refreshToken && data.email) return data;
  }
  return null;
}

export const accessToken = () => holder().getItem(keys.accessToken);
export const refreshToken = () => holder().getItem(keys.refreshToken);

/** Stores a refreshed pair where the refresh token was (rotation: the old one no longer works). */
export function storeTokens(tokens: { access: string; refresh?: string }) {
  const store = holder();
  store.setItem(keys.accessToken, tokens.access);
  store.setItem(receivedAtKey, String(Date.now()));
  if (tokens.refresh) store.setItem(keys.refreshToken, tokens.refresh);
}

/**
 * The stored access token's issue and expiry times on this device's clock: its lifetime (`exp - iat`)
 * counted from when it arrived. Falls back to the token's own claims; null when it cannot be parsed.
 */
export function accessTokenTimes() {
  const times = tokenTimes(accessToken());
  const receivedAt = Number(holder().getItem(receivedAtKey));
  if (!times || times.issuedAt === null || !receivedAt) return times;
  return { issuedAt: receivedAt, expiresAt: receivedAt + (times.expiresAt - times.issuedAt) };
}

/** Logout: tokens, e-mail and names leave both storages. */
export function clearAuth() {
  for (const store of stores())
    for (const key of [...Object.values(keys), receivedAtKey]) store.removeItem(key);
}

export function markActive(now = Date.now()) {
  localStorage.setItem(lastActiveKey, String(now));
}

/** Last recorded activity in ms since the epoch; 0 when never recorded. */
export function lastActive() {
  return Number(localStorage.getItem(lastActiveKey)) || 0;
}
