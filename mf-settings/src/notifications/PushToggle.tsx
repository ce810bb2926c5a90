import { preferenceMessages } from '@baton/contracts/constants';
import { Checkbox, NoticeBanner, useNotice } from '@baton/ui';
import { failureMessage } from '@baton/web-platform';
import { useEffect, useState } from 'react';
import { useLazyPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } from './PushToggle.api';
import { currentSubscription, pushSupported, subscribeDevice, subscriptionJson } from './PushToggle.device';

/** The sentences of the push toggle. */
export const pushMessages = {
  label: 'Push on this device',
  hint: 'Baton’s notifications appear on this device even when no Baton tab is open.',
  checking: 'Checking this device…',
  unsupported:
    'This browser cannot receive push notifications. On iPhone and iPad, add Baton to the Home Screen first.',
  denied:
    'Notifications are blocked for Baton in this browser’s site settings. Allow them there to turn push on.',
  dismissed: 'Push stays off: allow notifications when the browser asks to turn it on.',
  browserFailed: 'This browser could not turn on push. Reload the page and try again.',
  onFailed: 'Could not turn on push. Please try again.',
  offFailed: 'Could not turn off push. Please try again.',
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
      if (permission === 'default') show('info', pushMessages.dismissed);
      return;
    }
    const { publicKey } = await getKey().unwrap();
    const subscription = await inBrowser(subscribeDevice(publicKey));
    try {
      show('success', (await save(subscriptionJson(subscription)).unwrap()).message);
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
    show('success', preferenceMessages.pushOff);
  }

  async function toggle(on: boolean) {
    clear();
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      const fallback = on ? pushMessages.onFailed : pushMessages.offFailed;
      show(
        'error',
        error instanceof BrowserPushError ? pushMessages.browserFailed : failureMessage(error, fallback),
      );
    } finally {
      setBusy(false);
    }
  }

  const hint =
    state === 'unsupported' || state === 'denied' || state === 'checking'
      ? pushMessages[state]
      : pushMessages.hint;
  return (
    <>
      <NoticeBanner notice={notice} onDismiss={clear} />
      <Checkbox
        label={pushMessages.label}
        hint={hint}
        checked={state === 'on'}
        disabled={busy || state === 'checking' || state === 'unsupported' || state === 'denied'}
        aria-busy={busy || state === 'checking'}
        onChange={(event) => toggle(event.target.checked)}
      />
    </>
  );
}
