import { accessToken, refreshToken, useApiClient } from '@baton/web-platform';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * The landing page's Login (SPEC §2): with both tokens stored, ask the server whether the session still
 * holds and go to /home if so; otherwise, or when the check fails, go to /login.
 */
export function useLandingLogin() {
  const client = useApiClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (!accessToken() || !refreshToken()) return navigate('/login');
    try {
      const response = await client.request('/api/token/check/');
      const body = (await response.json().catch(() => ({}))) as { ok?: unknown };
      navigate(response.ok && body.ok === true ? '/home' : '/login');
    } catch (error) {
      console.error('Session check failed', error);
      navigate('/login');
    }
  }, [client, navigate]);
}
