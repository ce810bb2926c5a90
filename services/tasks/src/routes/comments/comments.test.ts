import { randomUUID } from 'node:crypto';
import {
  type Comment,
  comment as commentSchema,
  commentsResponse,
  type EventEnvelope,
  pushSubject,
} from '@baton/contracts';
import { startDurableConsumer } from '@baton/service-kit';
import { onEach } from '@baton/service-kit/testing';
import { accountDeletion, readJson, type SignedUpUser, uniqueName } from '@baton/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, useTestTasks } from '../../testing';

const env = useTestTasks();
const form = { title: 'Launch plan', dueDate: '2026-12-31', priority: 'Moderate' };
const says = {
  empty: 'Comment cannot be empty.',
  tooLong: 'A comment can be at most 5000 characters.',
  notYou: 'You can only comment as yourself.',
};

let owner: SignedUpUser;
let recipient: SignedUpUser;
const events: EventEnvelope[] = [];

beforeAll(async () => {
  const { t } = env;
  owner = await t.person({ firstname: 'Olga', lastname: 'Owens' });
  recipient = await t.person({ firstname: 'Rita', lastname: 'Reyes' });
  await startDurableConsumer({
    bus: t.bus,
    db: t.db,
    logger: t.tasks.deps.logger,
    spec: { durable: uniqueName('comments'), stream: 'TASKS' },
    handlers: onEach(['tasks.comment.created'], async (event) => {
      events.push(event);
    }),
  });
});

/** An invitation from the owner, accepted by the recipient. */
const sharedTask = (to = recipient) => env.t.delegated(owner, to, { form });

const add = (taskId: string, who: SignedUpUser, content: unknown, email: string = who.email) =>
  env.t.post('/api/add_comment/', { task_id: taskId, user_email: email, content }, who.access);

async function thread(taskId: string, who: SignedUpUser, after?: string) {
  const res = await env.t.get(`/task_comments/${taskId}${after ? `?after=${after}` : ''}`, who.access);
  expect(res.status).toBe(200);
  return commentsResponse.parse(await readJson(res)).comments;
}

const stored = (taskId: string) =>
  env.t.db.selectFrom('comments').selectAll().where('task_id', '=', taskId).execute();

describe('POST /api/add_comment/', () => {
  it('stores the trimmed text and answers the comment with its author, name and time', async () => {
    const id = await sharedTask();
    const before = Date.now();
    const res = await add(id, recipient, '  On it, draft by Friday.  \n');
    expect(res.status).toBe(201);
    const body = commentSchema.parse(await readJson(res));
    expect(body).toMatchObject({
      user: recipient.email,
      name: 'Rita Reyes',
      content: 'On it, draft by Friday.',
    });
    expect(Date.parse(body.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(await stored(id)).toMatchObject([{ id: body.id, author_id: recipient.id, content: body.content }]);
    expect(await thread(id, owner)).toEqual([body]);
  });

  it('keeps markup as text, byte for byte', async () => {
    const id = await sharedTask();
    const markup = '<img src=x onerror="alert(1)"> & <b>bold</b> “quotes” 👍\nsecond line';
    const saved = await readJson(add(id, owner, markup));
    expect(saved.content).toBe(markup);
    expect((await thread(id, recipient))[0]?.content).toBe(markup);
  });

  it.each([
    ['empty', '', says.empty],
    ['whitespace only', ' \n\t  ', says.empty],
    ['not text', 42, says.empty],
    ['missing', undefined, says.empty],
    ['5001 characters', 'x'.repeat(5001), says.tooLong],
  ])('refuses %s content with 400 and stores nothing', async (_name, content, message) => {
    const id = await sharedTask();
    const res = await add(id, owner, content);
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ code: 'validation_failed', error: message, message });
    expect(await stored(id)).toEqual([]);
  });

  it('accepts exactly 5000 characters (after trimming)', async () => {
    const id = await sharedTask();
    const res = await add(id, owner, `  ${'y'.repeat(5000)}  `);
    expect(res.status).toBe(201);
    expect((await readJson(res)).content).toHaveLength(5000);
  });

  it("refuses a user_email that is not the caller's with 403 and stores nothing; one's own in any case is fine", async () => {
    const id = await sharedTask();
    const res = await add(id, recipient, 'Posing as the owner', owner.email);
    expect(res.status).toBe(403);
    expect(await readJson(res)).toMatchObject({ code: 'forbidden', message: says.notYou });
    expect(await stored(id)).toEqual([]);
    expect((await add(id, recipient, 'Me', recipient.email.toUpperCase())).status).toBe(201);
  });

  it('refuses malformed ids, cursors and bodies', async () => {
    const { t } = env;
    const bad = await t.post(
      '/api/add_comment/',
      { task_id: 'nope', user_email: owner.email, content: 'x' },
      owner.access,
    );
    expect(bad.status).toBe(400);
    expect((await t.get('/task_comments/not-a-uuid', owner.access)).status).toBe(400);
    const id = await sharedTask();
    expect((await t.get(`/task_comments/${id}?after=nope`, owner.access)).status).toBe(400);
    const text = await t.tasks.app.request('/api/add_comment/', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expect(await stored(id)).toEqual([]);
  });

  it('needs a valid token', async () => {
    const id = await sharedTask();
    expect((await env.t.post('/api/add_comment/', { task_id: id, content: 'x' })).status).toBe(401);
    expect((await env.t.get(`/task_comments/${id}`)).status).toBe(401);
  });

  it('writes one tasks.comment.created event and one push to each of the owner and the recipient', async () => {
    const { t } = env;
    const id = await sharedTask();
    const pushes: Array<{ userId: string; message: unknown }> = [];
    const subs = [owner, recipient].map((who) =>
      t.bus.subscribeCore(pushSubject(who.id), (message) => pushes.push({ userId: who.id, message })),
    );
    const saved: Comment = await readJson(add(id, owner, 'Kick-off on Monday'));
    await eventually(async () => (pushes.length === 2 ? pushes : undefined));
    await eventually(async () => events.find((e) => (e.data as { taskId: string }).taskId === id));
    for (const sub of subs) sub.unsubscribe();
    expect(pushes.map((p) => p.userId).sort()).toEqual([owner.id, recipient.id].sort());
    for (const push of pushes)
      expect(push.message).toEqual({ channel: 'comments', taskId: id, payload: { comment: saved } });
    const mine = events.filter((e) => (e.data as { taskId: string }).taskId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'tasks.comment.created',
      actorId: owner.id,
      data: { taskId: id, taskTitle: form.title, comment: saved },
    });
    expect([...(mine[0]?.audience ?? [])].sort()).toEqual([owner.id, recipient.id].sort());
  });
});

describe('GET /task_comments/{taskId}', () => {
  it('answers the thread oldest first; with after, only what came after that comment', async () => {
    const id = await sharedTask();
    expect(await thread(id, owner)).toEqual([]);
    const written: Comment[] = [];
    for (const [who, text] of [
      [owner, 'one'],
      [recipient, 'two'],
      [owner, 'three'],
    ] as const)
      written.push(await readJson(add(id, who, text)));
    expect((await thread(id, recipient)).map((c) => c.content)).toEqual(['one', 'two', 'three']);
    expect(await thread(id, owner, written[0]?.id)).toEqual(written.slice(1));
    expect(await thread(id, owner, written[2]?.id)).toEqual([]);
    // A comment id the task does not have (erased, or another task's): the whole thread.
    expect(await thread(id, owner, randomUUID())).toEqual(written);
  });

  it('orders comments written at the same moment by commit, so `after` never skips one', async () => {
    const id = await sharedTask();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => add(id, i % 2 ? owner : recipient, `burst ${i}`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    const all = await thread(id, owner);
    expect(all).toHaveLength(30);
    const times = all.map((c) => c.timestamp);
    expect([...times].sort()).toEqual(times);
    for (let i = 0; i < all.length; i += 1)
      expect(await thread(id, recipient, all[i]?.id)).toEqual(all.slice(i + 1));
  });
});

describe('lifecycle', () => {
  it("deleting the task deletes its comments, and the thread answers the task's 404", async () => {
    const { t } = env;
    const id = await sharedTask();
    await add(id, owner, 'Soon gone');
    expect((await t.post(`/delete_list/${id}`, { id }, owner.access)).status).toBe(200);
    expect(await stored(id)).toEqual([]);
    const res = await t.get(`/task_comments/${id}`, owner.access);
    expect(res.status).toBe(404);
    expect((await readJson(res)).message).toBe('Task not found.');
  });

  it("an account's deletion erases that person's comments and keeps everyone else's", async () => {
    const { t } = env;
    const leaver = await t.person({ firstname: 'Lee' });
    const id = await sharedTask(leaver);
    await add(id, owner, 'Welcome aboard');
    await add(id, leaver, 'Thanks, my phone number is 555-0100');
    await add(id, owner, 'Noted');
    const res = await t.identity.post('/delete-account/', accountDeletion(leaver), leaver.access);
    expect(res.status).toBe(200);
    await eventually(async () => ((await stored(id)).length === 2 ? true : undefined));
    expect((await thread(id, owner)).map((c) => [c.user, c.content])).toEqual([
      [owner.email, 'Welcome aboard'],
      [owner.email, 'Noted'],
    ]);
  });
});
