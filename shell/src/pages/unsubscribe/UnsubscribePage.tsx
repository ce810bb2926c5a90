import type { routes } from '@baton/contracts';
import { preferenceMessages } from '@baton/contracts/constants';
import { Banner, Button } from '@baton/ui';
import { pathOf } from '@baton/web-platform';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resultOf } from '../../app/identity';
import { AuthCard } from '../auth/AuthCard';
import './unsubscribe.css';

/** The table's route without its zod schemas (the compiler checks method and path against it). */
const unsubscribeRoute = {
  method: 'POST',
  path: '/api/unsubscribe/{token}/',
} as const satisfies Pick<typeof routes.unsubscribe, 'method' | 'path'>;

export const unsubscribeText = {
  title: 'Unsubscribe',
  explain:
    'Baton will stop sending you the kind of e-mail this link came in: one kind of notification, or your digest. Everything else stays as it is.',
  busy: 'Unsubscribing…',
  failed: 'Could not unsubscribe just now. Check your connection and try again.',
  settings: 'Open notification settings',
} as const;

/** The explanation, with "e-mail" kept on one line (a line break after its hyphen reads as two words). */
function Explanation() {
  const [before, after] = unsubscribeText.explain.split('e-mail');
  return (
    <>
      {before}
      <span className="unsubscribe__word">e-mail</span>
      {after}
    </>
  );
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
    return { tone: 'error', message: result.error ?? unsubscribeText.failed, final: false };
  } catch {
    return { tone: 'error', message: unsubscribeText.failed, final: false };
  }
}

/**
 * /unsubscribe?token=…: the page behind a mail's "Unsubscribe" link (public: no session needed). Nothing
 * happens on opening it, since mail scanners open links too: the person confirms with the button.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
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
    <AuthCard title={unsubscribeText.title} intro={outcome?.final ? undefined : <Explanation />}>
      {outcome ? <Banner tone={outcome.tone}>{outcome.message}</Banner> : null}
      {outcome?.final ? null : (
        <Button className="unsubscribe__action" onClick={confirm} busy={busy}>
          {busy ? unsubscribeText.busy : 'Unsubscribe'}
        </Button>
      )}
      <p className="auth-card__footer">
        <Link to={pathOf({ category: 'Settings', openFolderId: null, section: 'notifications' })}>
          {unsubscribeText.settings}
        </Link>
      </p>
    </AuthCard>
  );
}
