import { identityMessages } from '@baton/contracts/constants';
import { Banner } from '@baton/ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { identityRoutes } from '../../app/identity';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';

export const verifyText = {
  busy: 'Confirming your address…',
  network: 'Your address could not be confirmed. Check your connection and reload this page.',
  again: 'Sign in and choose "Send the link again" for a new one.',
} as const;

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
      () => ({ ok: false, message: verifyText.network }),
    );
    confirmations.set(token, outcome);
  }
  return outcome;
}

/** /verify-email?token=…: the link mailed at sign-up (public: it may open in a browser with no session). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
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
    <AuthCard title="Confirm your e-mail address">
      {outcome ? (
        <Banner tone={outcome.ok ? 'success' : 'error'}>
          {outcome.message}
          {outcome.ok ? null : ` ${verifyText.again}`}
        </Banner>
      ) : (
        <p role="status">{verifyText.busy}</p>
      )}
      <p className="auth-card__footer">
        <Link to="/home">Go to Baton</Link>
      </p>
    </AuthCard>
  );
}
