import { accountDeletion, jsonRequest } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { useTestTasks } from './testing';

const env = useTestTasks();
const form = { title: 'After the end', dueDate: '2026-12-24', priority: 'Lenient' };

/** Polls `path` with `token` until it answers 401, for at most a second; resolves with the last status. */
async function statusWithin(path: string, token: string, body: unknown = { userEmail: 'x@example.com' }) {
  const until = Date.now() + 1_000;
  let status = 0;
  do {
    status = (await env.t.post(path, body, token)).status;
  } while (status !== 401 && Date.now() < until);
  return status;
}

describe('tasks refuses an access token whose session ended, although it has not expired', () => {
  it('after logout', async () => {
    const ada = await env.t.person();
    expect((await env.t.post('/create_list', form, ada.access)).status).toBe(201);
    await env.t.identity.post('/api/logout/', { refresh: ada.refresh }, ada.access);
    expect(await statusWithin('/create_list', ada.access, form)).toBe(401);
    expect(await statusWithin('/api/tasks/personal/', ada.access, { userEmail: ada.email })).toBe(401);
  });

  it('after account deletion', async () => {
    const bob = await env.t.person();
    await env.t.identity.post('/delete-account/', accountDeletion(bob), bob.access);
    expect(await statusWithin('/create_list', bob.access, form)).toBe(401);
  });
});

describe('a write racing the deletion of its author', () => {
  it('is refused once the account is erased, even with a session tasks has not heard ended', async () => {
    const cy = await env.t.person();
    // As if identity.session.revoked were still on its way while identity.user.deleted was handled.
    await env.t.db.insertInto('erased_users').values({ id: cy.id }).execute();
    for (const [path, body] of [
      ['/create_list', form],
      ['/send_email/invite_user', { ...form, email: 'someone.new@example.com' }],
    ] as const) {
      const res = await env.t.tasks.app.request(path, jsonRequest('POST', body, cy.access));
      expect(res.status, path).toBe(401);
    }
    expect(await env.t.db.selectFrom('tasks').select('id').where('owner_id', '=', cy.id).execute()).toEqual(
      [],
    );
  });
});
