import type { Task } from '@baton/contracts';
import { testUser } from '@baton/web-platform/testing';
import { HttpResponse, http } from 'msw';

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
    ...overrides,
  };
}

/** The three list routes answering from `tasks` (each task by its category). */
export function listHandlers(tasks: () => Task[]) {
  const of =
    (...categories: Task['category'][]) =>
    () =>
      HttpResponse.json({ tasks: tasks().filter((t) => categories.includes(t.category)) });
  return [
    http.post('/api/tasks/personal/', of('Personal Tasks')),
    http.post('/get_assigned/', of('Assigned Tasks', 'Tasks Delegated - Assigned')),
    http.post('/get_invited/', of('Invited Tasks', 'Tasks Delegated - Invitation')),
  ];
}
