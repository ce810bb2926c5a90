import { commentMessages, limits } from '@baton/contracts';
import { eventually, readJson, type SignedUpUser } from '@baton/test-kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTasksBehindReplicas, testOrigin } from './testing';

/** The comment limit with limits on (the other socket tests run without, like a benchmark). */
let stack: Awaited<ReturnType<typeof startTasksBehindReplicas>>;
let owner: SignedUpUser;
let recipient: SignedUpUser;
let taskId: string;

beforeAll(async () => {
  stack = await startTasksBehindReplicas(1, undefined, { RATE_LIMITS: true });
  const { t } = stack;
  owner = await t.person();
  recipient = await t.person();
  taskId = await t.delegated(owner, recipient, { form: { title: 'Chatty' } });
});
afterAll(() => stack?.close());

const overRest = (who: SignedUpUser, content: string) =>
  stack.t.post('/api/add_comment/', { task_id: taskId, user_email: who.email, content }, who.access);

it('counts one person’s comments over REST and sockets together: the 30th of a minute is stored, the 31st refused', async () => {
  for (let i = 1; i < limits.commentsPerMinute; i++)
    expect((await overRest(owner, `rest ${i}`)).status).toBe(201);
  const socket = new WebSocket(`${stack.replicas[0]?.ws}/ws/comments/${taskId}/`, ['jwt', owner.access], {
    headers: { origin: testOrigin },
  });
  const messages: { comment?: { content: string }; error?: string }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ comment: 'the 30th, by socket' }));
  await eventually(async () => messages.some((m) => m.comment?.content === 'the 30th, by socket'));
  socket.send(JSON.stringify({ comment: 'the 31st, by socket' }));
  await eventually(async () => messages.some((m) => m.error));
  expect(messages.find((m) => m.error)?.error).toMatch(
    /^You are commenting too fast\. Please wait \d+ seconds? and try again\.$/,
  );
  expect(socket.readyState).toBe(WebSocket.OPEN);
  const refused = await overRest(owner, 'the 31st, by REST');
  expect(refused.status).toBe(429);
  const wait = Number(refused.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect((await readJson(refused)).error).toBe(commentMessages.tooFast(wait));
  // Per person: the recipient still comments.
  expect((await overRest(recipient, 'mine')).status).toBe(201);
  const stored = await stack.t.db
    .selectFrom('comments')
    .select('content')
    .where('task_id', '=', taskId)
    .execute();
  expect(stored.map((row) => row.content)).not.toContain('the 31st, by socket');
  expect(stored).toHaveLength(limits.commentsPerMinute + 1);
  socket.close();
});
