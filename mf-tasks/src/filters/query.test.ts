import type { TaskFilter } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { filterOf, queryOf } from './query';

describe("a list's filters in its URL query", () => {
  it.each<TaskFilter>([
    {},
    { q: 'quarterly report' },
    { priority: 'Immediate', due: 'week', state: 'accepted' },
    { due: 'range', from: '2026-12-01', to: '2026-12-31', person: 'bo@example.com' },
    { attachment: true, q: 'ä & = ?' },
    { attachment: false, due: 'none', state: 'proposed' },
  ])('round-trips %o', (filter) => {
    expect(filterOf(queryOf(filter))).toEqual(filter);
  });

  it('names each filter by its contract name, in one order whatever order they were set in', () => {
    expect(queryOf({ state: 'pending', q: 'tax', priority: 'Lenient', attachment: true })).toBe(
      'q=tax&priority=Lenient&state=pending&attachment=true',
    );
    expect(queryOf({ priority: 'Lenient', q: 'tax' })).toBe(queryOf({ q: 'tax', priority: 'Lenient' }));
  });

  it('leaves out what does not parse, and keeps the rest', () => {
    expect(filterOf('priority=Urgent&due=week&state=lost&attachment=maybe&person=nobody&foo=1')).toEqual({
      due: 'week',
    });
  });

  it('takes dates only with a whole range, and no range that ends before it starts', () => {
    expect(filterOf('due=week&from=2026-12-01&to=2026-12-31')).toEqual({ due: 'week' });
    expect(filterOf('due=range&from=2026-12-01')).toEqual({});
    expect(filterOf('due=range&from=2026-12-31&to=2026-12-01&priority=Moderate')).toEqual({
      priority: 'Moderate',
    });
    expect(queryOf({ due: 'today', from: '2026-12-01', to: '2026-12-02' })).toBe('due=today');
  });
});
