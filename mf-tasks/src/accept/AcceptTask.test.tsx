import { renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import AcceptTask from './AcceptTask';

const server = mockServer();
const taskId = '7b0c3c1e-0f7e-4d53-9d49-5f3f0b1a2c3d';
const link = (action = 'assign_accept') => ({ uidb64: 'dXNlcg', token: 'tok', taskId, action });
const activate = `/activate/dXNlcg/tok/${taskId}/:action`;
const valid = (task: object) =>
  http.get(activate, () =>
    HttpResponse.json({
      status: 'valid',
      task: {
        title: 'Review the slides',
        description: '',
        owner: 'ana@example.com',
        deadline: null,
        priority: 0,
        ...task,
      },
    }),
  );

afterEach(() => vi.restoreAllMocks());

describe('the accept page', () => {
  it('says "Loading task details..." first, then the assignment with its facts and fallbacks', async () => {
    server.use(valid({ priority: 7 }));
    renderWithPlatform(<AcceptTask {...link()} />);
    expect(screen.getByText('Loading task details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: "You've been assigned a task!" })).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.getByText('No description provided.')).toBeInTheDocument();
    expect(screen.getByText('From:').nextSibling).toHaveTextContent('ana@example.com');
    expect(screen.getByText('Due:').nextSibling).toHaveTextContent('No due date');
    expect(screen.getByRole('button', { name: 'Accept the Assignment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add as a trusted User' })).toBeInTheDocument();
    expect(screen.getByText(/don’t get an e-mail for each invite or assignment/)).toBeInTheDocument();
  });

  it('words an invitation as one, with its priority and due date', async () => {
    server.use(valid({ priority: 1, description: 'Slides 4-9', deadline: '2026-12-01' }));
    renderWithPlatform(<AcceptTask {...link('invite_accept')} />);
    expect(
      await screen.findByRole('heading', { name: "You've been invited to a task!" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Moderate')).toBeInTheDocument();
    expect(screen.getByText('Slides 4-9')).toBeInTheDocument();
    expect(screen.getByText('Due:').nextSibling).toHaveTextContent('2026-12-01');
    expect(screen.getByRole('button', { name: 'Accept the Invite' })).toBeInTheDocument();
  });

  it.each([
    ['an "invalid" body', () => HttpResponse.json({ status: 'invalid' })],
    ['a 404', () => HttpResponse.json({ error: 'Not found.' }, { status: 404 })],
    ['a 500', () => new HttpResponse(null, { status: 500 })],
  ])('says "Invalid or expired link." for %s', async (_case, reply) => {
    server.use(http.get(activate, reply));
    renderWithPlatform(<AcceptTask {...link()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired link.');
  });

  it('sends a 403 to login with next set to this address', async () => {
    window.history.replaceState(null, '', '/accept-task?taskId=1&action=assign_accept');
    server.use(http.get(activate, () => HttpResponse.json({ error: 'Not yours.' }, { status: 403 })));
    const { visited } = renderWithPlatform(<AcceptTask {...link()} />);
    await waitFor(() =>
      expect(visited).toEqual([
        `/login?next=${encodeURIComponent('/accept-task?taskId=1&action=assign_accept')}`,
      ]),
    );
  });

  it.each([
    ['Accept the Assignment', 'assign_accept', false, 'assign'],
    ['Add as a trusted User', 'assign_accept', true, 'assign'],
    ['Accept the Invite', 'invite_accept', false, 'invite'],
  ])(
    '%s (%s) accepts with trusted=%s and role %s, then goes to /home',
    async (button, action, trusted, role) => {
      const bodies: unknown[] = [];
      server.use(
        valid({}),
        http.post('/accept_task', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ message: 'Task accepted.' });
        }),
      );
      const { user, visited } = renderWithPlatform(<AcceptTask {...link(action)} />);
      await user.click(await screen.findByRole('button', { name: button }));
      await waitFor(() => expect(visited).toEqual(['/home']));
      expect(bodies).toEqual([{ task_id: taskId, user_email: testUser.email, trusted, role }]);
    },
  );

  it('tells the window that opened it (same origin) and closes, instead of navigating', async () => {
    const opener = { closed: false, location: { origin: window.location.origin }, postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    onTestFinished(() => {
      Object.defineProperty(window, 'opener', { value: null, configurable: true });
    });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    server.use(
      valid({}),
      http.post('/accept_task', () => HttpResponse.json({ message: 'ok' })),
    );
    const { user, visited } = renderWithPlatform(<AcceptTask {...link()} />);
    await user.click(await screen.findByRole('button', { name: 'Accept the Assignment' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'TASK_ACCEPTED', taskId },
      window.location.origin,
    );
    expect(visited).toEqual([]);
  });

  it('only logs a failed accept', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      valid({}),
      http.post('/accept_task', () => HttpResponse.json({ error: 'Gone' }, { status: 409 })),
    );
    const { user, visited } = renderWithPlatform(<AcceptTask {...link()} />);
    await user.click(await screen.findByRole('button', { name: 'Accept the Assignment' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Accepting the task failed', expect.anything()));
    expect(visited).toEqual([]);
  });
});
