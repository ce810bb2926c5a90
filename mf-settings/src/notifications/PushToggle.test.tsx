import { preferenceMessages } from '@baton/contracts/constants';
import { renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { book } from '../messages';
import { PushToggle } from './PushToggle';

const pushMessages = {
  label: book.en.pushLabel,
  hint: book.en.pushHint,
  dismissed: book.en.pushDismissed,
  denied: book.en.pushDenied,
  unsupported: book.en.pushUnsupported,
};

const server = mockServer();

const serverKey = 'BHObvyLuc0qbxbWcawcYgRDkSzNybSpOSv5IKo65fgREH7z3LGu2yLbJX6jL0CbU8Y_w_xJY4Uq51z3fr_eu-cA';
const keyBytes = (base64url: string) => Uint8Array.from(Buffer.from(base64url, 'base64url'));

/** The push routes as the notifications service answers them; what the toggle sent. */
function pushService({ refuse = false } = {}) {
  const sent = { subscribed: [] as unknown[], removed: [] as unknown[] };
  server.use(
    http.get('/api/settings/push/key/', () => HttpResponse.json({ publicKey: serverKey })),
    http.post('/api/settings/push/subscriptions/', async ({ request }) => {
      sent.subscribed.push(await request.json());
      return refuse
        ? HttpResponse.json({ error: preferenceMessages.badPushSubscription }, { status: 400 })
        : HttpResponse.json({ message: preferenceMessages.pushOn }, { status: 201 });
    }),
    http.post('/api/settings/push/subscriptions/remove/', async ({ request }) => {
      sent.removed.push(await request.json());
      return HttpResponse.json({ message: preferenceMessages.pushOff });
    }),
  );
  return sent;
}

/**
 * The browser's side of push, in memory, for what happy-dom lacks: the notification permission (and the answer the
 * person gives when asked), the app's service worker and its PushManager. The browser test runs the real ones.
 */
interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer; userVisibleOnly: boolean };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

function pushBrowser(options: { permission?: NotificationPermission; answer?: NotificationPermission } = {}) {
  const browser = {
    permission: options.permission ?? 'default',
    asked: 0,
    subscription: null as FakeSubscription | null,
    subscribedWith: [] as PushSubscriptionOptionsInit[],
  };
  const subscriptionFor = (key: Uint8Array): FakeSubscription => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/device-${browser.subscribedWith.length}`;
    const keys = { p256dh: 'BPublicKeyOfThisBrowser', auth: 'AuthSecretOfIt' };
    return {
      endpoint,
      options: { applicationServerKey: key.buffer as ArrayBuffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        browser.subscription = null;
        return true;
      },
    };
  };
  const registration = {
    pushManager: {
      getSubscription: async () => browser.subscription,
      subscribe: async (init: PushSubscriptionOptionsInit) => {
        browser.subscribedWith.push(init);
        browser.subscription ??= subscriptionFor(init.applicationServerKey as Uint8Array);
        return browser.subscription;
      },
    },
  };
  vi.stubGlobal('PushManager', class PushManager {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => {
      browser.asked += 1;
      browser.permission = options.answer ?? 'granted';
      return browser.permission;
    },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return browser;
}
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const toggle = () => screen.getByRole('checkbox', { name: pushMessages.label });

describe('Push on this device', () => {
  it('turns on: asks the permission, subscribes with the server’s key, and hands the subscription over', async () => {
    const sent = pushService();
    const browser = pushBrowser();
    const { user } = renderWithPlatform(<PushToggle />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).not.toBeChecked();
    expect(screen.getByText(pushMessages.hint)).toBeInTheDocument();

    await user.click(toggle());
    expect(await screen.findByRole('status')).toHaveTextContent(preferenceMessages.pushOn);
    expect(toggle()).toBeChecked();
    expect(browser.asked).toBe(1);
    expect(browser.subscribedWith).toHaveLength(1);
    expect(browser.subscribedWith[0]?.userVisibleOnly).toBe(true);
    expect(browser.subscribedWith[0]?.applicationServerKey).toEqual(keyBytes(serverKey));
    expect(sent.subscribed).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
        keys: { p256dh: 'BPublicKeyOfThisBrowser', auth: 'AuthSecretOfIt' },
      },
    ]);
  });

  it('shows on where the browser is subscribed (handing it to the server again), and turns off on both sides', async () => {
    const sent = pushService();
    const browser = pushBrowser({ permission: 'granted' });
    // Subscribed on an earlier visit.
    await (await navigator.serviceWorker.getRegistration())?.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(serverKey),
    });
    const { user } = renderWithPlatform(<PushToggle />);
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(sent.subscribed).toHaveLength(1);

    await user.click(toggle());
    expect(await screen.findByRole('status')).toHaveTextContent(preferenceMessages.pushOff);
    expect(toggle()).not.toBeChecked();
    expect(sent.removed).toEqual([{ endpoint: 'https://fcm.googleapis.com/fcm/send/device-1' }]);
    expect(browser.subscription).toBeNull();
  });

  it('replaces a subscription this browser made with another server key', async () => {
    pushService();
    const browser = pushBrowser();
    const registration = await navigator.serviceWorker.getRegistration();
    const old = await registration?.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(65).fill(4),
    });
    const { user } = renderWithPlatform(<PushToggle />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    await user.click(toggle());
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(browser.subscription).not.toBe(old);
    expect(browser.subscription?.options.applicationServerKey).toEqual(keyBytes(serverKey).buffer);
  });

  it('stays off when the person does not allow notifications, and says how to allow them once blocked', async () => {
    const sent = pushService();
    pushBrowser({ answer: 'default' });
    const { user, unmount } = renderWithPlatform(<PushToggle />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    await user.click(toggle());
    expect(await screen.findByRole('status')).toHaveTextContent(pushMessages.dismissed);
    expect(toggle()).not.toBeChecked();
    unmount();

    pushBrowser({ answer: 'denied' });
    const again = renderWithPlatform(<PushToggle />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    await again.user.click(toggle());
    await waitFor(() => expect(toggle()).toBeDisabled());
    expect(toggle()).not.toBeChecked();
    expect(screen.getByText(pushMessages.denied)).toBeInTheDocument();
    expect(sent.subscribed).toEqual([]);
  });

  it('is off and cannot be turned on where notifications are blocked', async () => {
    pushService();
    pushBrowser({ permission: 'denied' });
    renderWithPlatform(<PushToggle />);
    expect(toggle()).toBeDisabled();
    expect(screen.getByText(pushMessages.denied)).toBeInTheDocument();
  });

  it('says so in a browser without push', () => {
    // happy-dom, like such a browser, has no service worker, Push API or notifications.
    renderWithPlatform(<PushToggle />);
    expect(toggle()).toBeDisabled();
    expect(toggle()).not.toBeChecked();
    expect(screen.getByText(pushMessages.unsupported)).toBeInTheDocument();
  });

  it('shows the server’s sentence when it refuses the subscription, and leaves the browser unsubscribed', async () => {
    pushService({ refuse: true });
    const browser = pushBrowser();
    const { user } = renderWithPlatform(<PushToggle />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    await user.click(toggle());
    expect(await screen.findByRole('alert')).toHaveTextContent(preferenceMessages.badPushSubscription);
    expect(toggle()).not.toBeChecked();
    expect(browser.subscription).toBeNull();
  });
});
