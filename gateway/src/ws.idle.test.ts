import { wsCloseCodes } from '@baton/contracts';
import { forgeToken, readJson, type SignedUpUser } from '@baton/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTasksBehindReplicas, testOrigin } from './testing';

/**
 * What an idle socket holds on a replica: comment sockets at 6 KiB or less each (bench:comments measures the
 * memory, bench/README.md "The gateway's sockets"). These hold the shape that keeps it small: nothing made
 * for each socket that its person's other sockets could share.
 */
let stack: Awaited<ReturnType<typeof startTasksBehindReplicas>>;
let person: SignedUpUser;
let taskId: string;

beforeAll(async () => {
  stack = await startTasksBehindReplicas(1);
  const { t } = stack;
  person = await t.person();
  const other = await t.person();
  const form = { title: 'Shared', dueDate: '2026-12-31', priority: 'Lenient', email: other.email };
  taskId = (await readJson(t.post('/send_email/assign_user/', form, person.access))).id;
});
afterAll(() => stack?.close());

const replica = () => stack.replicas[0] as NonNullable<(typeof stack.replicas)[number]>;

/** The sockets a test opened: each test starts with none on the replica. */
let opened: WebSocket[] = [];
const connect = (path: string, token = person.access) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${replica().ws}${path}`, ['jwt', token], {
      headers: { origin: testOrigin },
    });
    opened.push(socket);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) =>
    socket.readyState === WebSocket.CLOSED ? resolve(0) : socket.once('close', (code) => resolve(code)),
  );
afterEach(async () => {
  await Promise.all(
    opened.map((socket) => {
      const done = closed(socket);
      socket.close();
      return done;
    }),
  );
  opened = [];
  // Until the replica has let them go.
  while (replica().server.sockets.size > 0) await new Promise((r) => setTimeout(r, 20));
});

/** Node's timers waiting in this process. */
const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;

describe('an idle socket', () => {
  it('holds no timer of its own: a person has one, for their soonest token expiry', async () => {
    const before = timers();
    const sockets = await Promise.all(Array.from({ length: 15 }, () => connect('/ws/notifications/')));
    expect(sockets).toHaveLength(15);
    // The person's timer, and room for a timer or two that other parts of this process (the database pool,
    // the outbox relay) start meanwhile: a timer per socket would be 15.
    expect(timers() - before).toBeLessThanOrEqual(3);
  });

  it('shares its listeners and its AuthContext with the same person’s other sockets', async () => {
    const sockets = [
      ...(await Promise.all(Array.from({ length: 6 }, () => connect(`/ws/comments/${taskId}/`)))),
      await connect('/ws/notifications/'),
      await connect('/ws/tasks/'),
    ];
    const clients = [...replica().server.sockets.clients()];
    expect(clients).toHaveLength(sockets.length);
    // The same functions listen on every socket: none is a closure made for one.
    for (const event of ['close', 'error', 'message', 'pong']) {
      const listeners = new Set(clients.flatMap((client) => client.socket?.listeners(event) ?? []));
      expect(listeners.size, `'${event}' listeners`).toBe(1);
    }
    // One copy of the session's token; no set of sent ids before an item is sent.
    expect(new Set(clients.map((client) => client.auth)).size).toBe(1);
    expect(clients.filter((client) => client.sent !== undefined)).toEqual([]);
  });

  it('closes when its own token expires (4001) while its person’s other sockets stay open', async () => {
    const { keys } = stack.t.identity.identity.deps;
    const brief = await connect(
      '/ws/notifications/',
      await forgeToken({ key: keys, like: person.access, expiresInSeconds: 2 }),
    );
    const lasting = await connect(`/ws/comments/${taskId}/`);
    expect(await closed(brief)).toBe(wsCloseCodes.tokenExpired);
    expect(lasting.readyState).toBe(WebSocket.OPEN);
  });
});
