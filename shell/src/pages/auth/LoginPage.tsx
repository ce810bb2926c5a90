import { identityMessages } from '@baton/contracts/constants';
import { Banner, Button, Checkbox, PasswordField, TextField } from '@baton/ui';
import { markActive, signedIn, startSession, usePlatformDispatch } from '@baton/web-platform';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../../session/next';
import { AuthCard } from './AuthCard';
import { networkFailure, postPublic } from './api';

type LoginBody = Parameters<typeof startSession>[0];

export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = usePlatformDispatch();
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return setError(identityMessages.loginRequired);
    setBusy(true);
    setError(null);
    try {
      const result = await postPublic('/login/', { email: email.trim(), password });
      if (!result.ok) return setError(result.error ?? networkFailure);
      const auth = startSession(result.body as unknown as LoginBody, remember);
      markActive();
      dispatch(signedIn({ email: auth.email, firstName: auth.firstName, lastName: auth.lastName }));
      navigate(safeNext(params.get('next')), { replace: true });
    } catch {
      setError(networkFailure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to your workspace.">
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {error ? (
        <Banner tone="error" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="auth-form__row">
          <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
        <Button type="submit" variant="primary" busy={busy}>
          Sign in
        </Button>
      </form>
      <p className="auth-card__footer">
        New to Baton? <Link to="/signup">Create an account</Link>
      </p>
    </AuthCard>
  );
}
