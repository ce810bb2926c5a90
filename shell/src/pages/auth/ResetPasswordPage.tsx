import { identityMessages, limits } from '@baton/contracts/constants';
import { Banner, Button, NewPasswordField, PasswordField } from '@baton/ui';
import { useLocalize, useT } from '@baton/web-platform';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { identityRoutes } from '../../app/identity';
import { shellBook } from '../../i18n/shell';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';
import { FormError, useSubmit } from './form';

function problemOf(newPassword: string, confirmPassword: string) {
  if (!newPassword || !confirmPassword) return identityMessages.resetFillAll;
  if (newPassword !== confirmPassword) return identityMessages.resetPasswordMismatch;
  if (newPassword.length < limits.passwordMin) return identityMessages.passwordTooShort;
  return null;
}

/**
 * Whether the link still works, asked before the form shows: a used or expired link says so at once, not
 * after both passwords are typed. When the answer cannot be had (offline, throttled) the form shows, and
 * confirming tells.
 */
function useLinkState(uid: string, token: string) {
  const [state, setState] = useState<'checking' | 'ok' | 'dead'>(uid && token ? 'checking' : 'dead');
  useEffect(() => {
    if (!uid || !token) return;
    let current = true;
    postPublic(identityRoutes.checkPasswordReset, { uid, token }).then(
      (result) => current && setState(result.status === 400 ? 'dead' : 'ok'),
      () => current && setState('ok'),
    );
    return () => {
      current = false;
    };
  }, [uid, token]);
  return state;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const token = params.get('token') ?? '';
  const t = useT(shellBook);
  const localize = useLocalize();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error: submitError, setError, submit } = useSubmit(t('resetNetwork'));
  const link = useLinkState(uid, token);
  const error =
    submitError ??
    (!uid || !token ? t('resetIncomplete') : link === 'dead' ? identityMessages.resetInvalid : null);

  const reset = submit(async () => {
    const problem = problemOf(newPassword, confirmPassword);
    if (problem) return problem;
    const result = await postPublic(identityRoutes.confirmPasswordReset, {
      uid,
      token,
      newPassword,
      confirmPassword,
    });
    if (!result.ok) return result.error ?? t('resetFailed');
    setDone(true);
  });

  if (done)
    return (
      <AuthCard title={t('resetTitle')}>
        <Banner tone="success">{localize(identityMessages.resetDone)}</Banner>
        <p className="auth-card__footer">
          <Link to="/login">{t('goToLogin')}</Link>
        </p>
      </AuthCard>
    );

  return (
    <AuthCard title={t('resetTitle')} intro={t('resetIntro')}>
      <FormError
        error={error}
        onDismiss={() => setError(null)}
        // A broken link stays explained; typing mistakes go after the usual 5 s.
        persist={link === 'dead'}
      >
        {error === t('resetIncomplete') || error === identityMessages.resetInvalid ? (
          <>
            {' '}
            <Link to="/forgot-password">{t('requestNewLink')}</Link>
          </>
        ) : null}
      </FormError>
      {link === 'checking' ? <p role="status">{t('resetChecking')}</p> : null}
      {link === 'ok' ? (
        <form className="auth-form" onSubmit={reset} noValidate>
          {/* The link names no one on this page: the name and e-mail that the server also weighs are unknown here. */}
          <NewPasswordField
            label={t('newPassword')}
            name="newPassword"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <PasswordField
            label={t('confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
          <Button type="submit" variant="primary" busy={busy} disabled={busy}>
            {busy ? t('updating') : t('resetPassword')}
          </Button>
        </form>
      ) : null}
    </AuthCard>
  );
}
