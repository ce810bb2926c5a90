import { identityMessages } from '@baton/contracts/constants';
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
  const password = screen.getByLabelText('Password');
  const confirm = () =>
    screen.getAllByRole('button', { name: /Delete Account|Deleting…/ }).at(-1) as HTMLElement;
  /** Both fields filled in, as a person ready to delete has them. */
  const fill = async (typed = 'delete', secret = 'my password') => {
    await view.user.type(phrase, typed);
    await view.user.type(password, secret);
  };
  return { ...view, dialog, phrase, password, confirm, fill };
}

/** No browser alert is ever shown: the dialog and the page's toast speak instead. */
const spyOnAlert = () => vi.spyOn(window, 'alert').mockImplementation(() => {});
const toastRegion = () => screen.getByRole('region', { name: 'Notifications' });

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
  it('opens "Confirm Account Deletion" with the phrase field focused; Delete Account waits for "delete" and the password', async () => {
    const { user, phrase, password, confirm } = await openDialog();
    expect(phrase).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(confirm()).toBeDisabled();
    await user.type(phrase, 'delet');
    expect(confirm()).toBeDisabled();
    await user.type(phrase, 'e ');
    expect(confirm()).toBeDisabled();
    await user.type(password, 'x');
    expect(confirm()).toBeEnabled();
    await user.clear(phrase);
    expect(confirm()).toBeDisabled();
  });

  it('a password alone does not enable it either', async () => {
    const { user, password, confirm } = await openDialog();
    await user.type(password, 'my password');
    expect(confirm()).toBeDisabled();
  });

  it('Cancel and Escape close it without a call', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('deletes: "Deleting…" and no way out meanwhile, then the message in a toast, then logout; no alert', async () => {
    const call = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post(route, async ({ request }) => {
        bodies.push(await request.json());
        await call.opened;
        return HttpResponse.json({ message: 'Account deleted. Goodbye!' });
      }),
    );
    const alert = spyOnAlert();
    const { user, fill, logout } = await openDialog();
    await fill(' Delete ', ' my password ');
    await user.keyboard('{Enter}');
    const busy = await screen.findByRole('button', { name: 'Deleting…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    call.open();
    await waitFor(() => expect(logout.calls).toBe(1));
    expect(toastRegion()).toHaveTextContent('Account deleted. Goodbye!');
    expect(alert).not.toHaveBeenCalled();
    // The phrase trimmed, the password exactly as typed.
    expect(bodies).toEqual([{ confirmation: 'Delete', password: ' my password ' }]);
  });

  it('says "Account deleted. Goodbye!" when the server gives no message', async () => {
    server.use(http.post(route, () => HttpResponse.json({})));
    const alert = spyOnAlert();
    const { user, fill, confirm, logout } = await openDialog();
    await fill();
    await user.click(confirm());
    await waitFor(() => expect(logout.calls).toBe(1));
    expect(toastRegion()).toHaveTextContent('Account deleted. Goodbye!');
    expect(alert).not.toHaveBeenCalled();
  });

  it("shows the server's sentence for a wrong password, keeps what was typed and stays signed in", async () => {
    server.use(
      http.post(route, () =>
        HttpResponse.json(
          { code: 'validation_failed', error: identityMessages.deleteWrongPassword },
          { status: 400 },
        ),
      ),
    );
    const alert = spyOnAlert();
    const { user, fill, phrase, password, confirm, logout } = await openDialog();
    await fill('delete', 'not my password');
    await user.click(confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent(identityMessages.deleteWrongPassword);
    expect(phrase).toHaveValue('delete');
    expect(password).toHaveValue('not my password');
    expect(confirm()).toBeEnabled();
    expect(toastRegion()).toBeEmptyDOMElement();
    expect(alert).not.toHaveBeenCalled();
    expect(logout.calls).toBe(0);
  });

  it.each([
    ['a refusal', () => HttpResponse.json({ error: 'Token is invalid or expired' }, { status: 401 })],
    ['a server error', () => HttpResponse.json({ error: 'Internal error' }, { status: 500 })],
    ['a network failure', () => HttpResponse.error()],
  ])('says "Failed to delete account." on %s and stays signed in', async (_case, reply) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(route, reply));
    const alert = spyOnAlert();
    const { user, fill, phrase, password, confirm, logout } = await openDialog();
    await fill();
    await user.click(confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete account.');
    expect(phrase).toHaveValue('delete');
    expect(password).toHaveValue('my password');
    expect(confirm()).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
    expect(logout.calls).toBe(0);
  });
});
