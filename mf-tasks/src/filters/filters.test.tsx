import type { SearchResult, Task, TaskPageRequest, View } from '@baton/contracts';
import { selectListQuery, selectOpenTaskId, setListQuery } from '@baton/web-platform';
import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import TaskList from '../list/TaskList';
import { focusSearch } from '../search/focus';
import { preferencesHandler, taskOf } from '../testing';

let tasks: Task[] = [];
/** The `page.filter` of every list request, in order. */
let filters: (TaskPageRequest['filter'] | undefined)[] = [];
/** The personal list, filtered by priority and attachment as the tasks service does (the rest: ignored here). */
const personalList = http.post('/api/tasks/personal/', async ({ request }) => {
  const { page } = (await request.json()) as { page: TaskPageRequest };
  filters.push(page.filter);
  const shown = tasks.filter(
    (t) =>
      !t.completed === (page.tab !== 'completed') &&
      (!page.filter?.priority || t.priority === page.filter.priority),
  );
  return HttpResponse.json({ tasks: shown, next: null, counts: { due: shown.length, completed: 0 } });
});
const server = mockServer(
  personalList,
  preferencesHandler(),
  http.get('/api/folders/', () => HttpResponse.json({ folders: [] })),
  http.get('/api/settings/trusted-users/', () => HttpResponse.json([])),
);
const serve = (...list: Task[]) => {
  tasks = list;
  filters = [];
};
const titles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const result = (overrides: Partial<SearchResult>): SearchResult => ({
  task_id: '00000000-0000-4000-8000-0000000000f1',
  title: 'Quarterly report',
  snippet: 'Quarterly report',
  highlights: [[10, 16]],
  where: 'title',
  category: 'Personal Tasks',
  ...overrides,
});

describe('the filter bar', () => {
  it('a filter goes into the list query under its contract name and into the list request', async () => {
    serve(taskOf({ title: 'Now', priority: 'Immediate' }), taskOf({ title: 'Later', priority: 'Lenient' }));
    const { user, store } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Later' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'Immediate');
    expect(store.getState().workspace.query).toBe('priority=Immediate');
    await waitFor(() => expect(titles()).toEqual(['Now']));
    expect(filters.at(-1)).toEqual({ priority: 'Immediate' });
    expect(await screen.findByText('1 task matches these filters')).toBeInTheDocument();
  });

  it('reads its filters from the list query (a reload, a shared link) and combines them', async () => {
    serve(taskOf({ title: 'Now', priority: 'Immediate' }));
    const { store } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    act(() => {
      store.dispatch(setListQuery({ query: 'due=week&priority=Immediate&attachment=true' }));
    });
    await waitFor(() =>
      expect(filters.at(-1)).toEqual({ priority: 'Immediate', due: 'week', attachment: true }),
    );
    expect(screen.getByRole('combobox', { name: 'Due' })).toHaveValue('week');
    expect(screen.getByRole('combobox', { name: 'Attachment' })).toHaveValue('true');
  });

  it('says when nothing matches, and Clear all lifts every filter', async () => {
    serve(taskOf({ title: 'Later', priority: 'Lenient' }));
    const { user, store } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    act(() => {
      store.dispatch(setListQuery({ query: 'priority=Immediate&state=accepted' }));
    });
    expect(await screen.findByText('No tasks match these filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear all' })[0] as HTMLElement);
    expect(store.getState().workspace.query).toBe('');
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
  });

  it('a range asks for both dates', async () => {
    serve(taskOf({ title: 'Later' }));
    const { user, store } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Later' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Due' }), 'range');
    const today = new Date().toISOString().slice(0, 10);
    expect(store.getState().workspace.query).toBe(`due=range&from=${today}&to=${today}`);
    expect(screen.getByLabelText('From')).toHaveValue(today);
    expect(screen.getByLabelText('To')).toHaveValue(today);
  });

  it('saves the filtered list as a view: its name, its query and its list', async () => {
    serve(taskOf({ title: 'Later', priority: 'Lenient' }));
    let saved: unknown;
    server.use(
      http.post('/api/views/', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json(
          { id: '00000000-0000-4000-8000-0000000000c1', ...(saved as object) } as View,
          {
            status: 201,
          },
        );
      }),
    );
    const { user, store } = renderWithPlatform(
      <TaskList category="Personal Tasks" folderId="00000000-0000-4000-8000-0000000000d1" />,
    );
    act(() => {
      store.dispatch(setListQuery({ query: 'priority=Lenient' }));
    });
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = screen.getByRole('dialog', { name: 'Save this view' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Easy ones');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual({
      name: 'Easy ones',
      query: 'priority=Lenient',
      path: 'folders/00000000-0000-4000-8000-0000000000d1',
    });
    expect(await screen.findByText('View “Easy ones” saved.')).toBeInTheDocument();
  });
});

describe('the search box', () => {
  it('asks once the typing pauses, shows the answer to the words in the box only, marked', async () => {
    serve(taskOf({ title: 'Later' }));
    const asked: string[] = [];
    const slow = gate();
    server.use(
      http.get('/api/search/', async ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        // The first question's answer comes last.
        if (q === 'rep') await slow.opened;
        return HttpResponse.json({
          results: [
            result({ title: `Answer to ${q}`, snippet: `Answer to ${q}`, highlights: [[10, 10 + q.length]] }),
          ],
        });
      }),
    );
    const { user, store } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Later' });
    const box = screen.getByRole('combobox', { name: 'Search tasks' });
    await user.type(box, 'rep');
    // Typing in a burst asks once, for the whole word.
    await waitFor(() => expect(asked).toEqual(['rep']));
    await user.type(box, 'ort');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    const option = await within(listbox).findByRole(
      'option',
      { name: /Answer to report/ },
      { timeout: 5000 },
    );
    expect(asked).toEqual(['rep', 'report']);
    slow.open();
    // The late answer to "rep" does not replace it.
    await waitFor(() =>
      expect(Object.values(store.getState().api.queries).map((query) => query?.status)).not.toContain(
        'pending',
      ),
    );
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    expect(within(option).getByText('report', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.getByText('1 result')).toBeInTheDocument();
    // The words filter the list too, without a step for Back.
    expect(store.getState().workspace.query).toBe('q=report');
    expect(store.getState().workspace.queryReplaces).toBe(true);
    expect(filters.at(-1)).toEqual({ q: 'report' });
  });

  it('shows where a match is and its list, marks the words in the snippet, and Enter opens the task', async () => {
    serve(taskOf({ title: 'Later' }));
    server.use(
      http.get('/api/search/', () =>
        HttpResponse.json({
          results: [
            result({
              task_id: '00000000-0000-4000-8000-0000000000e1',
              title: 'Budget',
              snippet: '…the invoice from March…',
              highlights: [
                [5, 12],
                [18, 23],
              ],
              where: 'comment',
              category: 'Assigned Tasks',
            }),
            result({
              task_id: '00000000-0000-4000-8000-0000000000e2',
              title: 'Invoice',
              snippet: 'Invoice',
              highlights: [[0, 7]],
            }),
          ],
        }),
      ),
    );
    const { user, store } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Later' });
    await user.type(screen.getByRole('combobox', { name: 'Search tasks' }), 'invoce march');
    const first = await screen.findByRole('option', { name: /Budget/ }, { timeout: 5000 });
    expect([...first.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['invoice', 'March']);
    expect(first).toHaveTextContent('Match in Comment · Assigned Tasks');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Invoice/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(store.getState().workspace.openTaskId).toBe('00000000-0000-4000-8000-0000000000e2');
    expect(selectOpenTaskId(store.getState())).toBe('00000000-0000-4000-8000-0000000000e2');
    expect(selectListQuery(store.getState())).toBe('');
  });

  it('is what focusSearch (the "/" shortcut) focuses', async () => {
    serve(taskOf({ title: 'Later' }));
    renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Later' });
    expect(focusSearch()).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Search tasks' })).toHaveFocus();
  });
});
