import { CompiledQuery } from 'kysely';
import type { TasksDb } from '../../context';
import type { TaskKind } from '../../db/schema';
import { selectTaskJson } from './tasks.repository';

/**
 * The query of a whole list, as SPEC §7 has it (no `page`): a personal list is the person's own tasks; a
 * delegated one holds both sides.
 */
export function wholeListQuery(db: TasksDb, kind: TaskKind, userId: string) {
  const query = selectTaskJson(db, userId).where('t.kind', '=', kind);
  return kind === 'personal'
    ? query.where('t.owner_id', '=', userId)
    : query.where((eb) => eb.or([eb('t.owner_id', '=', userId), eb('r.user_id', '=', userId)]));
}

/** Tasks the first FETCH reads (few, so the first bytes leave soon), then each next one. */
const firstBatch = 100;
const batch = 500;

/**
 * A whole list read with a Postgres cursor, a batch of its tasks' JSON texts at a time, in the list's order.
 * Each batch is fetched as the ones before are taken, so the list is never held whole. The cursor lives in
 * a read-only transaction on a connection of its own (one snapshot, as one statement has), which goes back
 * to the pool when the generator ends, fails or is returned early (a client gone, a deadline).
 *
 * A cursor's plan is made for its first rows (`cursor_tuple_fraction`): Postgres sorts the joined rows, then
 * writes each task's JSON as it is fetched, so the first batch leaves after the sort, not after 10,000 JSON
 * texts. (Sorting the keys alone and writing each task's JSON by its id after the sort cost 3 times as much in
 * all: an index lookup and four joins per task. bench/README.md, "The whole list".)
 */
export async function* wholeListBatches(db: TasksDb, kind: TaskKind, userId: string) {
  const query = wholeListQuery(db, kind, userId).compile();
  const trx = await db.startTransaction().setAccessMode('read only').execute();
  try {
    await trx.executeQuery(
      CompiledQuery.raw(`declare whole_list no scroll cursor for ${query.sql}`, [...query.parameters]),
    );
    for (let size = firstBatch; ; size = batch) {
      const { rows } = await trx.executeQuery(
        CompiledQuery.raw(`fetch ${size} from whole_list`) as CompiledQuery<{ task: string }>,
      );
      if (rows.length > 0) yield rows.map((row) => row.task);
      if (rows.length < size) return;
    }
  } finally {
    // Nothing to commit. The connection goes back even if this fails (it is broken then, and the pool's).
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
  }
}
