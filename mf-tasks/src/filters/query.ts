import { type TaskFilter, taskFilter } from '@baton/contracts';

/** The filters in the order their URL query names them (taskFilter's own names). */
const names = ['q', 'priority', 'due', 'from', 'to', 'state', 'person', 'attachment'] as const;
type Name = (typeof names)[number];
const fields = taskFilter.shape;

/** A filter's value as the URL holds it: text, and `true`/`false` for "has attachment". */
const parseValue = (name: Name, text: string) =>
  fields[name].safeParse(name === 'attachment' ? { true: true, false: false }[text] : text);

/**
 * The filters a list's URL query names. A value that does not parse (a hand-edited or outdated link) is left
 * out rather than failing the list, and so is a date range that is not one.
 */
export function filterOf(query: string): TaskFilter {
  const params = new URLSearchParams(query);
  const filter: Record<string, unknown> = {};
  for (const name of names) {
    const text = params.get(name);
    if (text === null || text.trim() === '') continue;
    const parsed = parseValue(name, text);
    if (parsed.success && parsed.data !== undefined) filter[name] = parsed.data;
  }
  if (filter.due !== 'range') {
    delete filter.from;
    delete filter.to;
  }
  const whole = taskFilter.safeParse(filter);
  if (whole.success) return whole.data;
  const { due: _due, from: _from, to: _to, ...rest } = filter;
  return rest as TaskFilter;
}

/** The URL query of a set of filters (without `?`), in one order, so equal filters give equal queries. */
export function queryOf(filter: TaskFilter): string {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = filter[name];
    if (value === undefined || value === '') continue;
    if ((name === 'from' || name === 'to') && filter.due !== 'range') continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/** Whether any filter narrows the list. */
export const isFiltered = (filter: TaskFilter) => queryOf(filter) !== '';
