import { type ImportReport, type importRequest, limits, transferMessages as m } from '@baton/contracts';
import { type AuthContext, badRequest, enqueueEvent } from '@baton/service-kit';
import type { z } from 'zod';
import { actingAs } from '../../access';
import type { TasksDb, TasksDeps, TasksTrx } from '../../context';
import { type FileRow, readImportFile } from './import.formats';
import { type ImportedTask, insertImported, lockImports, tasksTitled } from './import.repository';

type ImportRequest = z.output<typeof importRequest>;
type LeftOut = ImportReport['skipped'][number];

/** Tasks a preview lists (the report counts them all). */
const previewSize = 100;

interface Checked extends ImportedTask {
  row: number;
}

/** Why a row cannot be a task, if it cannot (the checks of the task form, and the file's own refusal). */
function problemOf(row: FileRow, title: string) {
  if (row.refusal) return row.refusal;
  if (!title) return m.noTitle;
  if (title.length > limits.titleMax) return m.titleTooLong;
  if ('bad' in row.due) return m.badDate;
  if (row.description.length > limits.descriptionMax) return m.descriptionTooLong;
  return undefined;
}

/** The file's rows as tasks, and the rows refused, with why. */
function check(rows: FileRow[]) {
  const tasks: Checked[] = [];
  const refused: LeftOut[] = [];
  for (const row of rows) {
    const title = row.title.trim();
    const problem = problemOf(row, title);
    if (problem || 'bad' in row.due) {
      refused.push({ row: row.row, title, reason: problem ?? m.badDate });
      continue;
    }
    const { description, priority, completed, completedAt, progress } = row;
    tasks.push({
      row: row.row,
      title,
      description,
      dueDate: row.due.date,
      priority,
      completed,
      completedAt,
      progress,
    });
  }
  return { tasks, refused };
}

/** Title and calendar day: what makes two tasks the same for an import (a due time does not count). */
const keyOf = (title: string, dueDate: string | null) => `${title}\u0000${dueDate?.slice(0, 10) ?? ''}`;

/** The tasks to create: those not already the person's, nor earlier in the same file. */
async function withoutDuplicates(db: TasksDb | TasksTrx, userId: string, tasks: Checked[]) {
  const existing = await tasksTitled(db, userId, [...new Set(tasks.map((task) => task.title))]);
  const seen = new Set(existing.map((task) => keyOf(task.title, task.due_date)));
  const fresh: Checked[] = [];
  const skipped: LeftOut[] = [];
  for (const task of tasks) {
    const key = keyOf(task.title, task.dueDate);
    if (seen.has(key)) skipped.push({ row: task.row, title: task.title, reason: m.duplicate });
    else {
      seen.add(key);
      fresh.push(task);
    }
  }
  return { fresh, skipped };
}

/**
 * `POST /api/import/`: the file's tasks as personal tasks of the caller. Without `confirm`, a preview: what
 * would be created, skipped and refused, nothing written. With it, the same, decided again and written in
 * one transaction, in bulk. The lists learn of it by one `tasks.folders.changed` for the caller (their
 * `/ws/tasks/` gets `folders_changed` and fetches lists and folders again), not one `tasks.task.created`
 * per task: ten thousand events would each become a message, a notification check and a reminder check
 * in notifications, and a copy in folders (which asks tasks about a task it has not heard of when it files one).
 */
export async function importTasks(
  deps: TasksDeps,
  me: AuthContext,
  body: ImportRequest,
): Promise<ImportReport> {
  const file = readImportFile(body.content);
  if (file.rows.length > limits.importRowsMax) throw badRequest(m.importTooManyRows);
  const { tasks, refused } = check(file.rows);
  const plan = body.confirm
    ? await deps.write(async (trx) => {
        await actingAs(trx, me.userId);
        await lockImports(trx, me.userId);
        const decided = await withoutDuplicates(trx, me.userId, tasks);
        await insertImported(trx, me, decided.fresh);
        if (decided.fresh.length > 0)
          await enqueueEvent(trx, 'tasks.folders.changed', {
            actorId: me.userId,
            audience: [me.userId],
            data: {},
          });
        return decided;
      })
    : await withoutDuplicates(deps.db, me.userId, tasks);
  const created = plan.fresh.length;
  return {
    format: file.format,
    confirmed: body.confirm,
    created,
    tasks: plan.fresh.slice(0, previewSize).map(({ row, title, description, dueDate, priority }) => ({
      row,
      title,
      description,
      dueDate,
      priority,
    })),
    skipped: plan.skipped,
    refused,
    message: body.confirm ? m.imported(created) : m.preview(created),
  };
}
