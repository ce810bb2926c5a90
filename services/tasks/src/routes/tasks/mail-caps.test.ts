import { mailMessages } from '@baton/contracts';
import { readJson } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';

// Caps on (the other test files run without limits, like a benchmark, so their many mails pass).
const env = useTestTasks({ config: { RATE_LIMITS: true } });
const form = { title: 'Sign the lease', description: '', dueDate: '2026-12-01', priority: 'Moderate' };

describe('mail caps (one address, one sender, across replicas: the counts are in Postgres)', () => {
  it('refuses an eleventh mail to one address within the hour with 429, and writes nothing for it', async () => {
    const { t } = env;
    const senders = [await t.person(), await t.person(), await t.person()];
    const outsider = `flooded-${Date.now()}@example.com`;
    const assign = (i: number) =>
      t.post('/send_email/assign_user/', { ...form, email: outsider }, senders[i % 3]?.access);
    for (let i = 0; i < 10; i++) expect((await assign(i)).status, `mail ${i + 1}`).toBe(201);
    const refused = await assign(10);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect((await readJson(refused)).error).toBe(mailMessages.tooManyToRecipient(retryAfter));
    const delegated = await readJson(
      t.post('/get_assigned/', { userEmail: senders[1]?.email }, senders[1]?.access),
    );
    expect(delegated.tasks).toHaveLength(3);
  });

  it('refuses a sender past 60 mails within the hour, whoever they go to', async () => {
    const { t } = env;
    const sender = await t.person();
    const assign = (i: number) =>
      t.post(
        '/send_email/assign_user/',
        { ...form, email: `many-${i}-${Date.now()}@example.com` },
        sender.access,
      );
    for (let i = 0; i < 60; i++) expect((await assign(i)).status, `mail ${i + 1}`).toBe(201);
    const refused = await assign(60);
    expect(refused.status).toBe(429);
    expect((await readJson(refused)).error).toMatch(
      /^You have sent too many e-mails\. Please try again in \d+ minutes\.$/,
    );
  });
});
