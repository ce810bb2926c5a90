import { createHash } from 'node:crypto';
import { pagePaths } from '@baton/contracts/constants';
import webPush from 'web-push';
import type { NotificationsConfig } from '../config';
import type { NotificationsTrx } from '../context';
import { scheduleJob } from '../scheduler/scheduler';
import { endpointsOf } from './push.repository';
import type { VapidKeys } from './vapid.service';
import { vapidSubject } from './vapid.service';

/** What a push shows: the service worker turns it into a system notification that opens `url` when clicked. */
export interface PushNotification {
  title: string;
  body: string;
  /** Where a click goes, a path of the app (`/home/…`). */
  url: string;
  /** A later push of the same tag replaces this one on the device (and in the queue, if not sent yet). */
  tag: string;
}

/** A queued `push` job: one device of one person. */
export interface PushJobPayload {
  userId: string;
  endpoint: string;
  notification: PushNotification;
}

/** How long a push service keeps a push for a device that is offline: a day-old notification is still news. */
export const pushTtlSeconds = 24 * 60 * 60;
/** Push services take about 4 KB of encrypted payload; ours stays well below. */
export const pushPayloadMaxBytes = 3 * 1024;
/** How long a push service has to answer. */
const sendTimeoutMs = 15_000;

// The push services browsers subscribe with, by host: Chrome and Edge's FCM, Firefox's autopush, Safari's and
// Windows' services. An endpoint elsewhere is refused: the server would otherwise POST wherever a subscription
// points, its own network included.
const pushServiceHosts = ['fcm.googleapis.com'];
const pushServiceDomains = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

/** Whether the server may send to `endpoint`: https on a known push service, or an origin `testOrigins` names. */
export function isPushServiceEndpoint(endpoint: string, testOrigins: readonly string[]) {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (testOrigins.includes(url.origin)) return true;
  const host = url.hostname;
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    (pushServiceHosts.includes(host) || pushServiceDomains.some((domain) => host.endsWith(domain)))
  );
}

/** At most `max` characters (code points: an emoji is not cut in half), the last an ellipsis when clipped. */
function clip(text: string, max: number) {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : text;
}

/** The notification as sent: title and body clipped so the encrypted payload fits every push service. */
export function pushPayload(notification: PushNotification): string {
  const { title, body, url, tag } = notification;
  const payload = JSON.stringify({ title: clip(title, 120), body: clip(body, 400), url, tag });
  // 4-byte characters throughout, or a very long url: the title alone, opening the workspace if need be.
  return Buffer.byteLength(payload) <= pushPayloadMaxBytes
    ? payload
    : JSON.stringify({
        title: clip(title, 120),
        body: '',
        url: url.length < 1024 ? url : pagePaths.home,
        tag,
      });
}

/**
 * Queues one `push` job per device of the person, in the caller's transaction (no push for a change that
 * rolls back). A push of the same tag to the same device that is still queued is replaced by this one, as
 * the device would replace its notification.
 */
export async function queuePushes(trx: NotificationsTrx, userId: string, notification: PushNotification) {
  for (const endpoint of await endpointsOf(trx, userId)) {
    const device = createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);
    const payload: PushJobPayload = { userId, endpoint, notification };
    await scheduleJob(trx, {
      job: 'push',
      key: `push:${device}:${notification.tag}`,
      runAt: new Date(),
      payload,
    });
  }
}

/** A device to send to: its endpoint and the keys its browser made (base64url). */
export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Sends one push (RFC 8291 aes128gcm, signed with VAPID) and says whether the device is still there: its push
 * service forgets a device that unsubscribed or whose subscription expired (404, 410). Any other refusal
 * or a network failure throws, for the job to be tried again.
 */
export async function sendPush(
  config: NotificationsConfig,
  keys: VapidKeys,
  device: PushDevice,
  notification: PushNotification,
): Promise<'sent' | 'gone'> {
  if (!isPushServiceEndpoint(device.endpoint, config.PUSH_TEST_ORIGINS)) return 'gone';
  const request = webPush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    pushPayload(notification),
    {
      vapidDetails: { subject: vapidSubject(config), ...keys },
      TTL: pushTtlSeconds,
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  // web-push encrypts and signs; the request goes out through fetch, which reaches a test's plain-http push
  // service too, has a deadline, and does not follow a redirect elsewhere. It sets the length itself.
  const { 'Content-Length': _length, ...headers } = request.headers;
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: new Uint8Array(request.body ?? []),
    redirect: 'manual',
    signal: AbortSignal.timeout(sendTimeoutMs),
  });
  const detail = (await answer.text()).slice(0, 200);
  if (answer.status === 404 || answer.status === 410) return 'gone';
  if (!answer.ok) throw new Error(`the push service answered ${answer.status}: ${detail}`);
  return 'sent';
}
