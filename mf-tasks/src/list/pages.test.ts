import type { Task, TaskPage } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { taskOf } from '../testing';
import { type ListView, loadedTasks, type Pages, pageRequest, placeTask } from './pages';

const view = (overrides: Partial<ListView> = {}): ListView => ({
  category: 'Personal Tasks',
  folderId: null,
  tab: 'due',
  sort: 'Newly Added',
  ...overrides,
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
const task = (title: string, minute: number, overrides: Partial<Task> = {}) =>
  taskOf({ title, created_at: at(minute), ...overrides });

/** Cached pages of the given tasks (in order), split as given; `more`: a further page exists on the server. */
function pagesOf(split: Task[][], counts = { due: 0, completed: 0 }, more = false): Pages {
  const pages: TaskPage[] = split.map((tasks, i) => ({
    tasks,
    next: i < split.length - 1 || more ? `c${i + 1}` : null,
    counts: i === 0 ? { ...counts } : null,
  }));
  return { pages, pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)) };
}
const titles = (data: Pages) => loadedTasks(data).map((t) => t.title);

describe('placing a changed task in cached pages', () => {
  const [a, b, c, d] = [task('a', 40), task('b', 30), task('c', 20), task('d', 10)];

  it('patches in place where the order does not change', () => {
    const data = pagesOf([[a, b], [c]], { due: 3, completed: 0 });
    placeTask(data, view(), b, { ...b, progress: 40 });
    expect(titles(data)).toEqual(['a', 'b', 'c']);
    expect(loadedTasks(data)[1]?.progress).toBe(40);
    expect(data.pages[0]?.counts).toEqual({ due: 3, completed: 0 });
  });

  it('moves a task whose sort key changed, across pages', () => {
    const data = pagesOf(
      [
        [a, b],
        [c, d],
      ],
      { due: 4, completed: 0 },
    );
    const sorted = view({ sort: 'Priority' });
    placeTask(data, sorted, d, { ...d, priority: 'Immediate' });
    expect(titles(data)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('completing takes it out of Due Now and onto the top of Completed; both tabs count it', () => {
    const due = pagesOf([[a, b, c]], { due: 3, completed: 1 });
    const done = pagesOf([[task('old', 1, { completed: true, completedAt: at(5) })]], {
      due: 3,
      completed: 1,
    });
    const completed = { ...b, completed: true, completedAt: at(50) };
    placeTask(due, view(), b, completed);
    placeTask(done, view({ tab: 'completed' }), b, completed);
    expect(titles(due)).toEqual(['a', 'c']);
    expect(titles(done)).toEqual(['b', 'old']);
    expect(due.pages[0]?.counts).toEqual({ due: 2, completed: 2 });
    expect(done.pages[0]?.counts).toEqual({ due: 2, completed: 2 });
  });

  it('leaves a task that sorts after everything loaded to a later page, unless the list is all here', () => {
    const partial = pagesOf([[a, b]], { due: 4, completed: 0 }, true);
    placeTask(partial, view(), d, { ...d });
    expect(titles(partial)).toEqual(['a', 'b']);
    const whole = pagesOf([[a, b]], { due: 3, completed: 0 });
    placeTask(whole, view(), d, { ...d });
    expect(titles(whole)).toEqual(['a', 'b', 'd']);
  });

  it('a task filed in a folder leaves the unfiled list and joins the folder, counted in each', () => {
    const folder = { id: '10000000-0000-4000-8000-000000000001', name: 'Work', color: null };
    const unfiled = pagesOf([[a, b]], { due: 2, completed: 0 });
    const inFolder = pagesOf([[]], { due: 0, completed: 0 });
    placeTask(unfiled, view(), a, { ...a, folder });
    placeTask(inFolder, view({ folderId: folder.id }), a, { ...a, folder });
    expect(titles(unfiled)).toEqual(['b']);
    expect(unfiled.pages[0]?.counts).toEqual({ due: 1, completed: 0 });
    expect(titles(inFolder)).toEqual(['a']);
    expect(inFolder.pages[0]?.counts).toEqual({ due: 1, completed: 0 });
  });

  it('a deleted task leaves, and its tab counts one fewer', () => {
    const data = pagesOf([[a], [b, c]], { due: 3, completed: 0 });
    placeTask(data, view(), b, undefined);
    expect(titles(data)).toEqual(['a', 'c']);
    expect(data.pages[0]?.counts).toEqual({ due: 2, completed: 0 });
  });

  it('a task of another side of the list is not counted or shown', () => {
    const data = pagesOf([[a]], { due: 1, completed: 0 });
    const theirs = task('theirs', 50, { category: 'Assigned Tasks' });
    placeTask(data, view(), theirs, { ...theirs, progress: 10 });
    expect(titles(data)).toEqual(['a']);
    expect(data.pages[0]?.counts).toEqual({ due: 1, completed: 0 });
  });

  it('shows a task once if it moved across a page boundary while pages loaded', () => {
    expect(
      titles(
        pagesOf([
          [a, b],
          [b, c],
        ]),
      ),
    ).toEqual(['a', 'b', 'c']);
  });
});

describe('page requests', () => {
  it('ask for the side, folder, tab and order of the view', () => {
    expect(pageRequest(view(), null)).toEqual({ side: 'owner', folder: 'none', tab: 'due', sort: 'newest' });
    expect(pageRequest(view({ folderId: 'f', tab: 'completed' }), 'next')).toEqual({
      side: 'owner',
      folder: 'f',
      tab: 'completed',
      sort: 'newest',
      cursor: 'next',
    });
    expect(pageRequest(view({ category: 'Tasks Delegated - Invitation', sort: 'Due Date' }), null)).toEqual({
      side: 'owner',
      tab: 'due',
      sort: 'due',
    });
    expect(pageRequest(view({ category: 'Invited Tasks', sort: 'Priority' }), null)).toEqual({
      side: 'recipient',
      tab: 'due',
      sort: 'priority',
    });
  });
});
