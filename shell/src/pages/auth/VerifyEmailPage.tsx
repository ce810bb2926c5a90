import { identityMessages } from '@baton/contracts/constants';
import { Banner } from '@baton/ui';
import { translate, useLocalize, useT } from '@baton/web-platform';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { identityRoutes } from '../../app/identity';
import { shellBook } from '../../i18n/shell';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';

type Outcome = { ok: boolean; message: string };

/** One confirmation per token and page: the link works once, so a second render must not spend it again. */
const confirmations = new Map<string, Promise<Outcome>>();
function confirmOnce(token: string) {
  let outcome = confirmations.get(token);
  if (!outcome) {
    outcome = postPublic(identityRoutes.verifyEmail, { token }).then(
      (result) => ({
        ok: result.ok,
        message: result.ok ? identityMessages.verifyDone : (result.error ?? identityMessages.verifyInvalid),
      }),
      () => ({ ok: false, message: translate(shellBook)('verifyNetwork') }),
    );
    confirmations.set(token, outcome);
  }
  return outcome;
}

/** /verify-email?token=…: the link mailed at sign-up (public: it may open in a browser with no session). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const t = useT(shellBook);
  const localize = useLocalize();
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { ok: false, message: identityMessages.verifyInvalid },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    confirmOnce(token).then((result) => current && setOutcome(result));
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <AuthCard title={t('verifyTitle')}>
      {outcome ? (
        <Banner tone={outcome.ok ? 'success' : 'error'}>
          {localize(outcome.message)}
          {outcome.ok ? null : ` ${t('verifyAgain')}`}
        </Banner>
      ) : (
        <p role="status">{t('verifyBusy')}</p>
      )}
      <p className="auth-card__footer">
        <Link to="/home">{t('goToBaton')}</Link>
      </p>
    </AuthCard>
  );
}
