import { identityMessages, limits } from '@baton/contracts/constants';
import { Banner, Button, NewPasswordField, PasswordField } from '@baton/ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { identityRoutes } from '../../app/identity';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';
import { FormError, useSubmit } from './form';

export const resetMessages = {
  failed: 'Failed to reset password.',
  network: 'Failed to reset password. Try again later.',
  incompleteLink: 'This reset link is incomplete.',
  checking: 'Checking your link…',
} as const;

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
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error: submitError, setError, submit } = useSubmit(resetMessages.network);
  const link = useLinkState(uid, token);
  const error =
    submitError ??
    (!uid || !token ? resetMessages.incompleteLink : link === 'dead' ? identityMessages.resetInvalid : null);

  const reset = submit(async () => {
    const problem = problemOf(newPassword, confirmPassword);
    if (problem) return problem;
    const result = await postPublic(identityRoutes.confirmPasswordReset, {
      uid,
      token,
      newPassword,
      confirmPassword,
    });
    if (!result.ok) return result.error ?? resetMessages.failed;
    setDone(true);
  });

  if (done)
    return (
      <AuthCard title="Reset password">
        <Banner tone="success">{identityMessages.resetDone}</Banner>
        <p className="auth-card__footer">
          <Link to="/login">Go to login</Link>
        </p>
      </AuthCard>
    );

  return (
    <AuthCard title="Reset password" intro="Choose a new password of at least 8 characters.">
      <FormError
        error={error}
        onDismiss={() => setError(null)}
        // A broken link stays explained; typing mistakes go after the usual 5 s.
        persist={link === 'dead'}
      >
        {error === resetMessages.incompleteLink || error === identityMessages.resetInvalid ? (
          <>
            {' '}
            <Link to="/forgot-password">Request a new link</Link>
          </>
        ) : null}
      </FormError>
      {link === 'checking' ? <p role="status">{resetMessages.checking}</p> : null}
      {link === 'ok' ? (
        <form className="auth-form" onSubmit={reset} noValidate>
          {/* The link names no one on this page: the name and e-mail that the server also weighs are unknown here. */}
          <NewPasswordField
            label="New password"
            name="newPassword"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
          <Button type="submit" variant="primary" busy={busy} disabled={busy}>
            {busy ? 'Updating…' : 'Reset Password'}
          </Button>
        </form>
      ) : null}
    </AuthCard>
  );
}
