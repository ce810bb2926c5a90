import { wsCloseCodes } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTasksBehindReplicas, testOrigin } from './testing';

/** Limits lowered so a test reaches them quickly; the defaults are in ws/limits.ts (defaultSocketLimits). */
const limits = { socketsPerPerson: 3, messagesPerSecond: 2, messageBurst: 5, pingIntervalMs: 150 };
let stack: Awaited<ReturnType<typeof startTasksBehindReplicas>>;
let person: SignedUpUser;
let taskId: string;

beforeAll(async () => {
  stack = await startTasksBehindReplicas(1, limits);
  const { t } = stack;
  person = await t.person();
  const other = await t.person();
  const form = { title: 'Shared', dueDate: '2026-12-31', priority: 'Lenient', email: other.email };
  taskId = (await readJson(t.post('/send_email/assign_user/', form, person.access))).id;
});
afterAll(() => stack?.close());

const gateway = () => stack.replicas[0] as { http: string; ws: string };

/** Opens a socket; resolves with it, or with the HTTP status that refused the handshake. */
const connect = (path: string, options: WebSocket.ClientOptions = {}) =>
  new Promise<WebSocket | number>((resolve, reject) => {
    const socket = new WebSocket(`${gateway().ws}${path}`, ['jwt', person.access], {
      headers: { origin: testOrigin },
      ...options,
    });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_, res) => resolve(res.statusCode ?? 0));
    socket.once('error', reject);
  });
const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
/** Closes sockets and waits until the gateway has let them go (they no longer count against the cap). */
async function closeAll(sockets: WebSocket[]) {
  await Promise.all(
    sockets.map((socket) => {
      const done = closed(socket);
      socket.close();
      return done;
    }),
  );
  await new Promise((r) => setTimeout(r, 50));
}

describe('socket limits', () => {
  it("refuses a person's socket past the cap on this replica with 429, and takes one again once one closes", async () => {
    const open = [
      await connect('/ws/notifications/'),
      await connect('/ws/tasks/'),
      await connect('/ws/notifications/'),
    ];
    expect(open.every((s) => s instanceof WebSocket)).toBe(true);
    expect(await connect('/ws/tasks/')).toBe(429);
    const first = open[0] as WebSocket;
    await closeAll([first]);
    const again = await connect('/ws/tasks/');
    expect(again).toBeInstanceOf(WebSocket);
    await closeAll([...open.slice(1), again] as WebSocket[]);
  });

  it('closes a socket that floods it with junk (4029) instead of answering every frame', async () => {
    const socket = (await connect(`/ws/comments/${taskId}/`)) as WebSocket;
    let replies = 0;
    socket.on('message', () => {
      replies += 1;
    });
    const code = closed(socket);
    for (let i = 0; i < 200; i++) socket.send(`{"junk":${i}`);
    expect(await code).toBe(wsCloseCodes.tooManyMessages);
    expect(replies).toBeLessThanOrEqual(limits.messageBurst + 1);
  });

  it('drops a peer that stops answering pings', async () => {
    const silent = (await connect('/ws/notifications/', { autoPong: false })) as WebSocket;
    const answering = (await connect('/ws/notifications/')) as WebSocket;
    const code = await closed(silent);
    expect(code).toBe(1006);
    expect(answering.readyState).toBe(WebSocket.OPEN);
    await closeAll([answering]);
  });
});
