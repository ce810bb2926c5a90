import { randomUUID } from 'node:crypto';
import { pushSubject } from '@baton/contracts';
import type { InProcessBus } from '@baton/service-kit';
import {
  badTokenCases,
  type ForgeOptions,
  forgeToken,
  jsonRequest,
  readJson,
  type SignedUpUser,
  signUp,
} from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestGatewayServer, testOrigin } from './testing';
import { matchSocketRoute, tokenFromProtocols } from './ws';

const origin = testOrigin;
let base: string;
let user: SignedUpUser;
let bus: InProcessBus;
let gateway: Awaited<ReturnType<typeof startTestGatewayServer>>;
let stop: () => Promise<void>;

beforeAll(async () => {
  gateway = await startTestGatewayServer();
  bus = gateway.bus;
  base = gateway.ws;
  user = await signUp(gateway.request);
  stop = () => gateway.close();
});
afterAll(() => stop());

/** Opens a socket; resolves with it once open, or with the HTTP status of a refused handshake. */
function open(path: string, protocols: string[], headers: Record<string, string> = { origin }) {
  return new Promise<{ socket?: WebSocket; status?: number }>((resolve) => {
    const socket = new WebSocket(`${base}${path}`, protocols, { headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
    socket.once('error', () => resolve({ status: -1 }));
  });
}

const nextMessage = (socket: WebSocket) =>
  new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));

describe('WebSocket handshake', () => {
  it.each(['/ws/notifications/', '/ws/tasks/'])('%s echoes exactly "jwt" for a valid token', async (path) => {
    const { socket } = await open(path, ['jwt', user.access]);
    expect(socket?.protocol).toBe('jwt');
    socket?.close();
  });

  it('echoes jwt, never the token, when the token is offered first', async () => {
    const { socket } = await open('/ws/tasks/', [user.access, 'jwt']);
    expect(socket?.protocol).toBe('jwt');
    socket?.close();
  });

  it.each([
    ['no token', ['jwt']],
    ['no jwt entry', [user?.access ?? 'x']],
    ['a garbage token', ['jwt', 'abc.def.ghi']],
  ])('refuses %s with 401', async (_name, protocols) => {
    const resolved = protocols.map((p) => (p === 'x' ? user.access : p));
    expect((await open('/ws/notifications/', resolved)).status).toBe(401);
  });

  /** A token signed with identity's own key for the user's open session: refused only for what `options` change. */
  const signed = (options: ForgeOptions) =>
    forgeToken({ key: gateway.identity.identity.deps.keys, like: user.access, ...options });

  it('opens for the forged token when nothing is wrong with it (the cases below differ in one thing)', async () => {
    const { socket } = await open('/ws/notifications/', ['jwt', await signed({})]);
    expect(socket?.protocol).toBe('jwt');
    socket?.close();
  });

  it.each(badTokenCases)('refuses %s with 401', async (_name, options: ForgeOptions) => {
    expect((await open('/ws/notifications/', ['jwt', await signed(options)])).status).toBe(401);
  });

  it('refuses a foreign Origin with 403 and an unknown path with 404', async () => {
    expect(
      (await open('/ws/notifications/', ['jwt', user.access], { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await open('/ws/other/', ['jwt', user.access])).status).toBe(404);
    expect((await open('/ws/comments/not-a-uuid/', ['jwt', user.access])).status).toBe(404);
  });

  it('refuses a comments socket with 503 while the tasks service is not there to say who may read it', async () => {
    expect((await open(`/ws/comments/${randomUUID()}/`, ['jwt', user.access])).status).toBe(503);
  });
});

describe('live delivery', () => {
  it("delivers a user's pushes to that user's sockets of the matching channel only", async () => {
    const notifications = (await open('/ws/notifications/', ['jwt', user.access])).socket as WebSocket;
    const tasks = (await open('/ws/tasks/', ['jwt', user.access])).socket as WebSocket;
    const tasksGot: unknown[] = [];
    tasks.on('message', (d) => tasksGot.push(d));
    const notification = {
      id: randomUUID(),
      type: 'info',
      title: 'Hello',
      message: 'A task was assigned to you',
      is_read: false,
      is_deleted: false,
      created_at: new Date().toISOString(),
    };
    const received = nextMessage(notifications);
    bus.publishCore(pushSubject(user.id), { channel: 'notifications', payload: notification });
    expect(await received).toEqual(notification);
    bus.publishCore(pushSubject(randomUUID()), {
      channel: 'tasks',
      payload: { type: 'task_delete', task_id: 'x' },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(tasksGot).toHaveLength(0);
    notifications.close();
    tasks.close();
  });
});

describe('session revocation', () => {
  const closed = (socket: WebSocket) =>
    new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

  it('logout closes the sockets of that session only', async () => {
    const person = await signUp(gateway.request);
    const login = await readJson(
      gateway.request('/login/', jsonRequest('POST', { email: person.email, password: person.password })),
    );
    const first = (await open('/ws/notifications/', ['jwt', person.access])).socket as WebSocket;
    const second = (await open('/ws/notifications/', ['jwt', login.tokens.access])).socket as WebSocket;
    const firstClosed = closed(first);
    const res = await gateway.request(
      '/api/logout/',
      jsonRequest('POST', { refresh: person.refresh }, person.access),
    );
    expect(res.status).toBe(200);
    expect(await firstClosed).toBe(4003);
    await new Promise((r) => setTimeout(r, 100));
    expect(second.readyState).toBe(WebSocket.OPEN);
    second.close();
  });

  it("a password change closes the other sessions' sockets", async () => {
    const person = await signUp(gateway.request);
    const login = await readJson(
      gateway.request('/login/', jsonRequest('POST', { email: person.email, password: person.password })),
    );
    const other = (await open('/ws/tasks/', ['jwt', login.tokens.access])).socket as WebSocket;
    const otherClosed = closed(other);
    const res = await gateway.request(
      '/api/settings/change-password/',
      jsonRequest(
        'POST',
        {
          currentPassword: person.password,
          newPassword: 'a new password',
          confirmPassword: 'a new password',
        },
        person.access,
      ),
    );
    expect(res.status).toBe(200);
    expect(await otherClosed).toBe(4003);
  });
});

describe('helpers', () => {
  it('matches socket routes', () => {
    const id = randomUUID();
    expect(matchSocketRoute(`/ws/comments/${id}/`)).toEqual({ channel: 'comments', taskId: id });
    expect(matchSocketRoute('/ws/tasks')).toBeUndefined();
  });

  it('reads the token after jwt in either order', () => {
    expect(tokenFromProtocols('jwt, abc')).toBe('abc');
    expect(tokenFromProtocols('abc, jwt')).toBe('abc');
    expect(tokenFromProtocols('abc')).toBeUndefined();
  });
});
