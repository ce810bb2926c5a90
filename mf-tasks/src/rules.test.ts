import type { Task } from '@baton/contracts';
import { taskCategories } from '@baton/web-platform';
import { describe, expect, it } from 'vitest';
import {
  addLabel,
  canMoveProgress,
  capabilities,
  dueState,
  formatDueDay,
  kindOf,
  orderOf,
  preview,
  progressLabel,
  shownProgress,
  today,
} from './rules';

describe('SPEC §6 capabilities per category', () => {
  it('matches the table', () => {
    const row = (category: (typeof taskCategories)[number]) => {
      const c = capabilities[category];
      return [c.edit, c.delete, c.complete, c.progress, c.dueDate, c.ownerSide];
    };
    expect(row('Personal Tasks')).toEqual([true, true, true, true, true, false]);
    expect(row('Tasks Delegated - Assigned')).toEqual([true, true, false, false, false, true]);
    expect(row('Tasks Delegated - Invitation')).toEqual([true, true, false, true, false, true]);
    expect(row('Assigned Tasks')).toEqual([false, false, true, true, false, false]);
    expect(row('Invited Tasks')).toEqual([false, false, true, true, false, false]);
  });

  it('labels the add button per kind of task', () => {
    expect(taskCategories.map((c) => addLabel(kindOf(c)))).toEqual([
      'Add Tasks',
      'Assign Task',
      'Invite to Task',
      'Assign Task',
      'Invite to Task',
    ]);
  });

  it('lets the slider move only where progress is allowed, on an open, accepted task', () => {
    const open = { completed: false, is_accepted: true };
    expect(canMoveProgress('Personal Tasks', open)).toBe(true);
    expect(canMoveProgress('Tasks Delegated - Assigned', open)).toBe(false);
    expect(canMoveProgress('Assigned Tasks', { ...open, completed: true })).toBe(false);
    expect(canMoveProgress('Invited Tasks', { ...open, is_accepted: false })).toBe(false);
  });
});

describe('SPEC §4 progress label', () => {
  it.each([
    [0, 'Not started'],
    [5, 'Started'],
    [30, 'Started'],
    [35, 'Half way'],
    [60, 'Half way'],
    [65, 'Almost done'],
    [95, 'Almost done'],
    [100, 'Done'],
  ])('%i%% is %s', (progress, label) => {
    expect(progressLabel(progress)).toBe(label);
  });

  it('shows a completed task at 100%', () => {
    expect(shownProgress({ completed: true, progress: 40 })).toBe(100);
    expect(shownProgress({ completed: false, progress: 40 })).toBe(40);
  });
});

describe('description preview', () => {
  it('cuts at 150 characters', () => {
    expect(preview('a'.repeat(150))).toEqual({ text: 'a'.repeat(150), cut: false });
    expect(preview('a'.repeat(151))).toEqual({ text: `${'a'.repeat(150)}…`, cut: true });
    expect(preview('😀'.repeat(151)).text).toBe(`${'😀'.repeat(150)}…`);
  });
});

describe('sorting', () => {
  const t = (
    id: string,
    created: string,
    priority: Task['priority'],
    due: string | null,
    completedAt = null as string | null,
  ) => ({
    id,
    created_at: created,
    priority,
    dueDate: due,
    completedAt,
  });
  const tasks = [
    t('a', '2026-01-01T00:00:00Z', 'Lenient', '2026-03-01'),
    t('b', '2026-01-03T00:00:00Z', 'Moderate', null),
    t('c', '2026-01-02T00:00:00Z', 'Immediate', '2026-02-01'),
    t('d', '2026-01-04T00:00:00Z', 'Immediate', '2026-04-01'),
  ];
  const ids = (list: { id: string }[]) => list.map((x) => x.id).join('');

  it('Newly Added: newest first', () =>
    expect(ids([...tasks].sort(orderOf('due', 'Newly Added')))).toBe('dbca'));
  it('Priority: Immediate, Moderate, Lenient (newest first within)', () =>
    expect(ids([...tasks].sort(orderOf('due', 'Priority')))).toBe('dcba'));
  it('Due Date: soonest first, none last', () =>
    expect(ids([...tasks].sort(orderOf('due', 'Due Date')))).toBe('cadb'));
  it('breaks ties as the tasks service pages them: id descending newest first, ascending within a key', () => {
    const same = [
      t('2', '2026-01-01T00:00:00Z', 'Lenient', null),
      t('1', '2026-01-01T00:00:00Z', 'Lenient', null),
    ];
    expect(ids([...same].sort(orderOf('due', 'Newly Added')))).toBe('21');
    expect(ids([...same].sort(orderOf('due', 'Priority')))).toBe('12');
    expect(ids([...same].sort(orderOf('due', 'Due Date')))).toBe('12');
  });
  it('Completed: newest completion first', () => {
    const done = [
      t('x', '2026-01-01T00:00:00Z', 'Lenient', null, '2026-02-01T00:00:00Z'),
      t('y', '2026-01-01T00:00:00Z', 'Lenient', null, '2026-03-01T00:00:00Z'),
    ];
    expect(ids(done.sort(orderOf('completed', 'Newly Added')))).toBe('yx');
  });
});

describe('due state', () => {
  const on = '2026-11-26';
  it.each([
    ['2026-11-25', false, 'overdue'],
    ['2026-11-26', false, 'today'],
    ['2026-11-27', false, null],
    ['2026-11-25', true, null],
    [null, false, null],
  ] as const)('due %s, completed %s: %s', (dueDate, completed, state) => {
    expect(dueState({ dueDate: dueDate && `${dueDate}T00:00:00.000Z`, completed }, on)).toBe(state);
  });

  it('today is the local calendar day', () => {
    expect(today(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it("writes a due day in the person's locale, the same day everywhere", () => {
    expect(formatDueDay('2026-12-01', 'en-US')).toBe('Dec 1, 2026');
    expect(formatDueDay('2026-12-01', 'de-DE')).toBe('01.12.2026');
  });
});
