import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';
import { selectTaskJson, selectTaskViews, tasksAnswer, toTask } from './tasks.repository';

const env = useTestTasks();

/** Text Postgres stores (no NUL), from empty to unicode with quotes and backslashes. */
const text = fc.string({ unit: 'binary', maxLength: 12 }).map((s) => s.replaceAll('\u0000', ''));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
/** Microseconds since 1970 within 1970–2100: Postgres keeps them, a Date keeps milliseconds. */
const instant = fc.bigInt({ min: 0n, max: 4_102_444_800_000_000n });

const taskRow = fc.record({
  kind: fc.constantFrom('personal', 'assign', 'invite'),
  title: text,
  description: text,
  dueDate: maybe(fc.constantFrom('2026-12-01', '2027-01-31T09:30:00.000Z')),
  priority: fc.constantFrom('Immediate', 'Moderate', 'Lenient'),
  progress: fc.integer({ min: 0, max: 100 }),
  completed: fc.boolean(),
  completedAt: maybe(instant),
  createdAt: instant,
  ownerName: maybe(text),
  folder: maybe(fc.record({ name: text, color: maybe(text) })),
  attachment: fc.record({
    key: maybe(text),
    url: maybe(text),
    name: maybe(text),
    type: maybe(text),
    size: maybe(fc.bigInt({ min: 0n, max: 26_214_400n })),
  }),
  recipient: maybe(
    fc.record({ email: text, hasAccount: fc.boolean(), accepted: fc.boolean(), trusted: fc.boolean() }),
  ),
  viewedByOwner: fc.boolean(),
});
type TaskRow = typeof taskRow extends fc.Arbitrary<infer T> ? T : never;

const at = (us: bigint) => sql<Date>`to_timestamp(${String(us)}::numeric / 1000000)`;

/** Writes one generated task, with its owner's name, folder and recipient as tasks' projections hold them. */
async function write(row: TaskRow) {
  const { db } = env.t;
  const ownerId = randomUUID();
  const recipientId = row.recipient?.hasAccount ? randomUUID() : null;
  if (row.ownerName !== null)
    await db
      .insertInto('users')
      .values({ id: ownerId, email: `${ownerId}@x.test`, first_name: row.ownerName, last_name: '' })
      .execute();
  const folderId = row.folder ? randomUUID() : null;
  if (row.folder && folderId)
    await db
      .insertInto('folders')
      .values({ id: folderId, owner_id: ownerId, name: row.folder.name, color: row.folder.color })
      .execute();
  const { id } = await db
    .insertInto('tasks')
    .values({
      owner_id: ownerId,
      owner_email: `${ownerId}@x.test`,
      kind: row.kind,
      title: row.title,
      description: row.description,
      due_date: row.dueDate,
      priority: row.priority,
      progress: row.progress,
      completed: row.completed,
      completed_at: row.completedAt === null ? null : at(row.completedAt),
      created_at: at(row.createdAt),
      folder_id: folderId,
      attachment_key: row.attachment.key,
      attachment_url: row.attachment.url,
      attachment_name: row.attachment.name,
      attachment_type: row.attachment.type,
      attachment_size: row.attachment.size === null ? null : String(row.attachment.size),
      recipient_id: recipientId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (row.recipient)
    await db
      .insertInto('task_recipients')
      .values({
        task_id: id,
        email: row.recipient.email,
        user_id: recipientId,
        accepted_at: row.recipient.accepted ? at(row.createdAt) : null,
        is_trusted: row.recipient.trusted,
      })
      .execute();
  return { id, viewer: row.viewedByOwner ? ownerId : (recipientId ?? randomUUID()) };
}

describe('a task as JSON written by Postgres', () => {
  it('is what toTask makes of the same row, for every kind of task, from either side', async () => {
    await fc.assert(
      fc.asyncProperty(taskRow, async (row) => {
        const { id, viewer } = await write(row);
        const view = await selectTaskViews(env.t.db).where('t.id', '=', id).executeTakeFirstOrThrow();
        const { task } = await selectTaskJson(env.t.db, viewer)
          .where('t.id', '=', id)
          .executeTakeFirstOrThrow();
        expect(JSON.parse(task)).toStrictEqual(toTask(view, viewer));
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('makes an answer of tasks already written as JSON', () => {
    expect(JSON.parse(tasksAnswer(['{"id":"a"}', '{"id":"b"}'], { next: null, counts: { due: 2 } }))).toEqual(
      {
        tasks: [{ id: 'a' }, { id: 'b' }],
        next: null,
        counts: { due: 2 },
      },
    );
    expect(JSON.parse(tasksAnswer([]))).toEqual({ tasks: [] });
  });
});
