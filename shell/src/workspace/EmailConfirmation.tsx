import { Banner, Button } from '@baton/ui';
import { useApiClient, useCurrentUser, useLocalize, useT } from '@baton/web-platform';
import { useEffect, useState } from 'react';
import { callRoute, identityRoutes } from '../app/identity';
import { shellBook } from '../i18n/shell';

type State =
  | { phase: 'hidden' }
  | { phase: 'ask' | 'sending' }
  | { phase: 'told'; tone: 'success' | 'error'; message: string };

/**
 * While the person's address is unconfirmed (identity's session check says so), a strip above the workspace
 * asks them to follow the mailed link, and sends it again on request.
 */
export function EmailConfirmation() {
  const client = useApiClient();
  const t = useT(shellBook);
  const localize = useLocalize();
  const email = useCurrentUser()?.email;
  const [state, setState] = useState<State>({ phase: 'hidden' });

  useEffect(() => {
    let current = true;
    callRoute(client, identityRoutes.tokenCheck)
      .then((result) => {
        if (current && result.ok && result.body.emailVerified === false) setState({ phase: 'ask' });
      })
      // Not knowing is not worth a message: the strip stays away.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [client]);

  const sendAgain = async () => {
    setState({ phase: 'sending' });
    const result = await callRoute(client, identityRoutes.resendVerification, {}).catch(() => null);
    const message = (result?.ok ? result.body.message : result?.error) ?? t('confirmFailed');
    setState({ phase: 'told', tone: result?.ok ? 'success' : 'error', message });
  };

  if (state.phase === 'hidden') return null;
  return (
    <Banner tone={state.phase === 'told' ? state.tone : 'info'} className="email-confirmation">
      {state.phase === 'told' ? (
        localize(state.message)
      ) : (
        <>
          {t('confirmAsk')}
          {email ? ` (${email})` : null}{' '}
          <Button variant="secondary" busy={state.phase === 'sending'} onClick={sendAgain}>
            {t('sendAgain')}
          </Button>
        </>
      )}
    </Banner>
  );
}
