import { loadAuth, useApiClient } from '@baton/web-platform';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeNext } from './next';
import { storedSessionHolds } from './storedSession';

/**
 * /login and /signup: with a stored session that still holds, whichever way the person came (the
 * header's Login link, a bookmark, the address bar), they go on to `next` or /home, as the landing
 * page's Login does. Nothing shows while the check runs; an expired or revoked session shows the form.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A session can be restored only with the e-mail and both tokens (SPEC §4); without, no check.
  const [checking, setChecking] = useState(() => loadAuth() !== null);

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
