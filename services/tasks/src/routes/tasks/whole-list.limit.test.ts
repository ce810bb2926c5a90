import { errorBody, limits, routes, taskMessages } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';

// Limits on (the other test files run without them, as a benchmark does).
const env = useTestTasks({ config: { RATE_LIMITS: true } });

const lists: string[] = [routes.personalTasks.path, routes.assignedTasks.path, routes.invitedTasks.path];

const wholeList = (who: SignedUpUser, path: string = routes.personalTasks.path) =>
  env.t.post(path, { userEmail: who.email }, who.access);

describe('how often one person may ask for a whole list', () => {
  it(`takes ${limits.wholeListsPerMinute} a minute, the three lists together, and refuses the next with a sentence and Retry-After`, async () => {
    const ana = await env.t.person();
    for (let n = 0; n < limits.wholeListsPerMinute; n += 1) {
      const res = await wholeList(ana, lists[n % lists.length]);
      expect(res.status, `list ${n + 1}`).toBe(200);
      await res.text();
    }
    for (const path of lists) {
      const res = await wholeList(ana, path);
      expect(res.status, path).toBe(429);
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      const body = errorBody.parse(await readJson(res));
      expect(body.code).toBe('rate_limited');
      expect(body.error).toBe(taskMessages.wholeListTooOften(wait));
      expect(body.error).toMatch(
        /^You asked for your whole list too often: wait \d+ seconds?, or ask for it a page at a time\.$/,
      );
    }
  });

  it('counts neither pages nor other people, and lets the list be asked for again once the minute is over', async () => {
    const ben = await env.t.person();
    const cleo = await env.t.person();
    for (let n = 0; n < limits.wholeListsPerMinute; n += 1) await (await wholeList(ben)).text();
    expect((await wholeList(ben)).status).toBe(429);
    // Pages, as the app reads lists, are not counted.
    for (let n = 0; n < 3; n += 1) {
      const page = await env.t.post(
        routes.personalTasks.path,
        { userEmail: ben.email, page: {} },
        ben.access,
      );
      expect(page.status).toBe(200);
    }
    expect((await wholeList(cleo)).status).toBe(200);
    // The minute over (its window moved into the past rather than waited for).
    await sql`update kit_rate_limits set reset_at = now() - interval '1 second'
               where key like ${`%:${ben.id}`}`.execute(env.t.db);
    expect((await wholeList(ben)).status).toBe(200);
  });
});
