import type { AuthContext } from '@baton/service-kit';
import type { TasksDb, TasksDeps } from '../../context';
import type { TaskKind } from '../../db/schema';
import { streamedBody } from '../../streaming';
import { wholeListBatches } from './whole-list.repository';

/**
 * Longest a whole list may take to reach its client: its cursor holds a database connection until the last
 * batch is taken, so a client that stops reading would otherwise keep one. As long as a statement may run
 * (30 s, `openDatabase`); 10,000 tasks (4.8 MiB) need a client that reads 160 KiB a second.
 */
const wholeListDeadlineMs = 30_000;

/**
 * A whole list (SPEC §7, no `page`) as the JSON text of a TaskList, written as Postgres reads it: the same
 * bytes as the list built whole (`{"tasks":[...]}`), a batch of tasks at a time.
 */
export async function wholeListAnswer(deps: TasksDeps, me: AuthContext, kind: TaskKind) {
  const body = await streamedBody(wholeListText(deps.db, kind, me.userId), {
    failed: (error) =>
      deps.logger.error({ err: error, userId: me.userId, kind }, 'whole list failed while streaming'),
    deadlineMs: wholeListDeadlineMs,
  });
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}

/** The TaskList's text: its first piece holds the first batch, so a failed read there is an error status. */
async function* wholeListText(db: TasksDb, kind: TaskKind, userId: string) {
  let first = true;
  for await (const tasks of wholeListBatches(db, kind, userId)) {
    yield `${first ? '{"tasks":[' : ','}${tasks.join(',')}`;
    first = false;
  }
  yield first ? '{"tasks":[]}' : ']}';
}
