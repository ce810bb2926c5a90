import type { StateFilter, TaskFilter } from '@baton/contracts';
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TasksTables } from '../../db/schema';
import { matchesSearch } from '../search/search.repository';

/**
 * A list's filter (issue 36), split as the page statements are: its shape (which conditions; part of a
 * statement template's key) and its values (the statement's parameters).
 *
 * Dates: `overdue`, `today` and `week` (today and the six days after) start from `today`, the person's calendar
 * day in the time zone of their preferences (`todayIn`; UTC when they chose none). A due date is a calendar day.
 */
export interface FilterShape {
  q: boolean;
  priority: boolean;
  /** Before `dueTo` and still open (overdue), from `dueFrom` to `dueTo`, or no due date. */
  due?: 'before' | 'between' | 'none';
  state?: StateFilter;
  person: boolean;
  attachment?: boolean;
}
export type FilterValue = 'q' | 'priority' | 'dueFrom' | 'dueTo' | 'person';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAfter = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/** The calendar day (YYYY-MM-DD) it is at `now` in time zone `zone` (an IANA name; none: UTC). */
export const todayIn = (zone: string | null, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** Whether the filter counts from today (and so needs the person's time zone). */
export const countsFromToday = (filter: TaskFilter | undefined) =>
  filter?.due === 'overdue' || filter?.due === 'today' || filter?.due === 'week';

/** A filter's shape and values, or null when it filters nothing (an empty `q` is no filter). */
export function splitFilter(filter: TaskFilter | undefined, today = todayIn(null)) {
  if (!filter) return null;
  const q = filter.q?.trim() || undefined;
  const due = filter.due;
  const shape: FilterShape = {
    q: q !== undefined,
    priority: filter.priority !== undefined,
    due: due === undefined ? undefined : due === 'overdue' ? 'before' : due === 'none' ? 'none' : 'between',
    state: filter.state,
    person: filter.person !== undefined,
    attachment: filter.attachment,
  };
  const range: Record<Exclude<typeof due, undefined>, [string?, string?]> = {
    overdue: [undefined, today],
    today: [today, today],
    week: [today, daysAfter(today, 6)],
    range: [filter.from, filter.to],
    none: [],
  };
  const [dueFrom, dueTo] = due ? range[due] : [];
  const values: Partial<Record<FilterValue, string>> = {
    q,
    priority: filter.priority,
    dueFrom,
    dueTo,
    person: filter.person,
  };
  const active =
    shape.q || shape.priority || shape.due || shape.state || shape.person || shape.attachment !== undefined;
  return active ? { shape, values } : null;
}

/** The names of the values a shape's statement takes. */
export function filterValueNames(shape: FilterShape): FilterValue[] {
  return [
    ...(shape.q ? (['q'] as const) : []),
    ...(shape.priority ? (['priority'] as const) : []),
    ...(shape.due === 'before' ? (['dueTo'] as const) : []),
    ...(shape.due === 'between' ? (['dueFrom', 'dueTo'] as const) : []),
    ...(shape.person ? (['person'] as const) : []),
  ];
}

/** A shape as a template key. */
export const filterKey = (shape: FilterShape | undefined) => (shape ? JSON.stringify(shape) : 'all');

type Eb = ExpressionBuilder<{ t: TasksTables['tasks'] }, 't'>;
const recipientWhere = (condition: RawBuilder<unknown>) =>
  sql<SqlBool>`exists (select 1 from task_recipients r where r.task_id = t.id and ${condition})`;
const hasAttachment = sql<SqlBool>`(coalesce(t.attachment_key, '') <> '' or coalesce(t.attachment_url, '') <> '')`;

/**
 * The conditions of a filter of `shape` on `v.userId`'s tasks `t`, with `v` its values (or their placeholders). States:
 * pending and accepted are a delegated task's recipient's answer (a personal task is neither); proposed, an
 * open proposal of another due date; completed, done. Person: the task's delegator or its recipient.
 */
export function filterConditions(
  shape: FilterShape,
  v: Partial<Record<FilterValue, string>> & { userId: string },
) {
  return (eb: Eb) => {
    const day = sql`substr(t.due_date, 1, 10)`;
    const states: Record<StateFilter, RawBuilder<SqlBool>> = {
      pending: recipientWhere(sql`r.accepted_at is null`),
      accepted: recipientWhere(sql`r.accepted_at is not null`),
      proposed: sql`t.proposed_due_date is not null`,
      completed: sql`t.completed`,
    };
    const conditions: Expression<SqlBool>[] = [
      ...(shape.q ? [matchesSearch(v.userId, v.q as string)] : []),
      ...(shape.priority ? [eb('t.priority', '=', v.priority as never)] : []),
      ...(shape.due === 'before' ? [sql<SqlBool>`(${day} < ${v.dueTo} and not t.completed)`] : []),
      ...(shape.due === 'between' ? [sql<SqlBool>`${day} between ${v.dueFrom} and ${v.dueTo}`] : []),
      ...(shape.due === 'none' ? [sql<SqlBool>`t.due_date is null`] : []),
      ...(shape.state ? [states[shape.state]] : []),
      ...(shape.person
        ? [sql<SqlBool>`(t.owner_email = ${v.person} or ${recipientWhere(sql`r.email = ${v.person}`)})`]
        : []),
      ...(shape.attachment === undefined
        ? []
        : [shape.attachment ? hasAttachment : sql<SqlBool>`not ${hasAttachment}`]),
    ];
    return eb.and(conditions);
  };
}
