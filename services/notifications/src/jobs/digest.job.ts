import { z } from 'zod';
import { sendDigest } from '../delivery/digest.service';
import { preferencesOf } from '../routes/preferences/preferences.service';
import type { JobHandler } from './index';

const digestPayload = z.object({ userId: z.uuid() });

/**
 * `digest:<userId>`, due at the person's next digest moment once something was collected for it: sends
 * what waits as one mail, in one transaction with marking it sent. Run twice (a crash after its commit), it
 * finds nothing waiting and sends nothing; with digests turned off meanwhile, it leaves the items waiting.
 * What is collected later schedules the next one (`expectDigest`).
 */
export const digestJob: JobHandler = async (payload, { deps }) => {
  const { userId } = digestPayload.parse(payload);
  await deps.write(async (trx) => {
    const preferences = await preferencesOf(trx, userId);
    if (preferences.digest.frequency !== 'off') await sendDigest(trx, deps.config, userId, preferences);
  });
};
