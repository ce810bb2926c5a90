import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DangerZone, phraseMatches } from './DangerZone';

const server = mockServer();
const route = '/delete-account/';

afterEach(() => vi.restoreAllMocks());

async function openDialog() {
  const view = renderWithPlatform(<DangerZone />);
  expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Delete Account' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Confirm Account Deletion' });
  const phrase = screen.getByLabelText('Type "delete" to confirm');
  const confirm = () =>
    screen.getAllByRole('button', { name: /Delete Account|Deleting…/ }).at(-1) as HTMLElement;
  return { ...view, dialog, phrase, confirm };
}

describe('the confirmation phrase (SPEC §5)', () => {
  it.each([
    ['delete', true],
    ['  delete ', true],
    ['DELETE', true],
    ['delet', false],
    ['delete it', false],
    ['', false],
  ])('%j matches: %s', (typed, ok) => {
    expect(phraseMatches(typed)).toBe(ok);
  });
});

describe('Danger Zone', () => {
  it('opens "Confirm Account Deletion" with the phrase field focused; Delete Account waits for "delete"', async () => {
    const { user, phrase, confirm } = await openDialog();
    expect(phrase).toHaveFocus();
    expect(confirm()).toBeDisabled();
    await user.type(phrase, 'delet');
    expect(confirm()).toBeDisabled();
    await user.type(phrase, 'e ');
    expect(confirm()).toBeEnabled();
  });

  it('Cancel and Escape close it without a call', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('deletes: "Deleting…" and no way out meanwhile, then the alert with the message, then logout', async () => {
    const call = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post(route, async ({ request }) => {
        bodies.push(await request.json());
        await call.opened;
        return HttpResponse.json({ message: 'Account deleted. Goodbye!' });
      }),
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user, phrase, logout } = await openDialog();
    await user.type(phrase, ' Delete ');
    await user.keyboard('{Enter}');
    const busy = await screen.findByRole('button', { name: 'Deleting…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    call.open();
    await waitFor(() => expect(logout.calls).toBe(1));
    expect(alert).toHaveBeenCalledExactlyOnceWith('Account deleted. Goodbye!');
    expect(bodies).toEqual([{ confirmation: 'Delete' }]);
  });

  it('says "Account deleted. Goodbye!" when the server gives no message', async () => {
    server.use(http.post(route, () => HttpResponse.json({})));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user, phrase, confirm, logout } = await openDialog();
    await user.type(phrase, 'delete');
    await user.click(confirm());
    await waitFor(() => expect(logout.calls).toBe(1));
    expect(alert).toHaveBeenCalledExactlyOnceWith('Account deleted. Goodbye!');
  });

  it.each([
    ['a refusal', () => HttpResponse.json({ error: 'Token is invalid or expired' }, { status: 401 })],
    ['a network failure', () => HttpResponse.error()],
  ])('says "Failed to delete account." on %s and stays signed in', async (_case, reply) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(route, reply));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user, phrase, confirm, logout } = await openDialog();
    await user.type(phrase, 'delete');
    await user.click(confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete account.');
    expect(confirm()).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
    expect(logout.calls).toBe(0);
  });
});
