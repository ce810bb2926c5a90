/// <reference lib="dom" />
import {
  type LocalPushService,
  type PushPayload,
  startLocalPushService,
  type TestPushDevice,
  vapidClaims,
} from '@baton/notifications/testing/push';
import { eventually, jsonRequest, readJson } from '@baton/test-kit';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { assignWhenKnown } from './flows';
import { openCategory, openWorkspace, useAppInBrowser } from './stack';

/**
 * Web push end to end: in Chromium, a person turns push on in Settings (the permission granted to the test
 * browser), the server keeps the device, and when someone assigns them a task the encrypted push reaches the
 * device's push service; the app's service worker shows it and a click opens the task.
 */
let pushService: LocalPushService;
const stack = useAppInBrowser({
  env: async () => {
    pushService = await startLocalPushService();
    // The server sends to this push service only because the test names it (any other endpoint is refused).
    return { PUSH_TEST_ORIGINS: pushService.origin };
  },
  // The headless shell has no Push API: Settings rightly keeps the toggle off there.
  fullBrowser: true,
});
afterAll(() => pushService?.close());

/**
 * Headless Chromium has no push service it can reach (Chrome's is FCM, out of this machine's network), so the
 * test replaces that one part of the browser: `PushManager.subscribe` answers a subscription at the test's
 * local push service with keys the test made (a real browser makes its own and keeps the private half), and
 * records the server key it was given. Everything else (the permission, the service worker, the Settings
 * toggle, the server's encryption and VAPID signature) is the real thing.
 */
async function useLocalPushService(context: BrowserContext, device: TestPushDevice) {
  await context.addInitScript((subscription) => {
    let current: PushSubscription | null = null;
    const subscribed: string[] = [];
    Object.assign(window, { subscribedWithKey: subscribed });
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options?.applicationServerKey as Uint8Array);
      subscribed.push(btoa(String.fromCharCode(...key)));
      current ??= {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: options?.userVisibleOnly ?? false,
          applicationServerKey: key.buffer as ArrayBuffer,
        },
        getKey: () => null,
        toJSON: () => subscription,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, device.subscription);
}

/** What a service worker's global scope has beyond the DOM's types (evaluated in the worker). */
interface WorkerScope {
  registration: ServiceWorkerRegistration & {
    getNotifications(filter: { tag: string }): Promise<Notification[]>;
  };
  dispatchEvent(event: Event): boolean;
  PushEvent: new (type: 'push', init: { data: string }) => Event;
  NotificationEvent: new (type: 'notificationclick', init: { notification: Notification }) => Event;
}

describe('web push in the browser', () => {
  it('turns on in Settings; an assignment reaches the device encrypted; the service worker shows it and opens the task', async () => {
    const ana = await stack.existingPerson({ firstname: 'Ana' });
    const ben = await stack.existingPerson({ firstname: 'Ben' });
    const device = pushService.newDevice();
    const { context, page } = await stack.newPage();
    await context.grantPermissions(['notifications'], { origin: stack.base });
    await useLocalPushService(context, device);
    const policyErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) policyErrors.push(message.text());
    });

    await openWorkspace(page, ana);
    // The shell registered the app's service worker for the whole site; it controls the page once active.
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope))).toBe(
      `${stack.base}/`,
    );
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await openCategory(page, 'Settings');
    const toggle = page.getByRole('checkbox', { name: 'Push on this device' });
    // The toggle turns on once the browser and the server have both done their part (not at the click).
    await toggle.click();
    await page.getByRole('status').getByText('Push notifications are on for this device.').waitFor();
    expect(await toggle.isChecked()).toBe(true);

    // Subscribed with the server's VAPID key.
    const { publicKey } = await readJson(
      fetch(`${stack.base}/api/settings/push/key/`, jsonRequest('GET', undefined, ana.access)),
    );
    const given = await page.evaluate(
      () => (window as unknown as { subscribedWithKey: string[] }).subscribedWithKey,
    );
    expect(given.map((key) => Buffer.from(key, 'base64').toString('base64url'))).toEqual([publicKey]);

    // Ben assigns Ana a task: the push reaches her device's push service, for her eyes only.
    const form = { title: 'Quarterly report', dueDate: '2054-12-30', priority: 'Moderate', email: ana.email };
    const taskId = await assignWhenKnown(stack.base, ben.access, form);
    const [push] = await eventually(async () => (device.pushes().length > 0 ? device.pushes() : undefined));
    if (!push) throw new Error('no push arrived');
    const payload = device.read(push);
    expect(payload).toMatchObject({ title: 'New task assigned', url: `/home/tasks/${taskId}` });
    expect(payload.body).toContain('Ben assigned you “Quarterly report”');
    expect(vapidClaims(push, publicKey).claims.aud).toBe(pushService.origin);

    // The browser would hand the decrypted payload to the service worker: it shows it, and a click on it opens
    // the task in this tab.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const shown = await worker.evaluate(async (data: PushPayload) => {
      const scope = self as unknown as WorkerScope;
      scope.dispatchEvent(new scope.PushEvent('push', { data: JSON.stringify(data) }));
      for (let i = 0; i < 50; i++) {
        const [notification] = await scope.registration.getNotifications({ tag: data.tag });
        if (notification) {
          scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
          return { title: notification.title, body: notification.body, data: notification.data };
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return null;
    }, payload);
    expect(shown).toEqual({ title: payload.title, body: payload.body, data: { url: payload.url } });
    await page.waitForURL(`**/home/tasks/${taskId}`);
    await page.getByRole('region', { name: 'Task: Quarterly report' }).waitFor();

    expect(policyErrors).toEqual([]);
    await context.close();
  });
});
