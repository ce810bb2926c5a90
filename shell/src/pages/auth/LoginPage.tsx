import { identityMessages } from '@baton/contracts/constants';
import { Banner, Button, Checkbox, PasswordField } from '@baton/ui';
import { markActive, startSession, useLocalize, useT } from '@baton/web-platform';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { identityRoutes } from '../../app/identity';
import { shellBook } from '../../i18n/shell';
import { safeNext, withNext } from '../../session/next';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';
import { EmailField, FormError, useSubmit } from './form';

export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT(shellBook);
  const localize = useLocalize();
  const networkFailure = t('networkFailure');
  const arrival = location.state as { email?: string; notice?: string } | null;
  const [email, setEmail] = useState(arrival?.email ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const { busy, error, setError, submit } = useSubmit(networkFailure);

  const logIn = submit(async () => {
    if (!email.trim() || !password) return identityMessages.loginRequired;
    const result = await postPublic(identityRoutes.login, { email: email.trim(), password });
    if (!result.ok) return result.error ?? networkFailure;
    // The workspace reads the person from the stored session (RequireAuth).
    startSession(result.body, remember);
    markActive();
    navigate(safeNext(params.get('next')), { replace: true });
  });

  return (
    <AuthCard title={t('signIn')} intro={t('signInIntro')}>
      {arrival?.notice ? <Banner tone="success">{localize(arrival.notice)}</Banner> : null}
      <FormError error={error} onDismiss={() => setError(null)} />
      <form className="auth-form" onSubmit={logIn} noValidate>
        <EmailField value={email} onChange={setEmail} />
        <PasswordField
          label={t('password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="auth-form__row">
          <Checkbox
            label={t('rememberMe')}
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link to="/forgot-password">{t('forgotLink')}</Link>
        </div>
        <Button type="submit" variant="primary" busy={busy}>
          {t('signIn')}
        </Button>
      </form>
      <p className="auth-card__footer">
        {t('newToBaton')} <Link to={withNext('/signup', params.get('next'))}>{t('createAccountLink')}</Link>
      </p>
    </AuthCard>
  );
}
