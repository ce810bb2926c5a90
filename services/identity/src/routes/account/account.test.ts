import { identityMessages as m } from '@baton/contracts';
import { jsonRequest, readJson, signUp } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { useTestIdentity } from '../../testing';

const ctx = useTestIdentity();

const post = (path: string, body: unknown, token?: string) => ctx.t.post(path, body, token);

describe('POST /delete-account/', () => {
  it.each(['delete', '  DELETE ', 'Delete'])(
    'accepts the phrase %j, erases the user and publishes identity.user.deleted',
    async (phrase) => {
      const user = await signUp(ctx.t.request);
      const seen: unknown[] = [];
      const sub = await ctx.t.bus.consume(
        {
          durable: `deleted-${user.id}`,
          stream: 'IDENTITY',
          subjects: ['identity.user.deleted'],
          maxDeliver: 3,
        },
        async (d) => {
          if ((d.data as { data: { userId: string } }).data.userId === user.id) seen.push(d.data);
          d.ack();
        },
      );
      const res = await post('/delete-account/', { confirmation: phrase }, user.access);
      expect(res.status).toBe(200);
      expect(await readJson(res)).toEqual({ message: m.deleteDone });
      await expect.poll(() => seen.length).toBe(1);
      expect(seen[0]).toMatchObject({
        type: 'identity.user.deleted',
        actorId: user.id,
        data: { userId: user.id, email: user.email },
      });
      await sub.stop();
      expect((await post('/login/', { email: user.email, password: user.password })).status).toBe(401);
      expect(
        (await ctx.t.request('/api/token/check/', jsonRequest('GET', undefined, user.access))).status,
      ).toBe(401);
      const rows = await ctx.t.identity.deps.db
        .selectFrom('sessions')
        .where('user_id', '=', user.id)
        .selectAll()
        .execute();
      expect(rows).toHaveLength(0);
    },
  );

  it.each([['nope'], [''], ['delete it'], [42]])('refuses the phrase %j', async (confirmation) => {
    const user = await signUp(ctx.t.request);
    const res = await post('/delete-account/', { confirmation }, user.access);
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(m.deletePhrase);
    expect((await post('/login/', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await post('/delete-account/', { confirmation: 'delete' })).status).toBe(401);
  });
});
