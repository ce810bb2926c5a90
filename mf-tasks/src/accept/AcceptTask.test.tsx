import { renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { tt } from '../i18n';
import AcceptTask, { acceptOutcomes } from './AcceptTask';

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
    // The trusting button accepts too, and says so.
    expect(screen.getByText(/“Add as a trusted User” accepts this task and trusts its sender/)).toBeVisible();
  });

  it('words an invitation as one, with its priority and due date', async () => {
    server.use(valid({ priority: 1, description: 'Slides 4-9', deadline: '2026-12-01' }));
    renderWithPlatform(<AcceptTask {...link('invite_accept')} />);
    expect(
      await screen.findByRole('heading', { name: "You've been invited to a task!" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Moderate')).toBeInTheDocument();
    expect(screen.getByText('Slides 4-9')).toBeInTheDocument();
    // In the person's own way of writing dates, as on the cards.
    expect(screen.getByText('Due:').nextSibling).toHaveTextContent(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.UTC(2026, 11, 1),
      ),
    );
    expect(screen.getByRole('button', { name: 'Accept the Invite' })).toBeInTheDocument();
  });

  it.each([
    ['an "invalid" body', () => HttpResponse.json({ status: 'invalid' })],
    ['a 404', () => HttpResponse.json({ error: 'Not found.' }, { status: 404 })],
    ['a 500', () => new HttpResponse(null, { status: 500 })],
  ])('says "Invalid or expired link." for %s, with a way to the tasks', async (_case, reply) => {
    server.use(http.get(activate, reply));
    const { visited } = renderWithPlatform(<AcceptTask {...link()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired link.');
    await userEvent.click(screen.getByRole('button', { name: 'Go to your tasks' }));
    expect(visited).toEqual(['/home']);
  });

  it.each([
    ['accepted', acceptOutcomes.accepted],
    ['expired', acceptOutcomes.expired],
    ['declined', acceptOutcomes.declined],
  ] as const)('says what a link that is %s means', async (status, outcome) => {
    server.use(http.get(activate, () => HttpResponse.json({ status })));
    renderWithPlatform(<AcceptTask {...link()} />);
    expect(await screen.findByRole('heading', { name: tt(outcome.title) })).toBeInTheDocument();
    expect(screen.getByText(tt(outcome.text))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to your tasks' })).toBeInTheDocument();
  });

  it('a declined link says so in the sentence the server shares', async () => {
    server.use(http.get(activate, () => HttpResponse.json({ status: 'declined' })));
    renderWithPlatform(<AcceptTask {...link()} />);
    expect(
      await screen.findByText('You declined this task, so this link no longer works.'),
    ).toBeInTheDocument();
  });

  it("on another account's link (403) asks once, names no address, and signs out to come back here", async () => {
    window.history.replaceState(null, '', '/accept-task?taskId=1&action=assign_accept');
    let asked = 0;
    server.use(
      http.get(activate, () => {
        asked += 1;
        return HttpResponse.json({ error: 'This link is for another account.' }, { status: 403 });
      }),
    );
    const { visited, logout } = renderWithPlatform(<AcceptTask {...link()} />);
    expect(await screen.findByRole('heading', { name: tt(acceptOutcomes.otherAccount.title) })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/@/);
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toBe(1);
    expect(visited).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out and continue' }));
    expect(logout.comeBackTo).toEqual(['/accept-task?taskId=1&action=assign_accept']);
  });

  it.each([
    ['Accept the Assignment', 'assign_accept', false, 'assign'],
    ['Add as a trusted User', 'assign_accept', true, 'assign'],
    ['Accept the Invite', 'invite_accept', false, 'invite'],
  ])(
    '%s (%s) accepts with trusted=%s and role %s, then goes to the task’s page (which names its list)',
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
      await waitFor(() => expect(visited).toEqual([`/home/tasks/${taskId}`]));
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
