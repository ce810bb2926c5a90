import { ECDH } from 'node:crypto';
import type { PushSubscriptionJson } from '@baton/contracts';
import { preferenceMessages } from '@baton/contracts/constants';
import { badRequest } from '@baton/service-kit';
import type { NotificationsDeps } from '../../context';
import { isPushServiceEndpoint } from '../../push/push.service';
import { vapidKeys } from '../../push/vapid.service';
import { pruneSubscriptions, removeSubscription, saveSubscription } from './push.repository';

/** Devices one person may have push on for; turning it on for one more forgets the oldest. */
export const pushDevicesMax = 20;

const base64url = /^[A-Za-z0-9_-]+$/;

/** Whether the browser's keys can encrypt a push (RFC 8291): a P-256 public point and a 16-byte secret. */
function usableKeys({ p256dh, auth }: PushSubscriptionJson['keys']) {
  if (!base64url.test(p256dh) || !base64url.test(auth)) return false;
  if (Buffer.from(auth, 'base64url').length !== 16) return false;
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65) return false;
  try {
    // Throws for bytes that are not a point of the curve.
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export const pushPublicKey = async (deps: NotificationsDeps) => ({
  publicKey: (await vapidKeys(deps.db)).publicKey,
});

/** Turns push on for the caller's device; an endpoint elsewhere than a push service is refused (SSRF). */
export async function subscribePush(
  deps: NotificationsDeps,
  userId: string,
  subscription: PushSubscriptionJson,
) {
  const { endpoint, keys } = subscription;
  if (!isPushServiceEndpoint(endpoint, deps.config.PUSH_TEST_ORIGINS) || !usableKeys(keys))
    throw badRequest(preferenceMessages.badPushSubscription);
  await deps.write(async (trx) => {
    await saveSubscription(trx, { endpoint, user_id: userId, p256dh: keys.p256dh, auth: keys.auth });
    await pruneSubscriptions(trx, userId, pushDevicesMax);
  });
  return { message: preferenceMessages.pushOn };
}

/**
 * Turns push off for the caller's device. Someone else's endpoint is left alone, with the same answer, so the
 * answer tells nothing about other people's devices.
 */
export async function unsubscribePush(deps: NotificationsDeps, userId: string, endpoint: string) {
  await removeSubscription(deps.db, userId, endpoint);
  return { message: preferenceMessages.pushOff };
}
