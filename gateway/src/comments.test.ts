import { randomUUID } from 'node:crypto';
import { type Comment, presenceSubject, pushSubject, wsCloseCodes } from '@baton/contracts';
import type { TestTasks } from '@baton/tasks/testing';
import { accountDeletion, eventually, readJson, type SignedUpUser } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTasksBehindReplicas, testOrigin } from './testing';

/**
 * `/ws/comments/{taskId}/` on two gateway replicas in front of the real tasks service, sharing only the bus
 * (the distributed topology on NATS is in e2e).
 */
let stack: Awaited<ReturnType<typeof startTasksBehindReplicas>>;
let t: TestTasks;
let owner: SignedUpUser;
let recipient: SignedUpUser;
let pending: SignedUpUser;
let stranger: SignedUpUser;
const form = { title: 'Quarterly report', dueDate: '2026-12-31', priority: 'Immediate' };

beforeAll(async () => {
  stack = await startTasksBehindReplicas(2);
  t = stack.t;
  [owner, recipient, pending, stranger] = [
    await t.person({ firstname: 'Olga' }),
    await t.person({ firstname: 'Rita' }),
    await t.person({ firstname: 'Pia' }),
    await t.person({ firstname: 'Sam' }),
  ];
});
afterAll(() => stack?.close());

/** An invitation from the owner, accepted by the recipient unless `accepted` is false. */
const sharedTask = (to = recipient, accepted = true) => t.delegated(owner, to, { accepted, form });

type Message = { comment?: Comment; presence?: string[]; error?: string };

/** A socket on replica `at` that records what arrives; resolves once open, or with the refusal's status. */
function connect(at: number, taskId: string, who: SignedUpUser, after?: string) {
  const url = `${stack.replicas[at]?.ws}/ws/comments/${taskId}/${after ? `?after=${after}` : ''}`;
  const socket = new WebSocket(url, ['jwt', who.access], { headers: { origin: testOrigin } });
  const messages: Message[] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  return new Promise<{
    status: number;
    socket: WebSocket;
    messages: Message[];
    closed: Promise<number>;
    comments: () => Comment[];
  }>((resolve) => {
    const result = (status: number) =>
      resolve({
        status,
        socket,
        messages,
        closed,
        comments: () => messages.flatMap((m) => (m.comment ? [m.comment] : [])),
      });
    socket.once('open', () => result(101));
    socket.once('unexpected-response', (_req, res) => result(res.statusCode ?? 0));
    socket.once('error', () => result(-1));
  });
}

/** Waits until `check` holds (5 s at most), naming `what` if it never does. */
const until = (check: () => unknown, what: string, timeoutMs = 5000) =>
  eventually(async () => check(), timeoutMs).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });

const post = (taskId: string, who: SignedUpUser, content: string) =>
  readJson(
    t.post('/api/add_comment/', { task_id: taskId, user_email: who.email, content }, who.access),
  ) as Promise<Comment>;

describe('handshake', () => {
  it('opens for the owner, an accepted and a pending recipient', async () => {
    const id = await sharedTask();
    const waiting = await sharedTask(pending, false);
    for (const [taskId, who] of [
      [id, owner],
      [id, recipient],
      [waiting, pending],
    ] as const) {
      const c = await connect(0, taskId, who);
      expect(c.status).toBe(101);
      expect(c.socket.protocol).toBe('jwt');
      c.socket.close();
    }
  });

  it("refuses a stranger with the same 404 as a missing task, and a personal task's comments with 403", async () => {
    const id = await sharedTask();
    expect((await connect(1, id, stranger)).status).toBe(404);
    expect((await connect(1, randomUUID(), stranger)).status).toBe(404);
    const { id: personal } = await readJson(t.post('/create_list', form, owner.access));
    expect((await connect(1, personal, owner)).status).toBe(403);
    expect((await connect(1, id, owner, 'not-an-id')).status).toBe(400);
  });
});

describe('live comments across replicas', () => {
  it('A on replica 1 and B on replica 2 each see every comment once, from REST or the socket', async () => {
    const id = await sharedTask();
    const a = await connect(0, id, owner);
    const b = await connect(1, id, recipient);
    const fromRest = await post(id, owner, 'Numbers are in the sheet');
    b.socket.send(JSON.stringify({ comment: '  Thanks, reviewing now  ' }));
    await until(() => a.comments().length === 2 && b.comments().length === 2, 'both comments on both');
    await new Promise((r) => setTimeout(r, 100));
    expect(a.comments()).toEqual(b.comments());
    const [first, second] = a.comments();
    expect(first).toEqual(fromRest);
    expect(second).toMatchObject({
      user: recipient.email,
      name: 'Rita Lovelace',
      content: 'Thanks, reviewing now',
    });
    // The socket's comment is the stored one, exactly as REST lists it.
    const listed = await readJson(t.get(`/task_comments/${id}`, owner.access));
    expect(listed.comments).toEqual([first, second]);
    a.socket.close();
    b.socket.close();
  });

  it('a refused socket comment answers the REST sentence, stores nothing, and keeps the socket open', async () => {
    const id = await sharedTask();
    const b = await connect(1, id, recipient);
    for (const [frame, error] of [
      ['{"comment": "   "}', 'Comment cannot be empty.'],
      [JSON.stringify({ comment: 'x'.repeat(5001) }), 'A comment can be at most 5000 characters.'],
      ['{"text": "hi"}', 'Send {"comment": "your text"}.'],
      ['not json', 'Message is not valid JSON.'],
    ] as const) {
      b.socket.send(frame);
      await until(() => b.messages.some((m) => m.error === error), error);
    }
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
    expect(b.comments()).toEqual([]);
    expect((await readJson(t.get(`/task_comments/${id}`, owner.access))).comments).toEqual([]);
    b.socket.close();
  });

  it('takes the longest comment over the socket, even one JSON escapes to six bytes a character', async () => {
    const id = await sharedTask();
    const b = await connect(1, id, recipient);
    const longest = `${'\u0001'.repeat(4999)}x`;
    b.socket.send(JSON.stringify({ comment: longest }));
    await until(() => b.comments().length === 1, 'the long comment');
    expect(b.comments()[0]?.content).toBe(longest);
    b.socket.close();
  });

  it('a pending recipient reads live but may not write', async () => {
    const id = await sharedTask(pending, false);
    const p = await connect(0, id, pending);
    const said = await post(id, owner, 'Please accept when you can');
    await until(() => p.comments().length === 1, 'the owner comment');
    expect(p.comments()).toEqual([said]);
    p.socket.send(JSON.stringify({ comment: 'Can I say something?' }));
    await until(() => p.messages.some((m) => m.error === 'Accept the task first.'), 'the refusal');
    p.socket.close();
  });

  it('a reconnect with after= gets the comments missed meanwhile, in order, then live ones, none twice', async () => {
    const id = await sharedTask();
    const first = await connect(1, id, recipient);
    const seen = await post(id, owner, 'before the drop');
    await until(() => first.comments().length === 1, 'the first comment');
    first.socket.terminate();
    const missed = [await post(id, owner, 'while away 1'), await post(id, owner, 'while away 2')];
    const again = await connect(0, id, recipient, seen.id);
    const live = await post(id, owner, 'after the return');
    await until(() => again.comments().length === 3, 'missed and live comments');
    await new Promise((r) => setTimeout(r, 100));
    expect(again.comments()).toEqual([...missed, live]);
    again.socket.close();
  });

  it("a missed comment's push that comes after the handshake sent it (a late relay) does not show twice", async () => {
    const id = await sharedTask();
    const seen = await post(id, owner, 'before the drop');
    const missed = await post(id, owner, 'while away');
    const again = await connect(0, id, recipient, seen.id);
    await until(() => again.comments().length === 1, 'the missed comment');
    // The outbox relays a comment a moment after it commits: here, after the handshake has sent it.
    stack.bus.publishCore(pushSubject(recipient.id), {
      channel: 'comments',
      taskId: id,
      payload: { comment: missed },
    });
    const live = await post(id, owner, 'after the return');
    await until(() => again.comments().length >= 2, 'the live comment');
    await new Promise((r) => setTimeout(r, 100));
    expect(again.comments()).toEqual([missed, live]);
    again.socket.close();
  });
});

describe('losing access', () => {
  it("deleting the task closes everyone's comment sockets with 4004", async () => {
    const id = await sharedTask();
    const a = await connect(0, id, owner);
    const b = await connect(1, id, recipient);
    expect((await t.post(`/delete_list/${id}`, { id }, owner.access)).status).toBe(200);
    expect(await a.closed).toBe(wsCloseCodes.taskGone);
    expect(await b.closed).toBe(wsCloseCodes.taskGone);
  });

  it("the owner's account deletion closes the owner's socket (4003) and the recipient's (4004: the task went with it)", async () => {
    const leaver = await t.person({ firstname: 'Lea' });
    const id = await t.delegated(leaver, recipient, { form });
    const theirs = await connect(0, id, leaver);
    const mine = await connect(1, id, recipient);
    const res = await t.identity.post('/delete-account/', accountDeletion(leaver), leaver.access);
    expect(res.status).toBe(200);
    expect(await theirs.closed).toBe(wsCloseCodes.sessionRevoked);
    expect(await mine.closed).toBe(wsCloseCodes.taskGone);
  });

  it('a comment sent after the task was deleted closes that socket with 4004', async () => {
    const id = await sharedTask();
    const b = await connect(1, id, recipient);
    // The row goes without its events (as if the push were lost): the socket's next write finds out.
    await t.db.deleteFrom('tasks').where('id', '=', id).execute();
    b.socket.send(JSON.stringify({ comment: 'Anyone here?' }));
    expect(await b.closed).toBe(wsCloseCodes.taskGone);
  });
});

describe('presence', () => {
  it('lists who has the comments open on any replica, and drops whoever leaves or whose replica goes quiet', async () => {
    const id = await sharedTask();
    const a = await connect(0, id, owner);
    const lastPresence = (c: { messages: Message[] }) =>
      c.messages.filter((m) => m.presence).at(-1)?.presence;
    await until(() => lastPresence(a)?.join() === owner.email, 'A alone');
    const b = await connect(1, id, recipient);
    const both = [owner.email, recipient.email].sort().join();
    await until(() => lastPresence(a)?.join() === both && lastPresence(b)?.join() === both, 'both');
    b.socket.close();
    await until(() => lastPresence(a)?.join() === owner.email, 'A alone again');
    // A replica that stopped without a word (killed): counted until its announcements are 300 ms old.
    stack.bus.publishCore(presenceSubject(id), { replica: 'ghost', emails: ['ghost@example.com'] });
    await until(() => lastPresence(a)?.includes('ghost@example.com'), 'the ghost');
    await until(() => lastPresence(a)?.join() === owner.email, 'the ghost gone', 2000);
    a.socket.close();
  });
});
