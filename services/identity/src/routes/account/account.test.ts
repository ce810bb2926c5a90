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
      const res = await post(
        '/delete-account/',
        { confirmation: phrase, password: user.password },
        user.access,
      );
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

  /** Whether the account is still there: its password still signs in. */
  const stillThere = async (user: { email: string; password: string }) =>
    (await post('/login/', { email: user.email, password: user.password })).status === 200;

  it.each([['nope'], [''], ['delete it'], [42]])('refuses the phrase %j', async (confirmation) => {
    const user = await signUp(ctx.t.request);
    const res = await post('/delete-account/', { confirmation, password: user.password }, user.access);
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(m.deletePhrase);
    expect(await stillThere(user)).toBe(true);
  });

  it.each([
    ['a wrong password', 'not my password'],
    ['the password with another case', null],
  ])('refuses %s with "Incorrect password." and deletes nothing', async (_case, given) => {
    const user = await signUp(ctx.t.request);
    const password = given ?? user.password.toUpperCase();
    const res = await post('/delete-account/', { confirmation: 'delete', password }, user.access);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(m.deleteWrongPassword);
    expect(await stillThere(user)).toBe(true);
    // The session that asked is untouched too.
    expect(
      (await ctx.t.request('/api/token/check/', jsonRequest('GET', undefined, user.access))).status,
    ).toBe(200);
  });

  it.each([[{}], [{ password: '' }], [{ password: null }]])(
    'refuses a body without the password (%j) as a validation error',
    async (extra) => {
      const user = await signUp(ctx.t.request);
      const res = await post('/delete-account/', { confirmation: 'delete', ...extra }, user.access);
      expect(res.status).toBe(400);
      expect(await readJson(res)).toMatchObject({
        code: 'validation_failed',
        error: m.deletePasswordRequired,
      });
      expect(await stillThere(user)).toBe(true);
    },
  );

  it('needs a token', async () => {
    expect((await post('/delete-account/', { confirmation: 'delete', password: 'x' })).status).toBe(401);
  });
});

describe('/api/settings/preferences/', () => {
  const put = (body: unknown, token?: string) =>
    ctx.t.request('/api/settings/preferences/', jsonRequest('PUT', body, token));
  const get = (token?: string) =>
    ctx.t.request('/api/settings/preferences/', jsonRequest('GET', undefined, token));

  it('starts with the sound on, saves a change, and hands it to the next login on any device', async () => {
    const user = await signUp(ctx.t.request);
    expect(await readJson(await get(user.access))).toEqual({ notificationSoundEnabled: true });
    const saved = await put({ notificationSoundEnabled: false }, user.access);
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toEqual({ notificationSoundEnabled: false });
    expect(await readJson(await get(user.access))).toEqual({ notificationSoundEnabled: false });
    const login = await readJson(await post('/login/', { email: user.email, password: user.password }));
    expect(login.preferences).toEqual({ notificationSoundEnabled: false });
  });

  it("changes only the caller's own preferences", async () => {
    const ana = await signUp(ctx.t.request);
    const ben = await signUp(ctx.t.request);
    await put({ notificationSoundEnabled: false }, ana.access);
    expect(await readJson(await get(ben.access))).toEqual({ notificationSoundEnabled: true });
  });

  it.each([[{}], [{ notificationSoundEnabled: 'no' }], [{ notificationSoundEnabled: null }], [[]], ['true']])(
    'refuses %j and keeps the saved value',
    async (body) => {
      const user = await signUp(ctx.t.request);
      const res = await put(body, user.access);
      expect(res.status).toBe(400);
      expect((await readJson(res)).message).toBeTruthy();
      expect(await readJson(await get(user.access))).toEqual({ notificationSoundEnabled: true });
    },
  );

  it('needs a live session', async () => {
    const user = await signUp(ctx.t.request);
    expect((await get()).status).toBe(401);
    expect((await put({ notificationSoundEnabled: false })).status).toBe(401);
    await post('/api/logout/', { refresh: user.refresh }, user.access);
    expect((await get(user.access)).status).toBe(401);
  });
});
