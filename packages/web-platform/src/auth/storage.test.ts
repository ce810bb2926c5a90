import { describe, expect, it, vi } from 'vitest';
import { fakeAccessToken } from '../testing';
import { tokenExpiry } from './jwt';
import {
  accessTokenTimes,
  clearAuth,
  lastActive,
  loadAuth,
  markActive,
  saveAuth,
  storeTokens,
} from './storage';

const auth = {
  accessToken: 'a',
  refreshToken: 'r',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'L',
};

describe('auth storage', () => {
  it('keeps a remembered session in localStorage and nothing in sessionStorage', () => {
    saveAuth(auth, true);
    expect(localStorage.getItem('baton.accessToken')).toBe('a');
    expect(localStorage.getItem('baton.email')).toBe('ada@example.com');
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps a session without "Remember me" in sessionStorage only', () => {
    saveAuth(auth, false);
    expect(sessionStorage.getItem('baton.refreshToken')).toBe('r');
    expect(localStorage.getItem('baton.refreshToken')).toBeNull();
    expect(loadAuth()).toEqual(auth);
  });

  it('restores a session only with the e-mail and both tokens', () => {
    for (const missing of ['baton.email', 'baton.accessToken', 'baton.refreshToken']) {
      saveAuth(auth, true);
      localStorage.removeItem(missing);
      expect(loadAuth(), missing).toBeNull();
    }
  });

  it('stores refreshed tokens where the refresh token was', () => {
    saveAuth(auth, false);
    storeTokens({ access: 'a2', refresh: 'r2' });
    expect(sessionStorage.getItem('baton.accessToken')).toBe('a2');
    expect(sessionStorage.getItem('baton.refreshToken')).toBe('r2');
    expect(localStorage.getItem('baton.accessToken')).toBeNull();
  });

  it('logout clears tokens, e-mail and names from both storages', () => {
    saveAuth(auth, true);
    sessionStorage.setItem('baton.accessToken', 'stale');
    clearAuth();
    for (const store of [localStorage, sessionStorage])
      for (const key of ['accessToken', 'refreshToken', 'email', 'firstName', 'lastName'])
        expect(store.getItem(`baton.${key}`)).toBeNull();
  });

  it('records the last activity under a baton key', () => {
    markActive(1234);
    expect(localStorage.getItem('baton.lastActive')).toBe('1234');
    expect(lastActive()).toBe(1234);
  });
});

describe('tokenExpiry', () => {
  it('reads exp in milliseconds', () => {
    expect(tokenExpiry(fakeAccessToken(1_800_000_000))).toBe(1_800_000_000_000);
  });

  it('gives null for tokens it cannot parse (no expiry timer then)', () => {
    for (const token of [null, '', 'abc', 'a.b.c', 'a.eyJub3RleHAiOjF9.c', `a.${btoa('{"exp":"soon"}')}.c`])
      expect(tokenExpiry(token)).toBeNull();
  });
});

describe('accessTokenTimes', () => {
  it("counts the token's lifetime from its arrival on this device, whatever the device clock says", () => {
    const serverNow = 1_800_000_000; // seconds
    const deviceNow = (serverNow + 20 * 60) * 1000; // the device runs 20 minutes ahead
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(deviceNow);
    const token = `h.${btoa(JSON.stringify({ iat: serverNow, exp: serverNow + 1800 }))}.s`;
    saveAuth({ accessToken: token, refreshToken: 'r', email: 'a@x.io', firstName: '', lastName: '' }, true);
    expect(accessTokenTimes()).toEqual({ issuedAt: deviceNow, expiresAt: deviceNow + 1_800_000 });
    vi.useRealTimers();
  });
});
