import type { PushSubscriptionJson } from '@baton/contracts';

/** How long to wait for the app's service worker (the shell registers it as the page loads). */
const workerWaitMs = 10_000;

/** Whether this browser can receive web push at all (a service worker, the Push API and notifications). */
export const pushSupported = () =>
  'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';

/** This browser's push subscription for Baton, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The browser's subscription as the server takes it (`toJSON()`, whose fields the DOM types leave optional). */
export function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  const { keys } = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

const bytesOf = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** The app's service worker once it runs; a build without one (a development server) fails after a while. */
async function workerRegistration() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no service worker')), workerWaitMs);
  });
  return Promise.race([navigator.serviceWorker.ready, late]).finally(() => clearTimeout(timer));
}

/**
 * Subscribes this browser to push with the server's VAPID key (`publicKey`, base64url). A subscription made
 * with another key (the server's keys were replaced) is dropped first: the browser refuses a second one.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const registration = await workerRegistration();
  const applicationServerKey = bytesOf(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && !sameBytes(existing.options.applicationServerKey, applicationServerKey))
    await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}
