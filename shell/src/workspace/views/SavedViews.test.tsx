import type { View } from '@baton/contracts';
import { useListQuery, useSaveViewMutation } from '@baton/web-platform';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { browserBack, currentLocation, renderShell, sessionCheck, signIn, stubRemotes } from '../../testing';

let views: View[] = [];
const deleted: string[] = [];
mockServer(
  sessionCheck(),
  http.get('/api/views/', () => HttpResponse.json({ views })),
  http.post('/api/views/', async ({ request }) => {
    const body = (await request.json()) as Omit<View, 'id'>;
    const view = { id: `00000000-0000-4000-8000-${String(views.length + 1).padStart(12, '0')}`, ...body };
    views = [...views, view];
    return HttpResponse.json(view, { status: 201 });
  }),
  http.delete('/api/views/:viewId/', ({ params }) => {
    deleted.push(String(params.viewId));
    views = views.filter((view) => view.id !== params.viewId);
    return HttpResponse.json({ message: 'View deleted.' });
  }),
);

/** A task list standing in for mf-tasks': it shows its query, changes it, and saves itself as a view. */
function ListStub({ category }: { category: string }) {
  const [query, setQuery] = useListQuery();
  const [save] = useSaveViewMutation();
  return (
    <section aria-label={`list ${category}`}>
      <output aria-label="query">{query}</output>
      <button type="button" onClick={() => setQuery('due=week')}>
        Due this week
      </button>
      <button type="button" onClick={() => setQuery('q=rep', { replace: true })}>
        Type rep
      </button>
      <button type="button" onClick={() => void save({ name: 'Mine this week', query, path: 'assigned' })}>
        Save
      </button>
    </section>
  );
}
const lists = stubRemotes(async (_remote, view) => ({
  default: (view === 'TaskList' ? ListStub : () => null) as never,
}));

const shownQuery = () => screen.getByRole('status', { hidden: true, name: 'query' });
const viewsNav = () => within(screen.getByRole('navigation', { name: 'Views' }));
/** The sidebar's Views, once they arrived. */
const shownViews = async () => within(await screen.findByRole('navigation', { name: 'Views' }));

describe("a list's query in the address", () => {
  it('a reload keeps it; a change is a step Back undoes; typing replaces; another list starts without it', async () => {
    views = [];
    signIn();
    await renderShell('/home/assigned?priority=Immediate', { loadRemote: lists });
    await screen.findByRole('region', { name: 'list Assigned Tasks' });
    expect(shownQuery()).toHaveTextContent('priority=Immediate');

    await userEvent.click(screen.getByRole('button', { name: 'Due this week' }));
    expect(currentLocation()).toBe('/home/assigned?due=week');
    await userEvent.click(screen.getByRole('button', { name: 'Type rep' }));
    expect(currentLocation()).toBe('/home/assigned?q=rep');
    // Typing replaced "due=week": Back goes to the filter before it.
    await browserBack();
    await waitFor(() => expect(currentLocation()).toBe('/home/assigned?priority=Immediate'));
    expect(shownQuery()).toHaveTextContent('priority=Immediate');

    const categories = within(screen.getByRole('navigation', { name: 'Categories' }));
    await userEvent.click(categories.getByRole('button', { name: 'Personal Tasks' }));
    await waitFor(() => expect(currentLocation()).toBe('/home'));
    expect(shownQuery()).toHaveTextContent(/^$/);
  });

  it("keeps a tester's remote override beside the filters", async () => {
    views = [];
    signIn();
    await renderShell('/home/assigned?remote=x&priority=Lenient', { loadRemote: lists });
    await screen.findByRole('region', { name: 'list Assigned Tasks' });
    expect(shownQuery()).toHaveTextContent(/^priority=Lenient$/);
    await userEvent.click(screen.getByRole('button', { name: 'Due this week' }));
    expect(currentLocation()).toBe('/home/assigned?due=week&remote=x');
  });
});

describe('saved views in the sidebar', () => {
  it('lists them; one opens its list with its filters and is marked as the current page', async () => {
    views = [
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        name: 'Urgent',
        path: 'assigned',
        query: 'priority=Immediate',
      },
    ];
    signIn();
    await renderShell('/home', { loadRemote: lists });
    await userEvent.click((await shownViews()).getByRole('button', { name: 'Urgent' }));
    await waitFor(() => expect(currentLocation()).toBe('/home/assigned?priority=Immediate'));
    expect(await screen.findByRole('region', { name: 'list Assigned Tasks' })).toBeInTheDocument();
    expect(shownQuery()).toHaveTextContent('priority=Immediate');
    expect(viewsNav().getByRole('button', { name: 'Urgent' })).toHaveAttribute('aria-current', 'page');
  });

  it('a view saved in a list shows in the sidebar at once', async () => {
    views = [];
    signIn();
    await renderShell('/home/assigned?due=week', { loadRemote: lists });
    await screen.findByRole('region', { name: 'list Assigned Tasks' });
    expect(screen.queryByRole('navigation', { name: 'Views' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await shownViews()).getByRole('button', { name: 'Mine this week' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('deletes one after a confirmation, and not without', async () => {
    views = [
      { id: '00000000-0000-4000-8000-0000000000b1', name: 'Overdue', path: '', query: 'due=overdue' },
      { id: '00000000-0000-4000-8000-0000000000b2', name: 'Files', path: '', query: 'attachment=true' },
    ];
    signIn();
    await renderShell('/home', { loadRemote: lists });
    await userEvent.click((await shownViews()).getByRole('button', { name: 'Delete view “Overdue”' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete the view “Overdue”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await userEvent.click(viewsNav().getByRole('button', { name: 'Delete view “Overdue”' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete the view “Overdue”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete view' }));
    await waitFor(() => expect(viewsNav().queryByRole('button', { name: 'Overdue' })).toBeNull());
    expect(deleted).toEqual(['00000000-0000-4000-8000-0000000000b1']);
    expect(viewsNav().getByRole('button', { name: 'Files' })).toBeInTheDocument();
  });
});
