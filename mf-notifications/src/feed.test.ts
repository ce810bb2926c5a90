import { describe, expect, it } from 'vitest';
import { asNotification, batches, groupByDay, newestFirst, readIds, unreadIds } from './feed';
import { makeNotification, taskId } from './testing';

describe('the list', () => {
  const now = new Date(2026, 2, 18, 12); // a Wednesday
  const today = makeNotification({ created_at: new Date(2026, 2, 18, 9).toISOString() });
  const yesterday = makeNotification({ created_at: new Date(2026, 2, 17, 9).toISOString(), is_read: true });
  const monday = makeNotification({ created_at: new Date(2026, 2, 16, 9).toISOString() });
  const undated = makeNotification({ created_at: '' });
  const old = makeNotification({ created_at: new Date(2025, 0, 1).toISOString(), is_read: true });

  it('is newest first, undated last', () => {
    expect(newestFirst([undated, old, monday, today, yesterday])).toEqual([
      today,
      yesterday,
      monday,
      old,
      undated,
    ]);
  });

  it('is grouped in heading order without empty headings', () => {
    expect(groupByDay(newestFirst([undated, today, old]), now)).toEqual([
      { group: 'Today', items: [today] },
      { group: 'Earlier', items: [old, undated] },
    ]);
    expect(groupByDay([today, yesterday, monday], now).map((g) => g.group)).toEqual([
      'Today',
      'Yesterday',
      'This Week',
    ]);
  });

  it('knows its read and unread ids', () => {
    const items = [today, yesterday, monday, old];
    expect(unreadIds(items)).toEqual([today.id, monday.id]);
    expect(readIds(items)).toEqual([yesterday.id, old.id]);
  });

  it('sends ids in one call up to the server limit (500), in more above it', () => {
    expect(batches(['a', 'b'])).toEqual([['a', 'b']]);
    expect(batches([])).toEqual([]);
    const many = Array.from({ length: 501 }, (_, i) => String(i));
    expect(batches(many).map((b) => b.length)).toEqual([500, 1]);
  });
});

describe('asNotification', () => {
  it('accepts the shape of SPEC §3 and nothing else', () => {
    const valid = makeNotification();
    expect(asNotification(valid)).toBe(valid);
    for (const broken of [
      null,
      'text',
      { ...valid, type: 'danger' },
      { ...valid, id: 7 },
      { ...valid, is_read: 'no' },
      { ...valid, created_at: undefined },
      { ...valid, task_id: 'nope' },
      { ...valid, action: 'accept' },
    ])
      expect(asNotification(broken)).toBeUndefined();
  });

  it('takes the task link and Accept, or a push without them', () => {
    const offer = makeNotification({ task_id: taskId, action: 'invite_accept' });
    expect(asNotification(offer)).toBe(offer);
    const { task_id: _t, action: _a, ...older } = offer;
    expect(asNotification(older)).toBe(older);
  });
});
