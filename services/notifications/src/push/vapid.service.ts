import webPush from 'web-push';
import type { NotificationsConfig } from '../config';
import type { NotificationsDb } from '../context';
import { insertVapidKeysOnce, storedVapidKeys } from './push.repository';

/** The server's VAPID key pair (RFC 8292), base64url as web-push and `PushManager.subscribe` take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const loaded = new WeakMap<NotificationsDb, Promise<VapidKeys>>();

/**
 * The server's VAPID keys, made on the first start and kept in the database: every replica signs with the same
 * pair, and subscriptions made against its public key keep working across restarts. Two replicas starting
 * at once each offer a pair; the one stored first is the one both read back.
 */
export function vapidKeys(db: NotificationsDb): Promise<VapidKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadVapidKeys(db);
    // A failure (the database away) is not remembered: the next call tries again.
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

async function loadVapidKeys(db: NotificationsDb): Promise<VapidKeys> {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  await insertVapidKeysOnce(db, JSON.stringify({ publicKey, privateKey }));
  const stored = await storedVapidKeys(db);
  if (!stored) throw new Error('the VAPID keys were not stored');
  return JSON.parse(stored) as VapidKeys;
}

/**
 * Who push services may contact about this server's pushes (RFC 8292 `sub`): VAPID_SUBJECT, else the site's
 * address when it is https, else a mailto: at its host (Apple's service refuses a localhost https subject).
 */
export function vapidSubject(config: NotificationsConfig) {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const site = new URL(config.PUBLIC_URL);
  return site.protocol === 'https:' ? site.origin : `mailto:notifications@${site.hostname}`;
}
