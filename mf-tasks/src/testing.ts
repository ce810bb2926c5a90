import { type Folder, limits, type Task, type TaskPageRequest } from '@baton/contracts';
import { testUser } from '@baton/web-platform/testing';
import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { inView, type ListKind, orderOf } from './rules';

let next = 0;

/** A task as the lists return it; Ada's own personal task unless overridden. */
export function taskOf(overrides: Partial<Task> = {}): Task {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    title: `Task ${next}`,
    description: '',
    dueDate: '2026-12-01',
    priority: 'Moderate',
    progress: 0,
    completed: false,
    completedAt: null,
    created_at: `2026-11-${String(10 + (next % 10)).padStart(2, '0')}T09:00:00.000Z`,
    owner: testUser.email,
    firstName: testUser.firstName,
    assigned_users: [],
    invited_users: [],
    is_trusted: false,
    is_accepted: true,
    folder: null,
    attachmentKey: null,
    attachmentUrl: null,
    attachment: null,
    category: 'Personal Tasks',
    reminder: null,
    overdueNotice: false,
    declined: null,
    proposal: null,
    recurrence: null,
    ...overrides,
  };
}

const sortName = { newest: 'Newly Added', priority: 'Priority', due: 'Due Date' } as const;
const categoryOf = {
  personal: { owner: 'Personal Tasks', recipient: 'Personal Tasks' },
  assigned: { owner: 'Tasks Delegated - Assigned', recipient: 'Assigned Tasks' },
  invited: { owner: 'Tasks Delegated - Invitation', recipient: 'Invited Tasks' },
} as const;

/**
 * A list route answering from `tasks` as the tasks service does: the whole list without `page`; with it one
 * page of one side, folder and tab in the tab's order, its counts on the first page (the cursor here is just
 * the offset, which the client never reads).
 */
function listRoute(list: ListKind, tasks: () => Task[]) {
  return async ({ request }: { request: Request }) => {
    const body = (await request.json()) as { page?: TaskPageRequest };
    const page = body.page;
    const categories = Object.values(categoryOf[list]) as Task['category'][];
    if (!page) return HttpResponse.json({ tasks: tasks().filter((t) => categories.includes(t.category)) });
    const category = categoryOf[list][page.side ?? 'owner'];
    const folderId = page.folder === 'none' || page.folder === undefined ? undefined : page.folder;
    const scope = tasks().filter((t) => inView(t, category, page.folder ? folderId : undefined));
    const tab = page.tab ?? 'due';
    const ordered = scope
      .filter((t) => t.completed === (tab === 'completed'))
      .sort(orderOf(tab, sortName[page.sort ?? 'newest']));
    const from = Number(page.cursor ?? 0);
    const limit = page.limit ?? limits.pageSize;
    const end = from + limit;
    return HttpResponse.json({
      tasks: ordered.slice(from, end),
      next: end < ordered.length ? String(end) : null,
      counts: page.cursor
        ? null
        : {
            due: scope.filter((t) => !t.completed).length,
            completed: scope.filter((t) => t.completed).length,
          },
    });
  };
}

/** The person's notification preferences as far as the task form reads them: the digest hour (8 by default). */
export const preferencesHandler = (digestHour = 8) =>
  http.get('/api/settings/notification-preferences/', () =>
    HttpResponse.json({ digest: { frequency: 'daily', hour: digestHour, weekday: 1 } }),
  );

/** The three list routes answering from `tasks` (each task by its category). */
export function listHandlers(tasks: () => Task[], folders: () => Folder[] = () => []) {
  return [
    // Personal cards offer "Move to <folder>"; an empty Personal Tasks asks whether folders hold tasks.
    http.get('/api/folders/', () => HttpResponse.json({ folders: folders() })),
    // The task form starts a reminder at the person's digest hour.
    preferencesHandler(),
    http.post('/api/tasks/personal/', listRoute('personal', tasks)),
    http.post('/get_assigned/', listRoute('assigned', tasks)),
    http.post('/get_invited/', listRoute('invited', tasks)),
  ];
}

/** Chooses `name` in a card's "More actions" menu, where a compact card (the default) keeps its other actions. */
export async function chooseCardAction(user: UserEvent, card: HTMLElement, name: string) {
  await user.click(within(card).getByRole('button', { name: /^More actions/ }));
  await user.click(within(card).getByRole('menuitem', { name }));
}
