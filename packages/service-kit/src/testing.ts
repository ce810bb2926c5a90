import { type EventEnvelope, type EventSubject, eventPayloads } from '@baton/contracts';
import type { Kysely, Transaction } from 'kysely';
import { type EventBus, subjectMatches } from './bus';
import type { EventHandlers } from './consumer';
import { type KitTables, kitTables } from './db';
import { createLogger } from './logger';
import { depthMessage, surrogateMessage } from './validate';

/**
 * Wraps a bus so that `publish` fails while `state.down` is true, the way a stopped broker refuses it:
 * lets the outbox scenario run against the in-process bus too.
 */
export function withOutage(bus: EventBus) {
  const state = { down: false };
  const wrapped = new Proxy(bus, {
    get(target, prop) {
      if (prop === 'publish') {
        return (...args: Parameters<EventBus['publish']>) =>
          state.down ? Promise.reject(new Error('broker unavailable')) : target.publish(...args);
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { bus: wrapped, state };
}

/** A logger that keeps every line it writes, for tests that check what reached the log. */
export function capturingLogger(name: string) {
  const lines: string[] = [];
  const logger = createLogger({ name, level: 'info', destination: { write: (line) => lines.push(line) } });
  return { logger, lines, errors: () => lines.filter((l) => JSON.parse(l).level >= 50) };
}

/** 12,000 nested arrays as JSON text: more than any recursive walk of the parsed body survives. */
export const deeplyNested = (levels = 12_000) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/**
 * Bodies that once answered 500 (stack overflow, or a database that refuses the text), made from a
 * route's valid body: each string field in turn given a lone surrogate, and one field nested 12,000
 * levels deep. Each must answer 400 with `message`.
 */
export function hostileBodies(valid: Record<string, unknown>) {
  const cases: { name: string; body: string; message: string }[] = [];
  for (const [field, value] of Object.entries(valid)) {
    if (typeof value !== 'string') continue;
    cases.push({
      name: `a lone surrogate in ${field}`,
      body: JSON.stringify({ ...valid, [field]: `${value}\uD800` }),
      message: surrogateMessage,
    });
  }
  const first = Object.keys(valid)[0] ?? 'value';
  cases.push({
    name: `${first} nested 12,000 levels deep`,
    body: JSON.stringify({ ...valid, [first]: '\u0001' }).replace('"\\u0001"', deeplyNested()),
    message: depthMessage,
  });
  cases.push({ name: 'a body of 12,000 nested arrays', body: deeplyNested(), message: depthMessage });
  return cases;
}

/**
 * The same handler for every subject matching one of `filters` (NATS wildcards allowed): for tests that
 * watch a stream whole.
 */
// biome-ignore lint/suspicious/noExplicitAny: a test's handler may ignore the transaction; then any database does.
export function onEach<DB = any>(
  filters: string[],
  handle: (event: EventEnvelope, trx: Transaction<DB>) => Promise<void>,
): EventHandlers<DB> {
  const subjects = (Object.keys(eventPayloads) as EventSubject[]).filter((subject) =>
    filters.some((filter) => subjectMatches(filter, subject)),
  );
  return Object.fromEntries(subjects.map((subject) => [subject, handle]));
}

/**
 * Resolves once `db`'s outbox holds no row for `destination` that is still to go out: every one queued so far was
 * handed to the broker or the SMTP server (a mail is in the capture by then). For tests that check something was
 * *not* sent: wait for this instead of a while, then look.
 */
export async function outboxDrained<T extends KitTables>(
  db: Kysely<T>,
  destination: KitTables['kit_outbox']['destination'],
  timeoutMs = 10_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = await kitTables(db)
      .selectFrom('kit_outbox')
      .select('id')
      .where('destination', '=', destination)
      .where('published_at', 'is', null)
      .limit(1)
      .execute();
    if (left.length === 0) return;
    if (Date.now() > until) throw new Error(`the outbox still holds a ${destination} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export { migratedTestDatabase } from './test-databases';
