import type { Task } from '@baton/contracts';
import type { AuthContext, Logger } from '@baton/service-kit';
import { stringify } from 'csv-stringify/sync';
import type { TasksDeps } from '../../context';
import { streamedBody } from '../../streaming';
import { batonCsvHeader, batonCsvRow } from './baton-csv';
import { exportChunk, exportIds, notesOf } from './export.repository';

/** Tasks read and written per step of an export: one step's text is all the export holds at a time. */
const chunkSize = 500;

/** How an export writes its file: a beginning, each chunk of tasks, an end. */
interface ExportFormat {
  extension: 'csv' | 'json';
  contentType: string;
  head: () => string;
  chunk: (deps: TasksDeps, tasks: Task[], first: boolean) => Promise<string>;
  tail: string;
}

const csvFormat: ExportFormat = {
  extension: 'csv',
  contentType: 'text/csv; charset=utf-8',
  // The byte order mark tells spreadsheets the file is UTF-8 (the import skips it).
  head: () => `\uFEFF${stringify([batonCsvHeader])}`,
  chunk: async (_deps, tasks) => stringify(tasks.map(batonCsvRow)),
  tail: '',
};

const jsonFormat: ExportFormat = {
  extension: 'json',
  contentType: 'application/json; charset=utf-8',
  head: () => `{"exportedAt":${JSON.stringify(new Date().toISOString())},"tasks":[`,
  chunk: async (deps, tasks, first) => {
    const notes = await notesOf(
      deps.db,
      tasks.map((task) => task.id),
    );
    const texts = tasks.map((task) =>
      JSON.stringify({
        ...task,
        comments: notes.comments.get(task.id) ?? [],
        progressNotes: notes.progress.get(task.id) ?? [],
      }),
    );
    return `${first ? '' : ','}${texts.join(',')}`;
  },
  tail: ']}',
};

export const exportFormats = { csv: csvFormat, json: jsonFormat } as const;

/** `baton-tasks-2026-11-28.csv`: the day of the export (UTC). */
const fileName = (extension: string) => `baton-tasks-${new Date().toISOString().slice(0, 10)}.${extension}`;

/**
 * Every task the person owns or receives, as a file streamed a chunk at a time: the next chunk is read
 * from Postgres only when the client took the previous one, so a 10,000-task export holds 500 tasks at
 * most. The ids are read before answering, so a database that is away is still a 503, not a cut file.
 */
export async function exportTasks(deps: TasksDeps, me: AuthContext, format: ExportFormat) {
  const ids = await exportIds(deps.db, me.userId);
  const body = await streamedBody(exportText(deps, me, format, ids), {
    failed: (error) => failed(deps.logger, me, error),
  });
  return new Response(body, {
    headers: {
      'Content-Type': format.contentType,
      'Content-Disposition': `attachment; filename="${fileName(format.extension)}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/** The file's text: its beginning, the tasks of `ids` a chunk at a time, its end. */
async function* exportText(deps: TasksDeps, me: AuthContext, format: ExportFormat, ids: string[]) {
  yield format.head();
  let written = false;
  for (let next = 0; next < ids.length; next += chunkSize) {
    const tasks = await exportChunk(deps.db, me.userId, ids.slice(next, next + chunkSize));
    // A chunk whose tasks were all deleted meanwhile writes nothing (and no stray comma).
    if (tasks.length === 0) continue;
    yield await format.chunk(deps, tasks, !written);
    written = true;
  }
  if (format.tail) yield format.tail;
}

/** The answer's status is sent already: the client sees a cut download, the log says why. */
const failed = (logger: Logger, me: AuthContext, error: unknown) =>
  logger.error({ err: error, userId: me.userId }, 'export failed while streaming');
