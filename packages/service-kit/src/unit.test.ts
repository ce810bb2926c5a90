import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp } from './app';
import { subjectMatches } from './bus';
import { EnvError, envVars, parseEnv } from './env';
import { HttpError } from './errors';
import { createLogger } from './logger';

describe('subjectMatches', () => {
  it.each([
    ['tasks.>', 'tasks.task.created', true],
    ['tasks.>', 'tasks', false],
    ['tasks.*.created', 'tasks.task.created', true],
    ['tasks.*', 'tasks.task.created', false],
    ['identity.user.created', 'identity.user.created', true],
    ['identity.user.created', 'identity.user.deleted', false],
  ])('%s vs %s -> %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
  });
});

describe('parseEnv', () => {
  const schema = z.object({ PORT: envVars.port(7000), DATABASE_URL: envVars.url, FLAG: envVars.bool(false) });

  it('applies defaults and coerces', () => {
    expect(parseEnv(schema, { DATABASE_URL: 'postgres://x/y', FLAG: '1' })).toEqual({
      PORT: 7000,
      DATABASE_URL: 'postgres://x/y',
      FLAG: true,
    });
  });

  it('fails fast naming every bad variable', () => {
    expect(() => parseEnv(schema, { PORT: 'abc', FLAG: 'maybe' })).toThrow(EnvError);
    expect(() => parseEnv(schema, { PORT: 'abc' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });
});

describe('service app', () => {
  const app = createServiceApp({
    name: 'demo',
    logger: createLogger({ name: 'demo' }),
    readiness: {
      always: () => {},
      broken: () => Promise.reject(new Error('db down')),
      deadLetters: async () => 2,
    },
  });
  app.get('/boom', () => {
    throw new Error('secret internals');
  });
  app.get('/teapot', () => {
    throw new HttpError(409, 'conflict', 'Already there.');
  });
  /** What pg throws: a refused connection, a server shutting down, a broken unique key. */
  const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });
  app.get('/db/:case', (c) => {
    const errors: Record<string, Error> = {
      refused: pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      shutdown: pgError('terminating connection due to administrator command', '57P01'),
      starting: pgError('the database system is starting up', '57P03'),
      cut: new Error('Connection terminated unexpectedly'),
      duplicate: pgError('duplicate key value violates unique constraint', '23505'),
    };
    throw errors[c.req.param('case')];
  });
  app.get('/tokens', (c) => c.json({ access: 'secret' }));
  app.get('/keys', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ keys: [] });
  });
  app.get('/text', (c) => c.text('plain'));
  /** The answers the route made, to tell whether the app handed them on or rebuilt them. */
  const made: Response[] = [];
  app.get('/made', (c) => {
    const answer = c.body('{"tasks":[]}', 200, { 'content-type': 'application/json' });
    made.push(answer);
    return answer;
  });

  it.each(['refused', 'shutdown', 'starting', 'cut'])(
    'answers a database that is away (%s) with 503 and Retry-After, not 500',
    async (kind) => {
      const res = await app.request(`/db/${kind}`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(((await res.json()) as { error: string }).error).toBe(
        'Baton cannot reach its database right now. Please try again in a moment.',
      );
    },
  );

  it('keeps any other database error a 500 that says nothing of it', async () => {
    const res = await app.request('/db/duplicate');
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain('duplicate');
  });

  it('answers /healthz and a failing /readyz with 503 naming the check', async () => {
    expect((await app.request('/healthz')).status).toBe(200);
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      ok: false,
      failures: { broken: 'db down' },
      details: { deadLetters: 2 },
    });
  });

  it('shapes errors: typed ones keep status and message, others become a generic 500', async () => {
    const conflict = await app.request('/teapot');
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({
      code: 'conflict',
      error: 'Already there.',
      message: 'Already there.',
    });
    const boom = await app.request('/boom');
    expect(boom.status).toBe(500);
    const body = await boom.text();
    expect(body).not.toContain('secret internals');
    expect((await app.request('/nope')).status).toBe(404);
  });

  it('lets no cache keep a JSON answer (tokens, personal data, errors) unless the route says otherwise', async () => {
    for (const path of ['/tokens', '/teapot', '/boom', '/nope'])
      expect((await app.request(path)).headers.get('cache-control'), path).toBe('no-store');
    expect((await app.request('/keys')).headers.get('cache-control')).toBe('public, max-age=300');
    expect((await app.request('/text')).headers.get('cache-control')).toBeNull();
  });

  it('says no-store on the answer the route made, not on a copy around a stream of its body', async () => {
    const answer = await app.request('/made');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer).toBe(made.at(-1));
    expect(await answer.text()).toBe('{"tasks":[]}');
  });

  it('keeps a sane incoming request id and replaces an unsafe one', async () => {
    expect(
      (await app.request('/healthz', { headers: { 'x-request-id': 'abc-123' } })).headers.get('x-request-id'),
    ).toBe('abc-123');
    const unsafe = await app.request('/healthz', { headers: { 'x-request-id': 'a\u0001b' } });
    expect(unsafe.headers.get('x-request-id')).not.toBe('a\u0001b');
  });
});
