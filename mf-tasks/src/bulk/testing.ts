import type { BulkRequest, Folder, Task } from '@baton/contracts';
import type { mockServer } from '@baton/web-platform/testing/msw';
import { HttpResponse, http } from 'msw';
import { listHandlers, taskOf } from '../testing';

let changes = 0;

/**
 * `POST /api/tasks/bulk/` and its undo over a test's tasks, as the tasks service answers them (all or nothing,
 * the undo putting every task back as it was, deleted ones too). `requests` records each body.
 */
export function bulkHandlers(store: { get: () => Task[]; set: (tasks: Task[]) => void }) {
  const requests: { path: string; body: unknown }[] = [];
  /** The change ids answered, in order. */
  const changeIds: string[] = [];
  const before = new Map<string, Task[]>();
  const change = (task: Task, body: BulkRequest): Task => {
    switch (body.action) {
      case 'complete':
        return {
          ...task,
          completed: body.value,
          completedAt: body.value ? '2026-11-27T10:00:00.000Z' : null,
        };
      case 'priority':
        return { ...task, priority: body.value };
      case 'due_date':
        return { ...task, dueDate: body.value };
      case 'folder':
        return { ...task, folder: body.value ? { id: body.value, name: 'Folder', color: null } : null };
      default:
        return task;
    }
  };
  const handlers = [
    http.post('/api/tasks/bulk/', async ({ request }) => {
      const body = (await request.json()) as BulkRequest;
      requests.push({ path: 'bulk', body });
      const ids = body.task_ids;
      changes += 1;
      const changeId = `00000000-0000-4000-8000-c${String(changes).padStart(11, '0')}`;
      changeIds.push(changeId);
      before.set(
        changeId,
        store.get().filter((task) => ids.includes(task.id)),
      );
      if (body.action === 'delete') {
        store.set(store.get().filter((task) => !ids.includes(task.id)));
        return HttpResponse.json({ change_id: changeId, tasks: [], deleted: ids });
      }
      store.set(store.get().map((task) => (ids.includes(task.id) ? change(task, body) : task)));
      return HttpResponse.json({
        change_id: changeId,
        tasks: store.get().filter((task) => ids.includes(task.id)),
        deleted: [],
      });
    }),
    http.post('/api/tasks/bulk/undo/', async ({ request }) => {
      const body = (await request.json()) as { change_id: string };
      requests.push({ path: 'undo', body });
      const old = before.get(body.change_id) ?? [];
      const ids = old.map((task) => task.id);
      store.set([...store.get().filter((task) => !ids.includes(task.id)), ...old]);
      return HttpResponse.json({ tasks: old });
    }),
  ];
  return { handlers, requests, changeIds };
}

type TaskStore = Parameters<typeof bulkHandlers>[0];

/** Personal tasks with these titles, newest first as listed. */
export const titledTasks = (titles: string[]) =>
  titles.map((title, i) => taskOf({ title, created_at: `2026-11-0${9 - i}T09:00:00.000Z` }));

/** The list routes over a test's tasks and `folders`, and the bulk routes over the same tasks. */
export function serveBulkList(server: ReturnType<typeof mockServer>, store: TaskStore, folders: Folder[]) {
  const bulk = bulkHandlers(store);
  server.use(...listHandlers(store.get, () => folders), ...bulk.handlers);
  return bulk;
}
