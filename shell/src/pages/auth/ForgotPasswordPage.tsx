import { identityMessages } from '@baton/contracts/constants';
import { Banner, Button, TextField } from '@baton/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';

export const resetSendFailed = 'Failed to send reset email. Try again later.';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setMessage({ tone: 'error', text: identityMessages.resetEmailRequired });
    setBusy(true);
    setMessage(null);
    try {
      // The answer is ignored: the same sentence whether or not the address has an account.
      await postPublic('/api/auth/password-reset/request/', { email: email.trim() });
      setMessage({ tone: 'success', text: identityMessages.resetRequested });
    } catch {
      setMessage({ tone: 'error', text: resetSendFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter your email and we will send you a link to set a new password."
    >
      {message ? (
        <Banner tone={message.tone} onDismiss={message.tone === 'error' ? () => setMessage(null) : undefined}>
          {message.text}
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
