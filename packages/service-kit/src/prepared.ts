import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Hot queries as named prepared statements. Postgres parses and plans an unnamed statement on every run:
 * for a list page that is more work than running it (0.3 ms of planning against 0.25 ms of execution).
 * A named statement is parsed once per connection, and after five runs Postgres may keep a generic plan.
 *
 * Kysely hands pg plain text; each pooled client's `query` is wrapped to name the texts registered here.
 * Only queries a route asks for are named, up to `maxStatements`, so a connection never holds an
 * unbounded set of statements (nor one per value of an `in` list).
 */
const maxStatements = 200;

interface Registry {
  names: Map<string, string>;
}

const registries = new WeakMap<object, Registry>();

type Executor = Pick<Kysely<unknown>, 'executeQuery'>;

type QueryFn = (...args: unknown[]) => unknown;

/** Wraps the clients of `pool` to run registered texts by name; call before the pool hands out a client. */
export function prepareStatementsOn(pool: pg.Pool): Registry {
  const registry: Registry = { names: new Map() };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    const named: QueryFn = (config, values, ...rest) => {
      const name = typeof config === 'string' ? registry.names.get(config) : undefined;
      return name ? query({ name, text: config, values }, ...rest) : query(config, values, ...rest);
    };
    Object.assign(client, { query: named });
  });
  return registry;
}

/** Says that `db` names the statements registered in `registry` (openDatabase does). */
export function usePreparedStatements(db: Executor, registry: Registry) {
  registries.set(db, registry);
}

/**
 * Runs `query` as a named prepared statement when `db` supports them (a database of openDatabase) and the
 * statement set is not full; as a plain query otherwise.
 */
export async function executePrepared<O>(db: Executor, query: Compilable<O> | CompiledQuery<O>) {
  const compiled = 'compile' in query ? query.compile() : query;
  const registry = registries.get(db);
  if (registry && !registry.names.has(compiled.sql) && registry.names.size < maxStatements)
    registry.names.set(compiled.sql, `baton_${registry.names.size + 1}`);
  return (await db.executeQuery(compiled)).rows;
}

const placeholder = '\u0000baton-value:';

/**
 * A query of one shape, built and compiled once: `build` gets a placeholder for each of `names`, and each
 * call of the result puts its values where those placeholders went. Kysely otherwise builds, freezes and
 * compiles a query's whole tree on every request (a tenth of a list page's CPU). `build` must use each
 * placeholder as a whole value, never inside another (no `'%' + name`), and must not branch on it.
 */
export function queryTemplate<K extends string, O>(
  names: readonly K[],
  build: (values: Record<K, string>) => Compilable<O>,
) {
  const marks = Object.fromEntries(names.map((name) => [name, `${placeholder}${name}`])) as Record<K, string>;
  const { sql, parameters } = build(marks).compile();
  const slots: ({ name: K } | { value: unknown })[] = parameters.map((value) =>
    typeof value === 'string' && value.startsWith(placeholder)
      ? { name: value.slice(placeholder.length) as K }
      : { value },
  );
  const used = new Set(slots.flatMap((slot) => ('name' in slot ? [slot.name] : [])));
  const unused = names.filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`query template: ${unused.join(', ')} not used as a whole value`);
  return (values: Record<K, unknown>) =>
    CompiledQuery.raw(
      sql,
      slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value)),
    ) as CompiledQuery<O>;
}
