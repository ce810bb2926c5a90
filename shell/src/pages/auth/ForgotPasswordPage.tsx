import { identityMessages } from '@baton/contracts/constants';
import { Banner, Button } from '@baton/ui';
import { useLocalize, useT } from '@baton/web-platform';
import { useState } from 'react';
import { Link } from 'react-router';
import { identityRoutes } from '../../app/identity';
import { shellBook } from '../../i18n/shell';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';
import { EmailField, FormError, useSubmit } from './form';

export function ForgotPasswordPage() {
  const t = useT(shellBook);
  const localize = useLocalize();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, setError, submit } = useSubmit(t('resetSendFailed'));

  const send = submit(async () => {
    setSent(false);
    if (!email.trim()) return identityMessages.resetEmailRequired;
    // The answer is ignored: the same sentence whether or not the address has an account.
    await postPublic(identityRoutes.requestPasswordReset, { email: email.trim() });
    setSent(true);
  });

  return (
    <AuthCard title={t('forgotTitle')} intro={t('forgotIntro')}>
      {sent ? <Banner tone="success">{localize(identityMessages.resetRequested)}</Banner> : null}
      <FormError error={error} onDismiss={() => setError(null)} />
      <form className="auth-form" onSubmit={send} noValidate>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" variant="primary" busy={busy}>
          {t('sendResetLink')}
        </Button>
      </form>
      <p className="auth-card__footer">
        <Link to="/login">{t('backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
