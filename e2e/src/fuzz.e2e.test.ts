import { allRoutes, type RouteContract } from '@baton/contracts';
import { databaseUrl } from '@baton/service-kit';
import { jsonRequest, readJson } from '@baton/test-kit';
import fc from 'fast-check';
import pg from 'pg';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { signUpAndLogin } from './flows';
import { type AppProcess, startApp } from './process';
import { appDatabases, claimOwnDatabasePrefix } from './shared-app';

/**
 * Fuzzing every REST route of the real app (`npm start`'s single process on real Postgres) with generated
 * hostile input: wrong types, huge and unicode strings, deep nesting, `__proto__` keys, out-of-range
 * numbers, malformed ids and bodies that are not JSON. For each route, FUZZ_RUNS inputs (1,000 by default):
 * no answer is a 5xx, every answer comes within 5 s, the app still answers afterwards, and a route whose
 * inputs were all refused left every table as it was.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const concurrency = 16;
/** Tables refused requests write on purpose: sign-in throttling and rate-limit counters, and the kit's own. */
const countersByDesign = /^(kit_|login_failures$|login_addresses$)/;
/** The databases of the app this file starts: `<prefix><service>`. */
let prefix: string;
let databases: string[];
let releasePrefix: (() => Promise<void>) | undefined;

let app: AppProcess;
let base: string;
/**
 * The fuzzer's HTTP client: undici's pool, not fetch. fetch cost the test process 0.64 ms of CPU a request
 * here, the pool 0.16; on 2 cores the fuzzer's own CPU is the app's.
 */
let client: Pool;
let owner: { access: string; email: string };
let real: Record<string, string>;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  ({ prefix, release: releasePrefix } = await claimOwnDatabasePrefix(inject('databaseUrl')));
  databases = appDatabases(prefix);
  ({
    app,
    urls: { base },
  } = await startApp(inject('databaseUrl'), prefix, {
    // Limits would answer most inputs with 429 before they reach validation.
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'fatal',
  }));
  const a = await signUpAndLogin(base);
  const b = await signUpAndLogin(base);
  owner = { access: a.tokens.access, email: a.user.email };
  const form = { title: 'Fuzzed', dueDate: '2054-12-31', priority: 'Lenient', email: b.user.email };
  const task = await readJson(
    fetch(`${base}/send_email/assign_user/`, jsonRequest('POST', form, owner.access)),
  );
  const folder = await readJson(
    fetch(`${base}/api/folders/`, jsonRequest('POST', { name: 'Fuzz', color: '#4299E1' }, owner.access)),
  );
  real = { taskId: task.id, id: folder.id ?? folder.folder?.id ?? task.id };
  client = new Pool(base, { connections: concurrency });
  for (const name of databases)
    pools.push(new pg.Pool({ connectionString: databaseUrl(inject('databaseUrl'), name), max: 1 }));
}, 180_000);

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await client?.close();
  await app?.stop();
  await releasePrefix?.();
});

// ---- generated input ------------------------------------------------------------------------------

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.uuid(),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '../../etc/passwd',
    '%00',
    'x'.repeat(20_000),
    '😀'.repeat(3_000),
    '\u202e\u0301\ufeff',
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e308, -1e308),
  // At and just past an integer column's range.
  fc.constantFrom(2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 63, -(2 ** 63)),
);
/** Sort keys at and past the int8 range, as a list cursor carries them (exact, as text). */
const int8Key = fc.constantFrom(
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775809',
  '12345678901234567890',
  '99999999999999999999',
);
const cursorOf = (order: string, key: string, id: string) =>
  Buffer.from(JSON.stringify({ o: order, k: key, i: id })).toString('base64url');

/**
 * Bodies valid but for one number at or past its column's bounds, for the routes that store or compare one:
 * random records rarely get every other field right, so these reach the database's own range checks.
 */
const atTheBounds: Record<string, fc.Arbitrary<string>> = {
  'POST /api/folders/': hostileNumber.map((n) => JSON.stringify({ name: 'Bounds', sort_order: n })),
  'PUT /api/folders/{id}/': hostileNumber.map((n) => JSON.stringify({ sort_order: n })),
  'POST /api/tasks/personal/': fc
    .tuple(fc.constantFrom('newest', 'priority', 'completed'), int8Key, fc.uuid())
    .map(([order, key, id]) => {
      const list = order === 'completed' ? { tab: 'completed' } : { sort: order };
      return JSON.stringify({ userEmail: owner.email, page: { ...list, cursor: cursorOf(order, key, id) } });
    }),
};
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
}));

/** The field names a route's body schema knows (near-valid bodies reach deeper than random ones). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let type: unknown = schema;
  for (let i = 0; i < 5 && type && !(type instanceof z.ZodObject); i++)
    type =
      (type as { def?: { in?: unknown; innerType?: unknown; schema?: unknown } }).def?.in ??
      (type as { def?: { innerType?: unknown } }).def?.innerType;
  return type instanceof z.ZodObject ? Object.keys(type.shape) : [];
}

/** A raw body: JSON of a value, a near-valid record, a `__proto__` payload, deep nesting, or not JSON at all. */
const bodyOf = (route: RouteContract) => {
  const fields = fieldsOf(route.body);
  const record = fields.length
    ? fc
        .record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] })
        .map((r) => JSON.stringify(r))
    : fc.constant('{}');
  const bounds = atTheBounds[`${route.method} ${route.path}`];
  return fc.oneof(
    ...(bounds ? [{ weight: 4, arbitrary: bounds }] : []),
    { weight: 4, arbitrary: record },
    { weight: 3, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: record.map(
        (r) => `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${r.slice(1)}`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 100, max: 5_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  );
};

const param = fc.oneof(
  { weight: 2, arbitrary: fc.constant('real') },
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 3, arbitrary: hostileString.map((s) => encodeURIComponent(s).slice(0, 3000) || '%20') },
);

const inputOf = (route: RouteContract) =>
  fc.record({
    params: fc.array(param, { minLength: 4, maxLength: 4 }),
    query: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 3 }),
    body: bodyOf(route),
    // Mostly with a token and JSON, so most inputs reach the route's own validation.
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', '') },
    ),
    withToken: fc.oneof(
      { weight: 4, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
  });

function pathOf(route: RouteContract, params: string[]) {
  let i = 0;
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const p = params[i++] ?? 'x';
    return p === 'real' ? (real[name] ?? real.taskId ?? 'x') : p;
  });
}

// ---- the run ----------------------------------------------------------------------------------------

/** One statement per database counting the rows of each table but the counters refused requests keep. */
const countQueries = new Map<pg.Pool, string>();
async function countQueryOf(pool: pg.Pool) {
  let query = countQueries.get(pool);
  if (!query) {
    const { rows } = await pool.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = rows.map((r) => r.table_name).filter((t) => !countersByDesign.test(t));
    query = `select ${tables.map((t) => `(select count(*) from "${t}") as "${t}"`).join(', ')}`;
    countQueries.set(pool, query);
  }
  return query;
}

/** Rows per table in every service database. */
async function snapshot() {
  const counts: Record<string, unknown> = {};
  for (const [i, pool] of pools.entries()) {
    const { rows } = await pool.query(await countQueryOf(pool));
    counts[databases[i] as string] = rows[0];
  }
  return counts;
}

/** Waits until no table changes for a moment (events of earlier accepted requests still being handled). */
async function settled() {
  let last = await snapshot();
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await snapshot();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/** The counts the last route or socket left once settled: where the next one starts (nothing runs between). */
let lastSettled: Record<string, unknown> | undefined;
/** Settled counts before a route or socket: the previous one's, when it got that far; one wait, not two. */
async function settledBefore() {
  const before = lastSettled ?? (await settled());
  lastSettled = undefined;
  return before;
}
async function settledAfter() {
  lastSettled = await settled();
  return lastSettled;
}

interface Input {
  params: string[];
  query: Record<string, string>;
  body: string;
  contentType: string;
  withToken: boolean;
}

/** Sends one input; resolves with the status, or why there was none. */
async function send(route: RouteContract, input: Input) {
  const query = new URLSearchParams(input.query).toString();
  const path = `${pathOf(route, input.params)}${query ? `?${query}` : ''}`;
  // As a browser asks: compressed answers welcome.
  const headers: Record<string, string> = {
    'content-type': input.contentType,
    'accept-encoding': 'gzip, deflate, br',
  };
  if (input.withToken) headers.authorization = `Bearer ${owner.access}`;
  try {
    const res = await client.request({
      path,
      method: route.method,
      headers,
      body: route.method === 'GET' || route.method === 'DELETE' ? undefined : input.body,
      signal: AbortSignal.timeout(5_000),
    });
    await res.body.arrayBuffer();
    return res.statusCode;
  } catch (error) {
    return `no answer: ${(error as Error).name}`;
  }
}

const sample = (route: RouteContract): Input[] =>
  fc.sample(inputOf(route), { numRuns: runs, seed: 20261124 });

const table: string[] = [];

describe(`fuzzing every route (${runs} inputs each)`, () => {
  it.each(allRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const before = await settledBefore();
    const inputs = sample(route);
    const statuses: (number | string)[] = [];
    for (let i = 0; i < inputs.length; i += concurrency)
      statuses.push(
        ...(await Promise.all(inputs.slice(i, i + concurrency).map((input) => send(route, input)))),
      );
    const seen = new Map<string, number>();
    for (const s of statuses) seen.set(String(s), (seen.get(String(s)) ?? 0) + 1);
    table.push(
      `${`${route.method} ${route.path}`.padEnd(52)} ${[...seen].map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );
    expect(statuses.filter((s) => typeof s !== 'number' || s >= 500)).toEqual([]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const after = await settledAfter();
    if (statuses.every((s) => typeof s === 'number' && s >= 400)) expect(after).toEqual(before);
  });

  afterAll(() => console.log(`Statuses per route (${runs} inputs each):\n${table.join('\n')}`));
});

// ---- socket frames ----------------------------------------------------------------------------------

/** A frame a client could send: text (JSON or not, near-valid comments among it), binary, or broken UTF-8. */
type Frame = { kind: 'text' | 'binary' | 'bad utf-8'; data: string | Uint8Array };
const text = (data: string): Frame => ({ kind: 'text', data });
const frame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 4, arbitrary: value.map((v) => text(JSON.stringify(v) ?? 'null')) },
  { weight: 4, arbitrary: value.map((v) => text(JSON.stringify({ comment: v }))) },
  { weight: 3, arbitrary: hostileString.map((s) => text(JSON.stringify({ comment: s }))) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map(text) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '{"__proto__":{"comment":"from the prototype"}}',
        '{"comment":"hello","__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
        // Past the 64 KiB frame limit.
        JSON.stringify({ comment: 'x'.repeat(70_000) }),
        `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        `{"comment":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
      )
      .map(text),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 200 }).map((data): Frame => ({ kind: 'binary', data })),
  },
  {
    weight: 1,
    arbitrary: fc.constant<Frame>({ kind: 'bad utf-8', data: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }),
  },
);

/** What one frame got: a reply ({error} or, on a comment socket, the comment pushed back) or a close code. */
type Outcome = 'error' | 'comment' | `closed ${number}` | 'no answer';

/**
 * A person's socket on `path`, fed frames one at a time (each awaits its outcome), reopened after a close and
 * after 10 frames: the message allowance (10 at once) is not what is fuzzed here.
 */
function fuzzSocket(path: string) {
  let socket: WebSocket | undefined;
  let sent = 0;
  const open = async () => {
    // A comment socket first sends the comments after `after` (all of them without it): only new ones here.
    const newest = path.startsWith('/ws/comments/') ? await newestComment() : undefined;
    const url = `${base.replace('http', 'ws')}${path}${newest ? `?after=${newest}` : ''}`;
    for (let attempt = 0; ; attempt++) {
      const ws = new WebSocket(url, ['jwt', owner.access]);
      const ok = await new Promise<boolean>((resolve) => {
        ws.once('open', () => resolve(true));
        ws.once('error', () => resolve(false));
      });
      // A socket closed a moment ago may still count against the per-person cap: try again.
      if (ok) return ws;
      if (attempt > 20) throw new Error(`could not open ${path}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return async (f: Frame): Promise<Outcome> => {
    if (!socket || socket.readyState !== WebSocket.OPEN || sent === 10) {
      socket?.close();
      socket = await open();
      sent = 0;
    }
    const ws = socket;
    sent += 1;
    const outcome = new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => resolve('no answer'), 5_000);
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(String(data)) as Record<string, unknown>;
        if ('presence' in message) return;
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve('comment' in message ? 'comment' : 'error');
      };
      ws.on('message', onMessage);
      ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(`closed ${code}`);
      });
    });
    ws.send(f.data, { binary: f.kind === 'binary' });
    const result = await outcome;
    ws.removeAllListeners('close');
    ws.removeAllListeners('message');
    return result;
  };
}

const socketTable: string[] = [];
const tasksDb = () => pools[databases.indexOf(`${prefix}tasks`)] as pg.Pool;
const commentCount = async () =>
  Number((await tasksDb().query('select count(*) from comments')).rows[0].count);
const newestComment = async (): Promise<string | undefined> =>
  (await tasksDb().query('select id from comments order by created_at desc, id desc limit 1')).rows[0]?.id;

describe(`fuzzing every socket (${runs} frames each)`, () => {
  const sockets = [
    ['/ws/notifications/', () => '/ws/notifications/'],
    ['/ws/tasks/', () => '/ws/tasks/'],
    ['/ws/comments/{taskId}/', () => `/ws/comments/${real.taskId}/`],
  ] as const;
  it.each(sockets)(
    '%s',
    async (name, pathOf) => {
      const before = await settledBefore();
      const comments = await commentCount();
      const feed = fuzzSocket(pathOf());
      const outcomes: Outcome[] = [];
      for (const f of fc.sample(frame, { numRuns: runs, seed: 20261124 })) outcomes.push(await feed(f));
      const seen = new Map<string, number>();
      for (const o of outcomes) seen.set(o, (seen.get(o) ?? 0) + 1);
      socketTable.push(`${name.padEnd(24)} ${[...seen].map(([o, n]) => `${o}×${n}`).join(' ')}`);
      // Each frame has its answer: an error, its comment back, or the close its protocol violation calls for
      // (1009 past 64 KiB, 1007 for text that is not UTF-8). Never silence, never an internal error.
      const allowed: Outcome[] = [
        'error',
        'closed 1009',
        'closed 1007',
        ...(name.startsWith('/ws/comments') ? ['comment' as const] : []),
      ];
      expect([...seen.keys()].filter((o) => !allowed.includes(o as Outcome))).toEqual([]);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // Only the comments that came back were stored; the other sockets wrote nothing.
      if (name.startsWith('/ws/comments'))
        expect((await commentCount()) - comments).toBe(seen.get('comment') ?? 0);
      const after = await settledAfter();
      if (!name.startsWith('/ws/comments')) expect(after).toEqual(before);
    },
    600_000,
  );

  afterAll(() => console.log(`Outcomes per socket (${runs} frames each):\n${socketTable.join('\n')}`));
});
