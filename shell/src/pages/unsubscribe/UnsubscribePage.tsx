import type { routes } from '@baton/contracts';
import { preferenceMessages } from '@baton/contracts/constants';
import { Banner, Button } from '@baton/ui';
import { pathOf, translate, useLocalize, useT } from '@baton/web-platform';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resultOf } from '../../app/identity';
import { withMarkup } from '../../i18n/markup';
import { shellBook } from '../../i18n/shell';
import { AuthCard } from '../auth/AuthCard';
import './unsubscribe.css';

/** The table's route without its zod schemas (the compiler checks method and path against it). */
const unsubscribeRoute = {
  method: 'POST',
  path: '/api/unsubscribe/{token}/',
} as const satisfies Pick<typeof routes.unsubscribe, 'method' | 'path'>;

/** The explanation, with "e-mail" kept on one line (a line break after its hyphen reads as two words). */
function Explanation() {
  const t = useT(shellBook);
  return withMarkup(t('unsubscribeExplain'), (word) => <span className="unsubscribe__word">{word}</span>);
}

/** A link the server could ever accept (the contract's 16 to 128 characters). */
const plausible = (token: string) => token.length >= 16 && token.length <= 128;

type Outcome = { tone: 'success' | 'error'; message: string; final: boolean };

async function unsubscribe(token: string): Promise<Outcome> {
  try {
    const response = await fetch(unsubscribeRoute.path.replace('{token}', encodeURIComponent(token)), {
      method: unsubscribeRoute.method,
      headers: { Accept: 'application/json' },
    });
    const result = await resultOf<'unsubscribe'>(response);
    if (result.ok) return { tone: 'success', message: result.body.message, final: true };
    // A link the server does not know (or no longer): nothing to try again. A busy server may say yes later.
    if (result.status < 500 && result.status !== 429)
      return { tone: 'error', message: preferenceMessages.unsubscribeInvalid, final: true };
    return {
      tone: 'error',
      message: result.error ?? translate(shellBook)('unsubscribeFailed'),
      final: false,
    };
  } catch {
    return { tone: 'error', message: translate(shellBook)('unsubscribeFailed'), final: false };
  }
}

/**
 * /unsubscribe?token=…: the page behind a mail's "Unsubscribe" link (public: no session needed). Nothing
 * happens on opening it, since mail scanners open links too: the person confirms with the button.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const t = useT(shellBook);
  const localize = useLocalize();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(
    plausible(token) ? null : { tone: 'error', message: preferenceMessages.unsubscribeInvalid, final: true },
  );

  async function confirm() {
    setBusy(true);
    setOutcome(await unsubscribe(token));
    setBusy(false);
  }

  return (
    <AuthCard title={t('unsubscribeTitle')} intro={outcome?.final ? undefined : <Explanation />}>
      {outcome ? <Banner tone={outcome.tone}>{localize(outcome.message)}</Banner> : null}
      {outcome?.final ? null : (
        <Button className="unsubscribe__action" onClick={confirm} busy={busy}>
          {busy ? t('unsubscribing') : t('unsubscribe')}
        </Button>
      )}
      <p className="auth-card__footer">
        <Link to={pathOf({ category: 'Settings', openFolderId: null, section: 'notifications' })}>
          {t('unsubscribeSettings')}
        </Link>
      </p>
    </AuthCard>
  );
}
