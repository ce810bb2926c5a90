import { allRoutes, type ServiceName } from '@baton/contracts';
import { confirmEmail, jsonRequest, type Mailbox, makeUser, readJson } from '@baton/test-kit';
import { expect } from 'vitest';
import WebSocket from 'ws';

/**
 * Sign-up then login through a gateway, as the shell does; returns the login tokens. With a `mailbox` the
 * person first confirms their address (the link mailed at sign-up), as one who is to receive tasks must.
 */
export async function signUpAndLogin(base: string, options: { loginBase?: string; mailbox?: Mailbox } = {}) {
  const { loginBase = base, mailbox } = options;
  const user = makeUser();
  const signup = await fetch(
    `${base}/user_signup/`,
    jsonRequest('POST', { ...user, confirmPassword: user.password }),
  );
  expect(signup.status).toBe(201);
  if (mailbox) await confirmEmail((path, init) => fetch(`${base}${path}`, init), mailbox, user.email);
  const login = await fetch(
    `${loginBase}/login/`,
    jsonRequest('POST', { email: user.email, password: user.password }),
  );
  expect(login.status).toBe(200);
  const body = await readJson(login);
  expect(body.user).toMatchObject({ first_name: user.firstname, last_name: user.lastname });
  const check = await fetch(
    `${loginBase}/api/token/check/`,
    jsonRequest('GET', undefined, body.tokens.access),
  );
  expect(check.status).toBe(200);
  return { user, tokens: body.tokens as { access: string; refresh: string } };
}

/**
 * Assigns `form` (with its `email`) through `base` once tasks knows the recipient (identity.user.created
 * arrives over JetStream; until then tasks invites the address by mail); the task's id.
 */
export async function assignWhenKnown(base: string, access: string, form: Record<string, unknown>) {
  for (let i = 0; i < 40; i += 1) {
    const res = await fetch(`${base}/send_email/assign_user/`, jsonRequest('POST', form, access));
    expect(res.status).toBe(201);
    const body = await readJson(res);
    if (body.invitation_sent === false) return body.id as string;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('tasks never learnt of the recipient');
}

/** Opens /ws/notifications/ with ['jwt', token] and resolves with the protocol the server chose. */
export const socketProtocol = (wsBase: string, token: string, origin: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = new WebSocket(`${wsBase}/ws/notifications/`, ['jwt', token], { headers: { origin } });
    socket.once('open', () => {
      resolve(socket.protocol);
      socket.close();
    });
    socket.once('error', reject);
  });

/** A live socket through a gateway that records every message it receives. */
export async function liveSocket(wsBase: string, path: string, token: string, origin: string) {
  const socket = new WebSocket(`${wsBase}${path}`, ['jwt', token], { headers: { origin } });
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    messages,
    /** Resolves with the messages once `count` have arrived. */
    async received(count: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`${path}: ${messages.length} of ${count} messages arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    /** Sends `message` as JSON. */
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
    /** Drops the connection without a closing handshake, as a lost network would. */
    terminate: () => socket.terminate(),
  };
}

/** Fills `{param}` placeholders with well-formed values that name nothing. */
const concretePath = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === 'action' ? 'invite_accept' : name === 'uidb64' ? 'dW5rbm93bg' : crypto.randomUUID(),
  );

/** What `access` gets from every authenticated route of `services` at `base` (each status by route). */
async function statusesFor(base: string, services: ServiceName[], access: string) {
  const wanted = allRoutes.filter((r) => r.auth && services.includes(r.service));
  const statuses = await Promise.all(
    wanted.map(async (r) => {
      const res = await fetch(
        `${base}${concretePath(r.path)}`,
        jsonRequest(r.method, r.method === 'GET' ? undefined : {}, access),
      );
      // A route the service does not serve yet (its issue has not landed) answers "No route for ...".
      const body = res.status === 404 ? await res.json().catch(() => ({})) : {};
      const unserved = typeof body.error === 'string' && body.error.startsWith('No route for');
      return [`${r.method} ${r.path}` as string, unserved ? undefined : res.status] as const;
    }),
  );
  return Object.fromEntries(
    statuses.filter((entry): entry is readonly [string, number] => entry[1] !== undefined),
  );
}

/**
 * Expects `access` to be refused (401) within `withinMs` on every authenticated REST route of the given
 * services at each base URL, and on the handshake of every socket path of each gateway.
 */
export async function expectRefusedEverywhere(options: {
  access: string;
  /** Base URLs and the services whose routes each one answers (a gateway: all deployed services). */
  targets: { base: string; services: ServiceName[] }[];
  gateways: string[];
  origin: string;
  withinMs?: number;
}) {
  const until = Date.now() + (options.withinMs ?? 1_000);
  const check = async () => {
    const refusals: Record<string, number> = {};
    for (const target of options.targets) {
      for (const [route, status] of Object.entries(
        await statusesFor(target.base, target.services, options.access),
      ))
        refusals[`${target.base} ${route}`] = status;
    }
    for (const gateway of options.gateways) {
      for (const path of ['/ws/notifications/', '/ws/tasks/', `/ws/comments/${crypto.randomUUID()}/`])
        refusals[`${gateway} ${path}`] = await handshakeStatus(gateway, path, options.access, options.origin);
    }
    return refusals;
  };
  let seen = await check();
  while (Object.values(seen).some((s) => s !== 401) && Date.now() < until) seen = await check();
  expect(Object.entries(seen).filter(([, s]) => s !== 401)).toEqual([]);
}

/** The HTTP status of a socket handshake (101 when it opened). */
export const handshakeStatus = (base: string, path: string, token: string, origin: string) =>
  new Promise<number>((resolve) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}${path}`, ['jwt', token], {
      headers: { origin },
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', () => resolve(-1));
  });
