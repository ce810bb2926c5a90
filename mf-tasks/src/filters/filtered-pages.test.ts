import type { Task } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { type ListView, type Pages, pageRequest, placeTask } from '../list/pages';
import { taskOf } from '../testing';

const view: ListView = {
  category: 'Personal Tasks',
  folderId: null,
  tab: 'due',
  sort: 'Newly Added',
  filter: { priority: 'Immediate', q: 'invoice' },
};
const pagesOf = (...tasks: Task[]): Pages => ({
  pages: [{ tasks, next: null, counts: { due: tasks.length, completed: 0 } }],
  pageParams: [null],
});

describe('a filtered view in the cache', () => {
  it('asks the server with its filter', () => {
    expect(pageRequest(view, null).filter).toEqual({ priority: 'Immediate', q: 'invoice' });
    expect(pageRequest({ ...view, filter: {} }, null)).not.toHaveProperty('filter');
  });

  it('a task it holds that no longer passes a filter leaves it, and the count follows', () => {
    const task = taskOf({ title: 'Pay the invoice', priority: 'Immediate' });
    const data = pagesOf(task);
    placeTask(data, view, task, { ...task, priority: 'Lenient' });
    expect(data.pages[0]?.tasks).toEqual([]);
    expect(data.pages[0]?.counts?.due).toBe(0);
  });

  it('a task it holds changes in place', () => {
    const task = taskOf({ title: 'Pay the invoice', priority: 'Immediate' });
    const data = pagesOf(task);
    placeTask(data, view, task, { ...task, progress: 50 });
    expect(data.pages[0]?.tasks.map((t) => t.progress)).toEqual([50]);
  });

  it('a task it does not hold does not join it (the words are the server’s to judge)', () => {
    const held = taskOf({ title: 'Pay the invoice', priority: 'Immediate' });
    const other = taskOf({ title: 'Water the plants', priority: 'Moderate' });
    const data = pagesOf(held);
    placeTask(data, view, other, { ...other, priority: 'Immediate' });
    expect(data.pages[0]?.tasks.map((t) => t.title)).toEqual(['Pay the invoice']);
    expect(data.pages[0]?.counts?.due).toBe(1);
  });
});
