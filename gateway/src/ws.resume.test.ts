import { randomUUID } from 'node:crypto';
import { type Notification, pushSubject, type WsTaskMessage } from '@baton/contracts';
import { type SignedUpUser, signUp } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestGatewayServer, testOrigin } from './testing';

/**
 * `/ws/notifications/?after={id}`: what the bell missed comes first, from the notifications service (here a
 * stand-in that records what it was asked and can be held back), then the pushes that arrived meanwhile, each
 * once.
 */
const notification = (title: string): Notification => ({
  id: randomUUID(),
  type: 'info',
  title,
  message: `${title} happened`,
  is_read: false,
  is_deleted: false,
  created_at: new Date().toISOString(),
});

const missed = [notification('First missed'), notification('Second missed')];
const taskMessage = (progress: number): WsTaskMessage => ({
  type: 'progress_update',
  task_id: randomUUID(),
  progress,
  id: randomUUID(),
});
/** What the stand-in answers for `/ws/tasks/?after=`. */
let taskAnswer: { messages: WsTaskMessage[]; resync: boolean } = { messages: [], resync: false };
const asked: { path: string; authorization: string | null }[] = [];
let answerWith = 200;
let release: () => void = () => undefined;
let gateway: Awaited<ReturnType<typeof startTestGatewayServer>>;
let user: SignedUpUser;

beforeAll(async () => {
  gateway = await startTestGatewayServer({
    notifications: async (request) => {
      const url = new URL(request.url);
      asked.push({
        path: `${url.pathname}${url.search}`,
        authorization: request.headers.get('authorization'),
      });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      if (answerWith !== 200)
        return new Response('{}', { status: answerWith, headers: { 'content-type': 'application/json' } });
      return url.pathname === '/notifications/task-messages/'
        ? Response.json(taskAnswer)
        : Response.json({ notifications: missed });
    },
  });
  user = await signUp(gateway.request);
});
afterAll(() => gateway.close());

function open(path: string) {
  return new Promise<{ socket?: WebSocket; status?: number; got: unknown[] }>((resolve) => {
    const got: unknown[] = [];
    const socket = new WebSocket(`${gateway.ws}${path}`, ['jwt', user.access], {
      headers: { origin: testOrigin },
    });
    socket.on('message', (data) => got.push(JSON.parse(String(data))));
    socket.once('open', () => resolve({ socket, got }));
    socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode, got }));
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('a resumed notifications socket', () => {
  it('sends what was missed first, then the pushes that came meanwhile, none twice', async () => {
    asked.length = 0;
    answerWith = 200;
    const last = randomUUID();
    const opening = open(`/ws/notifications/?after=${last}`);
    await until(() => asked.length === 1);
    expect(asked[0]).toEqual({
      path: `/notifications/?after=${last}`,
      authorization: `Bearer ${user.access}`,
    });
    // While the service answers: one push that is among the missed ones, and one that is new.
    const pushedMeanwhile = notification('Pushed meanwhile');
    for (const payload of [missed[1], pushedMeanwhile])
      gateway.bus.publishCore(pushSubject(user.id), { channel: 'notifications', payload });
    await new Promise((r) => setTimeout(r, 50));
    release();
    const { socket, got } = await opening;
    // The relay's push of the last missed one may still come after the handshake: it is not sent again.
    gateway.bus.publishCore(pushSubject(user.id), { channel: 'notifications', payload: missed[0] });
    const later = notification('Later');
    gateway.bus.publishCore(pushSubject(user.id), { channel: 'notifications', payload: later });
    await until(() => got.length >= 4);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([missed[0], missed[1], pushedMeanwhile, later]);
    socket?.close();
  });

  it('is refused with 503 while the notifications service cannot say what was missed; without after it is not asked', async () => {
    asked.length = 0;
    answerWith = 500;
    const refused = open(`/ws/notifications/?after=${randomUUID()}`);
    await until(() => asked.length === 1);
    release();
    expect((await refused).status).toBe(503);
    const { socket } = await open('/ws/notifications/');
    expect(socket?.protocol).toBe('jwt');
    expect(asked).toHaveLength(1);
    socket?.close();
  });

  it('passes a push published twice (a relay killed before it marked it sent publishes again) once', async () => {
    const { socket, got } = await open('/ws/notifications/');
    const again = notification('Published twice');
    const next = notification('Next');
    for (const payload of [again, again, next, again])
      gateway.bus.publishCore(pushSubject(user.id), { channel: 'notifications', payload });
    await until(() => got.length >= 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([again, next]);
    socket?.close();
  });
});

describe('a resumed tasks socket', () => {
  it('sends the task messages missed first, in order, then those pushed meanwhile, none twice', async () => {
    asked.length = 0;
    answerWith = 200;
    const [first, second, meanwhile] = [taskMessage(10), taskMessage(20), taskMessage(30)];
    taskAnswer = { messages: [first, second], resync: false };
    const last = randomUUID();
    const opening = open(`/ws/tasks/?after=${last}`);
    await until(() => asked.length === 1);
    expect(asked[0]?.path).toBe(`/notifications/task-messages/?after=${last}`);
    for (const payload of [second, meanwhile])
      gateway.bus.publishCore(pushSubject(user.id), { channel: 'tasks', payload });
    await new Promise((r) => setTimeout(r, 50));
    release();
    const { socket, got } = await opening;
    gateway.bus.publishCore(pushSubject(user.id), { channel: 'tasks', payload: first });
    await until(() => got.length >= 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([first, second, meanwhile]);
    socket?.close();
  });

  it('says folders_changed (fetch everything again) when the log cannot resume', async () => {
    asked.length = 0;
    answerWith = 200;
    taskAnswer = { messages: [], resync: true };
    const opening = open(`/ws/tasks/?after=${randomUUID()}`);
    await until(() => asked.length === 1);
    release();
    const { socket, got } = await opening;
    await until(() => got.length >= 1);
    expect(got).toEqual([{ type: 'folders_changed' }]);
    socket?.close();
  });
});
