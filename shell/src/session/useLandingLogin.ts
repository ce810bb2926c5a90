import { accessToken, refreshToken } from '@baton/web-platform';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useClient } from '../app/client';
import { storedSessionHolds } from './storedSession';

/** The landing page's Login (SPEC §2): /home when the stored session still holds, else /login. */
export function useLandingLogin() {
  const client = useClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Without stored tokens there is nothing to check: straight to /login, in the same tick.
    if (!accessToken() || !refreshToken()) return navigate('/login');
    navigate((await storedSessionHolds(client)) ? '/home' : '/login');
  }, [client, navigate]);
}
