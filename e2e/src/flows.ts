import { jsonRequest, makeUser, readJson } from '@baton/test-kit';
import { expect } from 'vitest';
import WebSocket from 'ws';

/** Sign-up then login through a gateway, as the shell does; returns the login tokens. */
export async function signUpAndLogin(base: string, loginBase = base) {
  const user = makeUser();
  const signup = await fetch(
    `${base}/user_signup/`,
    jsonRequest('POST', { ...user, confirmPassword: user.password }),
  );
  expect(signup.status).toBe(201);
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
    close: () => socket.close(),
  };
}
