import { identityMessages, limits } from '@baton/contracts/constants';
import { Banner, Button, PasswordField } from '@baton/ui';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';

export const resetMessages = {
  failed: 'Failed to reset password.',
  network: 'Failed to reset password. Try again later.',
  incompleteLink: 'This reset link is incomplete.',
} as const;

function problemOf(newPassword: string, confirmPassword: string) {
  if (!newPassword || !confirmPassword) return identityMessages.resetFillAll;
  if (newPassword !== confirmPassword) return identityMessages.resetPasswordMismatch;
  if (newPassword.length < limits.passwordMin) return identityMessages.passwordTooShort;
  return null;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const token = params.get('token') ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(uid && token ? null : resetMessages.incompleteLink);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(newPassword, confirmPassword);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const result = await postPublic('/api/auth/password-reset/confirm/', {
        uid,
        token,
        newPassword,
        confirmPassword,
      });
      if (result.ok) setDone(true);
      else setError(result.error ?? resetMessages.failed);
    } catch {
      setError(resetMessages.network);
    } finally {
      setBusy(false);
    }
  };

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
      {error ? (
        <Banner
          tone="error"
          onDismiss={() => setError(null)}
          // A broken link stays explained; typing mistakes go after the usual 5 s.
          autoDismissMs={error === resetMessages.incompleteLink ? 0 : undefined}
        >
          {error}
          {error === resetMessages.incompleteLink || error === identityMessages.resetInvalid ? (
            <>
              {' '}
              <Link to="/forgot-password">Request a new link</Link>
            </>
          ) : null}
        </Banner>
      ) : null}
      <form className="auth-form" onSubmit={submit} noValidate>
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
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
    </AuthCard>
  );
}
