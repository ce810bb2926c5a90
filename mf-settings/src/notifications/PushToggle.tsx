import { Checkbox, NoticeBanner, useNotice } from '@baton/ui';
import { failureMessage, useLocalize, useT } from '@baton/web-platform';
import { useEffect, useState } from 'react';
import { book } from '../messages';
import { useLazyPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } from './PushToggle.api';
import { currentSubscription, pushSupported, subscribeDevice, subscriptionJson } from './PushToggle.device';

/** The hint of each state that has its own (the book's keys). */
const stateHints = {
  checking: 'pushChecking',
  unsupported: 'pushUnsupported',
  denied: 'pushDenied',
} as const;

type State = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const initialState = (): State =>
  !pushSupported() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : 'checking';

/** A failure of the browser's side (permission, service worker, push service), not of the server. */
class BrowserPushError extends Error {}
const inBrowser = <T,>(step: Promise<T>) =>
  step.catch((error: unknown) => {
    throw new BrowserPushError(String(error));
  });

/**
 * Web push for this device: on asks the browser's permission, subscribes it with the server's key and hands the
 * subscription to the server; off ends both. Which events push is set per event in the table.
 */
export function PushToggle() {
  const t = useT(book);
  const localize = useLocalize();
  const [state, setState] = useState<State>(initialState);
  const [busy, setBusy] = useState(false);
  const { notice, show, clear } = useNotice();
  const [getKey] = useLazyPushKeyQuery();
  const [save] = useSubscribePushMutation();
  const [remove] = useUnsubscribePushMutation();

  // On while the browser holds a subscription that the server takes again (it may have forgotten it, or have it
  // for someone else who signed in on this browser before).
  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    const settle = (next: State) => live && setState(next);
    currentSubscription()
      .then(async (subscription) => {
        if (!subscription || Notification.permission !== 'granted') return settle('off');
        await save(subscriptionJson(subscription)).unwrap();
        settle('on');
      })
      .catch(() => settle('off'));
    return () => {
      live = false;
    };
  }, [state, save]);

  async function turnOn() {
    const permission = await inBrowser(Notification.requestPermission());
    if (permission !== 'granted') {
      setState(permission === 'denied' ? 'denied' : 'off');
      if (permission === 'default') show('info', t('pushDismissed'));
      return;
    }
    const { publicKey } = await getKey().unwrap();
    const subscription = await inBrowser(subscribeDevice(publicKey));
    try {
      show('success', localize((await save(subscriptionJson(subscription)).unwrap()).message));
      setState('on');
    } catch (error) {
      // The server cannot send to it: the browser keeps no subscription that nothing uses.
      await subscription.unsubscribe().catch(() => undefined);
      throw error;
    }
  }

  async function turnOff() {
    const subscription = await inBrowser(currentSubscription());
    if (subscription) {
      await remove({ endpoint: subscription.endpoint }).unwrap();
      await inBrowser(subscription.unsubscribe());
    }
    setState('off');
    show('success', t('pushOff'));
  }

  async function toggle(on: boolean) {
    clear();
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      const fallback = on ? t('pushOnFailed') : t('pushOffFailed');
      show(
        'error',
        error instanceof BrowserPushError ? t('pushBrowserFailed') : failureMessage(error, fallback),
      );
    } finally {
      setBusy(false);
    }
  }

  const hint =
    state === 'unsupported' || state === 'denied' || state === 'checking'
      ? t(stateHints[state])
      : t('pushHint');
  return (
    <>
      <NoticeBanner notice={notice} onDismiss={clear} />
      <Checkbox
        label={t('pushLabel')}
        hint={hint}
        checked={state === 'on'}
        disabled={busy || state === 'checking' || state === 'unsupported' || state === 'denied'}
        aria-busy={busy || state === 'checking'}
        onChange={(event) => toggle(event.target.checked)}
      />
    </>
  );
}
