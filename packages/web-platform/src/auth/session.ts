import type { ApiClient } from '../http/client';
import { type LogoutBody, logoutRoute } from '../http/identity-routes';
import { setSoundEnabled } from '../preferences/sound';
import { type AuthData, clearAuth, refreshToken, saveAuth } from './storage';

/** Stores what login or sign-up returned; the account's preferences become this device's. */
export function startSession(
  body: {
    user: { email: string; first_name: string; last_name: string };
    tokens: { access: string; refresh: string };
    preferences?: { notificationSoundEnabled: boolean };
  },
  remember: boolean,
): AuthData {
  const data: AuthData = {
    accessToken: body.tokens.access,
    refreshToken: body.tokens.refresh,
    email: body.user.email,
    firstName: body.user.first_name,
    lastName: body.user.last_name,
  };
  saveAuth(data, remember);
  if (body.preferences) setSoundEnabled(body.preferences.notificationSoundEnabled);
  return data;
}

/**
 * Forgets the session on this device at once, and asks the server to revoke the refresh token
 * (failures ignored, SPEC §7). The request reads the tokens before they are cleared.
 */
export function endSession(client: ApiClient): Promise<unknown> {
  const refresh = refreshToken();
  const revoked = refresh
    ? client.post(logoutRoute.path, { refresh } satisfies LogoutBody).catch(() => undefined)
    : Promise.resolve();
  clearAuth();
  return revoked;
}
