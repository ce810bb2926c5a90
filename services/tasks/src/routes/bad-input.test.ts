import { randomUUID } from 'node:crypto';
import { errorBody, taskMessages } from '@baton/contracts';
import { capturingLogger, hostileBodies } from '@baton/service-kit/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestTasks } from '../testing';

/**
 * Every tasks route, fed bad input: the answer is a 4xx with the one JSON error body
 * ({code, error, message}), and nothing stored changes (checked after every test).
 */
const log = capturingLogger('tasks');
const env = useTestTasks({ logger: log.logger });

const form = {
  title: 'Ship the release',
  description: 'Notes and tags',
  dueDate: '2026-10-01',
  priority: 'Lenient',
};

let ada: SignedUpUser;
let bob: SignedUpUser;
/** Ada's personal task. */
let personal: string;
/** Assigned by Ada to Bob, accepted. */
let assigned: string;
/** Invited by Ada to Bob, still pending. */
let invited: string;

/** All that a request could change: tasks, recipients, accept links, progress history. */
async function stored() {
  const { db } = env.t;
  return {
    tasks: await db.selectFrom('tasks').selectAll().orderBy('id').execute(),
    recipients: await db.selectFrom('task_recipients').selectAll().orderBy('task_id').execute(),
    tokens: await db.selectFrom('accept_tokens').selectAll().orderBy('token_hash').execute(),
    logs: await db.selectFrom('progress_logs').selectAll().orderBy('id').execute(),
  };
}
let baseline: Awaited<ReturnType<typeof stored>>;

beforeAll(async () => {
  const { t } = env;
  ada = await t.person({ firstname: 'Ada' });
  bob = await t.person({ firstname: 'Bob' });
  const made = async (path: string, body: unknown) => {
    const res = await t.post(path, body, ada.access);
    expect(res.status).toBe(201);
    return (await readJson(res)).id as string;
  };
  personal = await made('/create_list', form);
  assigned = await made('/send_email/assign_user/', { ...form, email: bob.email });
  invited = await made('/send_email/invite_user', { ...form, email: bob.email });
  const accepted = await t.post(
    '/accept_task',
    { task_id: assigned, user_email: bob.email, trusted: false, role: 'assign' },
    bob.access,
  );
  expect(accepted.status).toBe(200);
  baseline = await stored();
  expect(baseline.tasks).toHaveLength(3);
});

afterEach(async () => {
  expect(await stored()).toEqual(baseline);
});

/** The shared error body, with `error` and `message` carrying the same sentence. */
async function expectError(res: Response, status: number, code: string, message?: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = errorBody.parse(JSON.parse(text));
  expect(body.code, text).toBe(code);
  expect(body.error).toBe(body.message);
  expect(body.message.length).toBeGreaterThan(5);
  if (message !== undefined) expect(body.message, text).toBe(message);
  return body;
}

const send = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
  env.t.tasks.app.request(path, { method, headers: init.headers, body: init.body });

const asAda = (method: string, path: string, body?: string) =>
  send(method, path, {
    body,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.access}` },
  });

interface RouteCase {
  method: 'GET' | 'POST';
  path: () => string;
  /** A body that would be accepted (the cases below break one thing at a time). */
  body?: () => unknown;
}

/** Every route tasks serves (SPEC §7 Accepting and Tasks), with a valid request for each. */
const routes: Record<string, RouteCase> = {
  'POST /api/tasks/bulk/': {
    method: 'POST',
    path: () => '/api/tasks/bulk/',
    body: () => ({ task_ids: [personal], action: 'priority', value: 'Immediate' }),
  },
  'POST /api/tasks/bulk/undo/': {
    method: 'POST',
    path: () => '/api/tasks/bulk/undo/',
    body: () => ({ change_id: '00000000-0000-4000-8000-000000000000' }),
  },
  'GET /api/views/': { method: 'GET', path: () => '/api/views/' },
  'GET /api/search/': { method: 'GET', path: () => '/api/search/?q=plan' },
  'POST /api/views/': {
    method: 'POST',
    path: () => '/api/views/',
    body: () => ({ name: 'Soon', query: 'due=week', path: 'tasks/personal' }),
  },
  'POST /api/tasks/personal/': {
    method: 'POST',
    path: () => '/api/tasks/personal/',
    body: () => ({ userEmail: ada.email }),
  },
  'POST /get_assigned/': {
    method: 'POST',
    path: () => '/get_assigned/',
    body: () => ({ userEmail: ada.email }),
  },
  'POST /get_invited/': {
    method: 'POST',
    path: () => '/get_invited/',
    body: () => ({ userEmail: ada.email }),
  },
  'POST /create_list': { method: 'POST', path: () => '/create_list', body: () => form },
  'POST /send_email/assign_user/': {
    method: 'POST',
    path: () => '/send_email/assign_user/',
    body: () => ({ ...form, email: bob.email }),
  },
  'POST /send_email/invite_user': {
    method: 'POST',
    path: () => '/send_email/invite_user',
    body: () => ({ ...form, email: bob.email }),
  },
  'POST /edit_shared_task/': {
    method: 'POST',
    path: () => '/edit_shared_task/',
    body: () => ({ ...form, id: assigned, title: 'Changed' }),
  },
  'POST /delete_list/{id}': {
    method: 'POST',
    path: () => `/delete_list/${personal}`,
    body: () => ({ id: personal }),
  },
  'POST /completed/{id}': {
    method: 'POST',
    path: () => `/completed/${personal}`,
    body: () => ({ completed: true }),
  },
  'POST /progress/{taskId}/': {
    method: 'POST',
    path: () => `/progress/${personal}/`,
    body: () => ({ progress: 50, message: 'half' }),
  },
  'GET /progress-logs/{taskId}/': { method: 'GET', path: () => `/progress-logs/${personal}/` },
  'GET /activate/{uidb64}/{token}/{taskId}/{action}': {
    method: 'GET',
    path: () =>
      `/activate/${Buffer.from(bob.id).toString('base64url')}/${'T'.repeat(43)}/${invited}/invite_accept`,
  },
  'POST /accept_task': {
    method: 'POST',
    path: () => '/accept_task',
    body: () => ({ task_id: invited, user_email: bob.email, trusted: false, role: 'invite' }),
  },
};
const allRoutes = Object.entries(routes);
const postRoutes = allRoutes.filter(([, route]) => route.method === 'POST');

const call = (route: RouteCase, authorization?: string) =>
  send(route.method, route.path(), {
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: route.body ? JSON.stringify(route.body()) : undefined,
  });

describe.each(allRoutes)('%s without a valid access token', (_name, route) => {
  it('answers 401 when no bearer token is sent', async () => {
    await expectError(
      await call(route),
      401,
      'unauthorized',
      'Authentication credentials were not provided.',
    );
    await expectError(
      await call(route, `Basic ${Buffer.from(`${ada.email}:${ada.password}`).toString('base64')}`),
      401,
      'unauthorized',
    );
    await expectError(await call(route, 'Bearer'), 401, 'unauthorized');
  });

  it('answers 401 to a garbage or forged bearer token', async () => {
    const [header, payload, signature = ''] = ada.access.split('.');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    for (const token of [
      'garbage',
      'not a token at all',
      ada.refresh,
      `${header}.${payload}.${flipped}`,
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
      `${header}.${payload}`,
    ]) {
      await expectError(await call(route, `Bearer ${token}`), 401, 'unauthorized');
    }
  });
});

describe.each(postRoutes)('%s with a body that is not usable JSON', (_name, route) => {
  it('refuses malformed JSON with 400 invalid_json', async () => {
    for (const body of ['{"oops":', '', '{title: "x"}', "{'a': 1}", `${JSON.stringify(route.body?.())}}`]) {
      await expectError(
        await asAda(route.method, route.path(), body),
        400,
        'invalid_json',
        'Request body is not valid JSON.',
      );
    }
  });

  it('refuses a body that is not an object with 400 validation_failed', async () => {
    for (const body of ['[]', '"text"', '42', 'null', 'true', JSON.stringify([route.body?.()])]) {
      await expectError(await asAda(route.method, route.path(), body), 400, 'validation_failed');
    }
  });

  it('refuses a body that is not JSON at all with 415', async () => {
    const res = await send(route.method, route.path(), {
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${ada.access}` },
    });
    await expectError(res, 415, 'unsupported_media_type');
  });

  it('refuses an oversized body with 413', async () => {
    const body = JSON.stringify({ ...(route.body?.() as object), pad: 'x'.repeat(70 * 1024) });
    await expectError(await asAda(route.method, route.path(), body), 413, 'payload_too_large');
  });
});

describe.each(postRoutes)('%s with a body Postgres or a recursive walk cannot take', (_name, route) => {
  it('answers 400 to a lone surrogate in any text field and to 12,000 levels of nesting, logging no error', async () => {
    for (const hostile of hostileBodies(route.body?.() as Record<string, unknown>)) {
      const res = await asAda(route.method, route.path(), hostile.body);
      await expectError(res, 400, 'validation_failed', hostile.message);
    }
    expect(log.errors()).toEqual([]);
  });
});

/** Posts `body` to `path` as Ada and expects a 400 validation_failed (with `message` when given). */
async function refused(path: string, body: unknown, message?: string) {
  return expectError(await asAda('POST', path, JSON.stringify(body)), 400, 'validation_failed', message);
}

describe('wrong types and values in the task form', () => {
  const formRoutes = [
    ['/create_list', () => form],
    ['/send_email/assign_user/', () => ({ ...form, email: bob.email })],
    ['/send_email/invite_user', () => ({ ...form, email: bob.email })],
    ['/edit_shared_task/', () => ({ ...form, id: assigned })],
  ] as const;

  it.each(formRoutes)('%s: title, due date and priority get the spec sentence', async (path, valid) => {
    for (const broken of [
      { title: 42 },
      { title: null },
      { title: '   ' },
      { title: undefined },
      { priority: 'Urgent' },
      { priority: 'immediate' },
      { priority: 0 },
      { priority: undefined },
      { dueDate: 'tomorrow' },
      { dueDate: '2026-02-30x' },
      { dueDate: 20261001 },
      { dueDate: undefined },
    ]) {
      const body = await refused(path, { ...valid(), ...broken }, taskMessages.required);
      expect(body.issues?.length, JSON.stringify(broken)).toBeGreaterThan(0);
    }
  });

  it.each(formRoutes)('%s: other fields of the wrong type or size', async (path, valid) => {
    for (const broken of [
      { title: 'x'.repeat(201) },
      { description: 42 },
      { description: ['a'] },
      { attachmentKey: 42 },
      { attachmentUrl: { href: 'x' } },
      { folder_id: 'not-a-uuid' },
      { id: 'not-a-uuid' },
      { id: 42 },
    ]) {
      await refused(path, { ...valid(), ...broken });
    }
  });

  it('/edit_shared_task/ needs the id of the task', async () => {
    await refused('/edit_shared_task/', { ...form, id: undefined });
    await refused('/edit_shared_task/', { ...form, id: assigned, email: 42 });
  });

  it('/edit_shared_task/ cannot change the recipient', async () => {
    await refused(
      '/edit_shared_task/',
      { ...form, id: assigned, email: 'carol@example.com' },
      'The recipient of a task cannot be changed.',
    );
  });
});

describe('delegating', () => {
  const delegate = ['/send_email/assign_user/', '/send_email/invite_user'] as const;

  it.each(delegate)('%s refuses an e-mail that does not look like one', async (path) => {
    for (const email of [
      'bob',
      'bob@example',
      'bob@@example.com',
      'bob @example.com',
      '@example.com',
      'bob@.com ',
      '',
      '   ',
      42,
      null,
      undefined,
    ]) {
      await refused(path, { ...form, email }, taskMessages.recipient);
    }
  });

  it.each(delegate)('%s refuses an address longer than an e-mail can be', async (path) => {
    await refused(path, { ...form, email: `${'a'.repeat(300)}@example.com` }, taskMessages.recipient);
  });

  it.each(delegate)('%s refuses to delegate to yourself, however the address is written', async (path) => {
    for (const email of [ada.email, ada.email.toUpperCase(), `  ${ada.email}  `]) {
      await refused(path, { ...form, email }, 'You cannot delegate a task to yourself.');
    }
  });

  it.each(delegate)('%s only creates: an id in the body is refused', async (path) => {
    await refused(
      path,
      { ...form, email: bob.email, id: assigned },
      'A delegated task is changed with /edit_shared_task/; these routes create one.',
    );
  });
});

describe('delete, complete, progress', () => {
  it('/delete_list/{id} refuses a body id different from the address, or none', async () => {
    await refused(
      `/delete_list/${personal}`,
      { id: randomUUID() },
      'The id in the body does not match the address.',
    );
    await refused(
      `/delete_list/${personal}`,
      { id: assigned },
      'The id in the body does not match the address.',
    );
    await refused(`/delete_list/${personal}`, {});
    await refused(`/delete_list/${personal}`, { id: 'not-a-uuid' });
    await refused(`/delete_list/${personal}`, { id: 42 });
  });

  it('/completed/{id} refuses a completed flag that is not a boolean', async () => {
    for (const completed of ['yes', 'true', 1, 0, null, undefined, {}]) {
      await refused(`/completed/${personal}`, { completed });
    }
    await refused(`/completed/${personal}`, { completed: true, userEmail: 'not-an-email' });
  });

  it("/completed/{id} refuses someone else's userEmail with 403", async () => {
    const res = await asAda(
      'POST',
      `/completed/${personal}`,
      JSON.stringify({ completed: true, userEmail: bob.email }),
    );
    await expectError(res, 403, 'forbidden', 'You can only complete tasks as yourself.');
  });

  it('/delete_list/{id} takes the id in either letter case', async () => {
    const created = await asAda('POST', '/create_list', JSON.stringify(form));
    const { id } = (await created.json()) as { id: string };
    const res = await asAda('POST', `/delete_list/${id.toUpperCase()}`, JSON.stringify({ id }));
    expect(res.status).toBe(200);
  });

  it('/progress/{taskId}/ refuses a value off the 5-step scale of 0..100', async () => {
    for (const progress of [52, 53, 1, 99, 105, 110, -5, -1, 50.5, '50', null, undefined, true]) {
      const body = await refused(`/progress/${personal}/`, { progress, message: '' });
      expect(body.issues?.[0]?.path, String(progress)).toBe('progress');
    }
  });

  it('/progress/{taskId}/ refuses a note over 200 characters with the spec sentence', async () => {
    await refused(
      `/progress/${personal}/`,
      { progress: 50, message: 'n'.repeat(201) },
      'Progress note must be at most 200 characters.',
    );
    await refused(`/progress/${personal}/`, { progress: 50, message: 42 });
  });
});

describe('lists and accepting', () => {
  it.each(['/api/tasks/personal/', '/get_assigned/', '/get_invited/'])(
    '%s refuses a missing or malformed userEmail',
    async (path) => {
      for (const userEmail of [undefined, null, 42, '', 'ada', 'ada@example']) {
        await refused(path, { userEmail });
      }
    },
  );

  it('/accept_task refuses wrong types', async () => {
    const valid = { task_id: invited, user_email: bob.email, trusted: false, role: 'invite' };
    for (const broken of [
      { task_id: 'not-a-uuid' },
      { task_id: undefined },
      { user_email: 'bob' },
      { user_email: undefined },
      { trusted: 'yes' },
      { trusted: undefined },
      { role: 'owner' },
      { role: 'invite_accept' },
      { role: undefined },
    ]) {
      await refused('/accept_task', { ...valid, ...broken });
    }
  });
});

describe('bad ids in the address', () => {
  it('answers 400 to an id that is not a uuid', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/delete_list/not-a-uuid', { id: personal }],
      ['POST', '/delete_list/not-a-uuid', { id: 'not-a-uuid' }],
      ['POST', '/completed/123', { completed: true }],
      ['POST', '/progress/xyz/', { progress: 50, message: '' }],
      ['GET', '/progress-logs/xyz/', undefined],
      ['GET', `/progress-logs/${personal.slice(0, -1)}/`, undefined],
      ['GET', `/activate/abc/def/not-a-uuid/assign_accept`, undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await asAda(method, path, body === undefined ? undefined : JSON.stringify(body));
      await expectError(res, 400, 'validation_failed');
    }
  });

  it('answers 400 to an accept link whose action is not invite_accept or assign_accept', async () => {
    const uid = Buffer.from(bob.id).toString('base64url');
    for (const action of ['owner_accept', 'accept', 'ASSIGN_ACCEPT', 'invite', 'assign_accept_']) {
      const res = await send('GET', `/activate/${uid}/token/${invited}/${action}`, {
        headers: { authorization: `Bearer ${bob.access}` },
      });
      await expectError(res, 400, 'validation_failed');
    }
  });

  it('answers 404 "Task not found." to a well-formed id of no task', async () => {
    const nobody = randomUUID();
    const cases: [string, string, unknown][] = [
      ['POST', `/delete_list/${nobody}`, { id: nobody }],
      ['POST', `/completed/${nobody}`, { completed: true }],
      ['POST', `/progress/${nobody}/`, { progress: 50, message: '' }],
      ['GET', `/progress-logs/${nobody}/`, undefined],
      ['POST', '/edit_shared_task/', { ...form, id: nobody }],
      ['POST', '/create_list', { ...form, id: nobody }],
      ['POST', '/accept_task', { task_id: nobody, user_email: ada.email, trusted: false, role: 'assign' }],
    ];
    for (const [method, path, body] of cases) {
      const res = await asAda(method, path, body === undefined ? undefined : JSON.stringify(body));
      await expectError(res, 404, 'not_found', 'Task not found.');
    }
  });
});

describe('NUL characters, which Postgres text cannot hold', () => {
  it.each([
    ['/create_list', () => ({ ...form, title: 'a\u0000b' })],
    ['/create_list', () => ({ ...form, description: 'a\u0000b' })],
    ['/send_email/assign_user/', () => ({ ...form, email: 'a\u0000b@example.com' })],
    ['/progress/{taskId}/', () => ({ progress: 10, message: 'a\u0000b' })],
  ])('%s answers 400, not 500', async (path, body) => {
    const target = path === '/progress/{taskId}/' ? `/progress/${personal}/` : path;
    await expectError(
      await asAda('POST', target, JSON.stringify(body())),
      400,
      'validation_failed',
      'Text must not contain NUL characters.',
    );
  });
});
