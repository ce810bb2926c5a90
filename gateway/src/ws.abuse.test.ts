import { hostileFrames, openRawSocket, readJson, type SignedUpUser } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTasksBehindReplicas, testOrigin } from './testing';

let stack: Awaited<ReturnType<typeof startTasksBehindReplicas>>;
let attacker: SignedUpUser;
let bystander: SignedUpUser;
/** A task the attacker assigned to the bystander: both may open its comments socket. */
let taskId: string;

beforeAll(async () => {
  stack = await startTasksBehindReplicas(1);
  const { t } = stack;
  attacker = await t.person();
  bystander = await t.person();
  const form = { title: 'Shared', dueDate: '2026-12-31', priority: 'Lenient', email: bystander.email };
  taskId = (await readJson(t.post('/send_email/assign_user/', form, attacker.access))).id;
});
afterAll(() => stack?.close());

const gateway = () => stack.replicas[0] as { http: string; ws: string };

const openClient = (path: string, token: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${gateway().ws}${path}`, ['jwt', token], {
      headers: { origin: testOrigin },
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });

const paths = ['/ws/notifications/', '/ws/tasks/', '/ws/comments/{taskId}/'];

// Before the fix, the 100 KB frame made `ws` emit an 'error' nobody listened to, and Node exited.
describe.each(paths)('hostile frames on %s', (template) => {
  it.each(hostileFrames)('survives $name: the gateway answers, other sockets stay open', async (abuse) => {
    const path = template.replace('{taskId}', taskId);
    const other = await openClient(path, bystander.access);
    const raw = await openRawSocket(gateway().http, path, attacker.access, testOrigin);
    abuse.send(raw);
    const code = await Promise.race([raw.closed, new Promise<number>((r) => setTimeout(() => r(0), 300))]);
    raw.end();
    if (abuse.name === 'a 100 KB frame') expect(code).toBe(1009);
    if (abuse.name === 'a text frame that is not UTF-8') expect(code).toBe(1007);
    const health = await fetch(`${gateway().http}/healthz`);
    expect(health.status).toBe(200);
    expect(other.readyState).toBe(WebSocket.OPEN);
    other.close();
  });
});

it('answers a binary frame with an error message and keeps the socket open', async () => {
  const socket = await openClient(`/ws/comments/${taskId}/`, attacker.access);
  const reply = new Promise<string>((r) => socket.once('message', (d) => r(String(d))));
  socket.send(Buffer.from([1, 2, 3]));
  expect(JSON.parse(await reply)).toEqual({ error: 'Messages must be JSON text.' });
  expect(socket.readyState).toBe(WebSocket.OPEN);
  socket.close();
});

it('takes a frame of exactly 64 KiB and closes the socket (1009) on one byte more', async () => {
  /** A JSON comment frame of exactly `bytes` bytes. */
  const frameOf = (bytes: number) => {
    const frame = JSON.stringify({ comment: '' });
    return JSON.stringify({ comment: 'x'.repeat(bytes - frame.length) });
  };
  expect(Buffer.byteLength(frameOf(64 * 1024))).toBe(64 * 1024);
  const socket = await openClient(`/ws/comments/${taskId}/`, attacker.access);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
  socket.send(frameOf(64 * 1024));
  // Read and answered (far too long a comment to store), not cut off.
  expect(JSON.parse(await reply)).toEqual({ error: expect.any(String) });
  expect(socket.readyState).toBe(WebSocket.OPEN);
  socket.send(frameOf(64 * 1024 + 1));
  expect(await closed).toBe(1009);
});
