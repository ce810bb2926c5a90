import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { book } from '../messages';

const messages = book.en;

import { ChangePasswordForm, passwordChangeProblem } from './ChangePasswordForm';

const server = mockServer();
const route = '/api/settings/change-password/';

async function fill(
  user: ReturnType<typeof renderWithPlatform>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  if (current) await user.type(screen.getByLabelText('Current password', { selector: 'input' }), current);
  if (next) await user.type(screen.getByLabelText('New password', { selector: 'input' }), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), confirm);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('the change-password rules (SPEC §5)', () => {
  it.each([
    [{ currentPassword: '', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, messages.passwordFillAll],
    [{ currentPassword: 'old', newPassword: '', confirmPassword: 'abcdefgh' }, messages.passwordFillAll],
    [{ currentPassword: 'old', newPassword: 'abcdefgh', confirmPassword: '' }, messages.passwordFillAll],
    [
      { currentPassword: 'old', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' },
      messages.passwordMismatch,
    ],
    [
      { currentPassword: 'old', newPassword: 'abcdefg', confirmPassword: 'abcdefg' },
      messages.passwordTooShort,
    ],
    [{ currentPassword: 'old', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, null],
  ])('%j -> %s', (fields, problem) => {
    expect(passwordChangeProblem(fields)).toBe(problem);
  });
});

describe('Change password', () => {
  it.each([
    ['', '', '', 'Please fill in all password fields.'],
    ['old password', 'new password 1', 'new password 2', 'New password and confirmation do not match.'],
    ['old password', 'short', 'short', 'New password must be at least 8 characters long.'],
  ])('refuses %j / %j / %j without a call: %s', async (current, next, confirm, message) => {
    const { user } = renderWithPlatform(<ChangePasswordForm />);
    await fill(user, current, next, confirm);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('sends the three fields, shows "Updating…" meanwhile, then the success and empty fields', async () => {
    const bodies: unknown[] = [];
    const call = gate();
    server.use(
      http.post(route, async ({ request }) => {
        bodies.push(await request.json());
        await call.opened;
        return HttpResponse.json({ message: 'Password updated successfully.' });
      }),
    );
    const { user } = renderWithPlatform(<ChangePasswordForm />);
    await fill(user, 'old password', 'new password', 'new password');
    const busy = await screen.findByRole('button', { name: 'Updating…' });
    expect(busy).toBeDisabled();
    call.open();
    expect(await screen.findByRole('status')).toHaveTextContent('Password updated successfully.');
    expect(bodies).toEqual([
      { currentPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password' },
    ]);
    expect(screen.getByLabelText('Current password', { selector: 'input' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Update password' })).toBeEnabled();
  });

  it("shows the server's sentence (a wrong current password)", async () => {
    server.use(
      http.post(route, () =>
        HttpResponse.json({ error: 'Current password is incorrect.', code: 'bad_request' }, { status: 400 }),
      ),
    );
    const { user } = renderWithPlatform(<ChangePasswordForm />);
    await fill(user, 'wrong password', 'new password', 'new password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect.');
    expect(screen.getByLabelText('Current password', { selector: 'input' })).toHaveValue('wrong password');
  });

  it.each([
    ['a server error without a sentence', () => new HttpResponse(null, { status: 500 })],
    ['a network failure', () => HttpResponse.error()],
  ])('says "Failed to update password." on %s', async (_case, reply) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(route, reply));
    const { user } = renderWithPlatform(<ChangePasswordForm />);
    await fill(user, 'old password', 'new password', 'new password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update password.');
  });

  it('lets the error banner go after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderWithPlatform(<ChangePasswordForm />);
      await fill(user, '', '', '');
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(4_900));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says live how strong the new password is, weighing the person's own name as the server does", async () => {
    const { user } = renderWithPlatform(<ChangePasswordForm />);
    const field = screen.getByLabelText('New password', { selector: 'input' });
    // The real estimator, loaded by the form on first use.
    const hint = () =>
      expect.poll(() => field.closest('.b-field')?.querySelector('[aria-live="polite"]')?.textContent, {
        timeout: 15_000,
      });
    await user.type(field, 'Lovelace1815');
    await hint().toMatch(/^Too weak: There should not be any personal or page related data\./);
    expect(field).toHaveAccessibleDescription(/^At least 8 characters\. Too weak: /);
    await user.clear(field);
    await user.type(field, 'correct-horse-battery-staple-91');
    await hint().toBe('Strong enough.');
  });
});
