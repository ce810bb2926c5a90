import {
  categoryHeading,
  openTask,
  selectCategory,
  selectOpenFolderId,
  selectOpenTaskId,
} from '@baton/web-platform';
import { renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { taskOf } from '../testing';
import TaskPage from './TaskPage';

const server = mockServer();

function taskRoute(answer: () => Response) {
  const asked: string[] = [];
  server.use(
    // A personal card's Folder menu lists the folders.
    http.get('/api/folders/', () => HttpResponse.json({ folders: [] })),
    http.get('/api/tasks/:taskId/', ({ params }) => {
      asked.push(String(params.taskId));
      return answer();
    }),
  );
  return asked;
}

function renderPage(taskId: string) {
  const view = renderWithPlatform(<TaskPage taskId={taskId} />);
  view.store.dispatch(openTask(taskId));
  return view;
}

describe('a task’s own page (mf-tasks/TaskPage)', () => {
  it('shows the task’s card, marks its list in the store, and leads to that list', async () => {
    const task = taskOf({
      title: 'Review the budget',
      category: 'Assigned Tasks',
      owner: 'ben@example.com',
      firstName: 'Ben',
      is_accepted: false,
    });
    const asked = taskRoute(() => HttpResponse.json({ task }));
    const { store, user } = renderPage(task.id);

    const page = await screen.findByRole('region', { name: 'Task: Review the budget' });
    expect(asked).toEqual([task.id]);
    expect(page).toHaveTextContent('In Assigned to me');
    // A pending task offers its acceptance on the page the bell and the dashboard open.
    expect(screen.getByRole('button', { name: 'Accept' })).toBeVisible();
    expect(selectCategory(store.getState())).toBe('Assigned Tasks');

    await user.click(screen.getByRole('button', { name: categoryHeading['Assigned Tasks'] }));
    expect(selectOpenTaskId(store.getState())).toBeNull();
    expect(selectCategory(store.getState())).toBe('Assigned Tasks');
  });

  it('leads a filed task to its folder', async () => {
    const folder = { id: '20000000-0000-4000-8000-000000000001', name: 'Taxes', color: '#4299E1' };
    const task = taskOf({ title: 'File the return', folder, owner: testUser.email });
    taskRoute(() => HttpResponse.json({ task }));
    const { store, user } = renderPage(task.id);
    await user.click(await screen.findByRole('button', { name: 'the folder Taxes' }));
    expect(selectOpenFolderId(store.getState())).toBe(folder.id);
  });

  it('says when the task is not found or not the person’s, with a way to their tasks', async () => {
    taskRoute(() => HttpResponse.json({ error: 'Task not found.' }, { status: 404 }));
    const { store, user } = renderPage('00000000-0000-4000-8000-00000000dead');
    expect(
      await screen.findByRole('heading', { name: 'This task was not found, or it is not yours' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to your tasks' }));
    expect(selectOpenTaskId(store.getState())).toBeNull();
    expect(selectCategory(store.getState())).toBe('Personal Tasks');
  });

  it('offers Try again when loading fails for another reason', async () => {
    let fail = true;
    const task = taskOf({ title: 'Second time lucky' });
    taskRoute(() =>
      fail ? HttpResponse.json({ error: 'boom' }, { status: 500 }) : HttpResponse.json({ task }),
    );
    const { user } = renderPage(task.id);
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Task: Second time lucky' })).toBeVisible();
  });
});
