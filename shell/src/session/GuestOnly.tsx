import { loadAuth } from '@baton/web-platform';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useClient } from '../app/client';
import { safeNext } from './next';
import { storedSessionHolds } from './storedSession';

/**
 * /login and /signup: with a stored session that still holds, whichever way the person came (the
 * header's Login link, a bookmark, the address bar), they go on to `next` or /home, as the landing
 * page's Login does. Nothing shows while the check runs; an expired or revoked session shows the form,
 * and so does /login right after sign-up.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const client = useClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  // Sign-up sends the person to /login on purpose (SPEC §2 Signup), with their e-mail: they sign in as the
  // account just made, whatever session this browser held before.
  const justSignedUp = Boolean((location.state as { email?: string } | null)?.email);
  const [checking, setChecking] = useState(() => !justSignedUp && loadAuth() !== null);

  useEffect(() => {
    if (!checking) return;
    let current = true;
    void storedSessionHolds(client).then((holds) => {
      if (!current) return;
      if (holds) navigate(safeNext(params.get('next')), { replace: true });
      else setChecking(false);
    });
    return () => {
      current = false;
    };
  }, [checking, client, navigate, params]);

  return checking ? null : children;
}
