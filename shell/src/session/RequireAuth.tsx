import { loadAuth, signedIn, useCurrentUser, usePlatformDispatch } from '@baton/web-platform';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginUrlFor } from './next';
import { SessionGuard } from './SessionGuard';

/** A page that needs a session: without stored tokens it goes to /login?next=<this page>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const dispatch = usePlatformDispatch();
  const user = useCurrentUser();
  const auth = loadAuth();
  // Set once this page had a session: when it ends, logout navigates; no ?next back to here.
  const hadSession = useRef(false);
  if (auth) hadSession.current = true;

  useEffect(() => {
    if (auth && !user)
      dispatch(signedIn({ email: auth.email, firstName: auth.firstName, lastName: auth.lastName }));
  }, [auth, user, dispatch]);

  if (!auth) return hadSession.current ? null : <Navigate to={loginUrlFor(location)} replace />;
  return <SessionGuard>{children}</SessionGuard>;
}
