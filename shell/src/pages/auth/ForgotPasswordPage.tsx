import { identityMessages } from '@baton/contracts/constants';
import { Banner, Button } from '@baton/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { identityRoutes } from '../../app/identity';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';
import { EmailField, FormError, useSubmit } from './form';

export const resetSendFailed = 'Failed to send reset email. Try again later.';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, setError, submit } = useSubmit(resetSendFailed);

  const send = submit(async () => {
    setSent(false);
    if (!email.trim()) return identityMessages.resetEmailRequired;
    // The answer is ignored: the same sentence whether or not the address has an account.
    await postPublic(identityRoutes.requestPasswordReset, { email: email.trim() });
    setSent(true);
  });

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter your email and we will send you a link to set a new password."
    >
      {sent ? <Banner tone="success">{identityMessages.resetRequested}</Banner> : null}
      <FormError error={error} onDismiss={() => setError(null)} />
      <form className="auth-form" onSubmit={send} noValidate>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" variant="primary" busy={busy}>
          Send Reset Link
        </Button>
      </form>
      <p className="auth-card__footer">
        <Link to="/login">Back to login</Link>
      </p>
    </AuthCard>
  );
}
