/** `iat` and `exp` of a JWT in ms since the epoch (`iat` null when absent), or null when unparseable. */
export function tokenTimes(
  token: string | null | undefined,
): { issuedAt: number | null; expiresAt: number } | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp, iat } = JSON.parse(json) as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return {
      expiresAt: exp * 1000,
      issuedAt: typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : null,
    };
  } catch {
    return null;
  }
}

/** The `exp` of a JWT in ms since the epoch, or null when the token cannot be parsed (no timer then). */
export const tokenExpiry = (token: string | null | undefined) => tokenTimes(token)?.expiresAt ?? null;
