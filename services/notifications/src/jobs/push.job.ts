import { z } from 'zod';
import { forgetSubscription, markDelivered, subscriptionAt } from '../push/push.repository';
import { type PushJobPayload, sendPush } from '../push/push.service';
import { vapidKeys } from '../push/vapid.service';
import type { JobHandler } from './index';

const pushJobPayload: z.ZodType<PushJobPayload> = z.object({
  userId: z.string(),
  endpoint: z.string(),
  notification: z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() }),
});

/**
 * `push`: one notification to one device. Nothing goes to a device turned off since it was queued, nor to one
 * that someone else has signed in on since (its endpoint moved to them). A device its push service no longer
 * knows is forgotten; any other failure throws, and the queue tries again later. A push sent twice (a crash
 * before the job completed) shows once: the second replaces the first, having the same tag.
 */
export const pushJob: JobHandler = async (payload, { deps }) => {
  const { userId, endpoint, notification } = pushJobPayload.parse(payload);
  const device = await subscriptionAt(deps.db, endpoint);
  if (!device || device.user_id !== userId) return;
  const outcome = await sendPush(deps.config, await vapidKeys(deps.db), device, notification);
  if (outcome === 'gone') {
    await forgetSubscription(deps.db, endpoint);
    deps.logger.info({ userId }, 'push subscription gone: forgotten');
  } else await markDelivered(deps.db, endpoint);
};
