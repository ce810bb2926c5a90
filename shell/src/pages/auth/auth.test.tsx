import { identityMessages } from '@baton/contracts/constants';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { shellBook } from '../../i18n/shell';
import { accountPreferences, currentLocation, renderShell, sessionCheck } from '../../testing';

const server = mockServer(sessionCheck(), accountPreferences());
const user = {
  id: '3f1c0a52-5d0e-4d55-9a57-1b2c3d4e5f60',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
};
const tokens = { access: 'a.eyJleHAiOjQxMDI0NDQ4MDB9.s', refresh: 'r1' };
const password = () => screen.getByLabelText('Password', { selector: 'input' });

/** Waits for a new-password field's live strength hint (the real estimator, loaded on first use) to read `text`. */
const strengthHint = (field: HTMLElement, text: string | RegExp) =>
  expect
    .poll(() => field.closest('.b-field')?.querySelector('[aria-live="polite"]')?.textContent, {
      timeout: 15_000,
    })
    .toMatch(text);

function acceptLogin(preferences = { notificationSoundEnabled: true }) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/login/', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ user, tokens, preferences, error: null });
    }),
  );
  return bodies;
}

async function logIn({ remember = true } = {}) {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(password(), 'correct horse');
  if (!remember) await userEvent.click(screen.getByLabelText('Remember me'));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login', () => {
  it('has Remember me on by default, a show/hide toggle and the forgot-password link', async () => {
    await renderShell('/login');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(password()).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
  });

  it('requires e-mail and password', async () => {
    await renderShell('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(identityMessages.loginRequired);
  });

  it('with Remember me keeps the tokens in localStorage and goes to /home', async () => {
    const bodies = acceptLogin();
    await renderShell('/login');
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/home'));
    expect(bodies).toEqual([{ email: 'ada@example.com', password: 'correct horse' }]);
    expect(localStorage.getItem('baton.refreshToken')).toBe('r1');
    expect(sessionStorage.getItem('baton.refreshToken')).toBeNull();
  });

  it("takes the account's notification sound preference to this device", async () => {
    acceptLogin({ notificationSoundEnabled: false });
    await renderShell('/login');
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/home'));
    expect(localStorage.getItem('notificationSoundEnabled')).toBe('false');
  });

  it('without Remember me keeps the tokens in sessionStorage only', async () => {
    acceptLogin();
    await renderShell('/login');
    await logIn({ remember: false });
    await waitFor(() => expect(currentLocation()).toBe('/home'));
    expect(sessionStorage.getItem('baton.accessToken')).toBe(tokens.access);
    expect(localStorage.getItem('baton.accessToken')).toBeNull();
  });

  it('honours next, path and query', async () => {
    acceptLogin();
    await renderShell('/login?next=%2Faccept-task%3FtaskId%3D7%26action%3Dinvite_accept');
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/accept-task?taskId=7&action=invite_accept'));
  });

  it('never follows next to another site', async () => {
    acceptLogin();
    await renderShell('/login?next=%2F%2Fevil.example%2Fhome');
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/home'));
  });

  it("shows the server's error text in a red banner", async () => {
    server.use(
      http.post('/login/', () =>
        HttpResponse.json({ error: identityMessages.invalidCredentials }, { status: 401 }),
      ),
    );
    await renderShell('/login');
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(identityMessages.invalidCredentials);
    expect(screen.getByRole('alert')).toHaveClass('b-banner--error');
    expect(currentLocation()).toBe('/login');
  });

  it('says "Something went wrong. Please try again later." when the network fails', async () => {
    server.use(http.post('/login/', () => HttpResponse.error()));
    await renderShell('/login');
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again later.',
    );
  });
});

describe('sign-up', () => {
  async function fill(overrides: Partial<Record<string, string>> = {}, { terms = true } = {}) {
    const values = {
      'First name': 'Ada',
      'Last name': 'Lovelace',
      Email: 'ada@example.com',
      Password: 'correct horse',
      'Confirm password': 'correct horse',
      ...overrides,
    };
    for (const [label, value] of Object.entries(values))
      if (value) await userEvent.type(screen.getByLabelText(label, { selector: 'input' }), value);
    if (terms) await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('links the terms checkbox to /terms', async () => {
    await renderShell('/signup');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  it.each([
    [{ 'First name': '' }, {}, identityMessages.signupRequired],
    [{}, { terms: false }, 'Please accept the Terms of Service.'],
    [{ Email: 'ada-at-example' }, {}, identityMessages.invalidEmail],
    [{ 'Confirm password': 'other horse' }, {}, 'Passwords do not match'],
    [{ Password: 'short', 'Confirm password': 'short' }, {}, identityMessages.passwordTooShort],
  ])('refuses %j %j with "%s"', async (overrides, options, message) => {
    await renderShell('/signup');
    await fill(overrides, options);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  const signupAnswer = { tokens: null, error: null, message: identityMessages.signupDone };

  it('sends the form, starts no session, and goes to /login with the e-mail and the mail notice', async () => {
    let body: unknown;
    server.use(
      http.post('/user_signup/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(signupAnswer, { status: 201 });
      }),
    );
    await renderShell('/signup');
    await fill();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    });
    expect(localStorage.getItem('baton.accessToken')).toBeNull();
    // The language signed up in becomes this device's choice (and, at sign-in, the account's).
    expect(localStorage.getItem('baton.language')).toBe('en');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(await screen.findByText(identityMessages.signupDone)).toBeVisible();
  });

  it('keeps the page that sent the person here (an accept link) from sign-in to sign-up and back', async () => {
    const next = '/accept-task?taskId=1&action=assign_accept';
    server.use(http.post('/user_signup/', () => HttpResponse.json(signupAnswer, { status: 201 })));
    await renderShell(`/login?${new URLSearchParams({ next })}`);
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(currentLocation()).toBe(`/signup?${new URLSearchParams({ next })}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?${new URLSearchParams({ next })}`,
    );
    await fill();
    await waitFor(() => expect(currentLocation()).toBe(`/login?${new URLSearchParams({ next })}`));
    acceptLogin();
    await userEvent.type(password(), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentLocation()).toBe(next));
  });

  it("says live how strong the password is, weighing the person's name as the server does", async () => {
    await renderShell('/signup');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    const field = password();
    await userEvent.type(field, 'password');
    await strengthHint(field, /^Too weak: This is a heavily used password\./);
    await userEvent.clear(field);
    await userEvent.type(field, 'Lovelace1815');
    await strengthHint(field, /^Too weak: There should not be any personal or page related data\./);
    await userEvent.clear(field);
    await userEvent.type(field, 'correct-horse-battery-staple-91');
    await strengthHint(field, 'Strong enough.');
  });

  it("shows the server's error", async () => {
    server.use(
      http.post('/user_signup/', () =>
        HttpResponse.json({ error: identityMessages.passwordTooWeak }, { status: 400 }),
      ),
    );
    await renderShell('/signup');
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(identityMessages.passwordTooWeak);
  });
});

describe('confirming the e-mail address', () => {
  it('spends the link once, says the address is confirmed, and offers the way in', async () => {
    const tokens: unknown[] = [];
    server.use(
      http.post('/api/auth/verify-email/', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json({ message: identityMessages.verifyDone });
      }),
    );
    await renderShell('/verify-email?token=abc-123');
    expect(await screen.findByText(identityMessages.verifyDone)).toBeVisible();
    expect(tokens).toEqual([{ token: 'abc-123' }]);
    expect(screen.getByRole('link', { name: 'Go to Baton' })).toHaveAttribute('href', '/home');
  });

  it('explains a used or expired link and how to get a new one', async () => {
    server.use(
      http.post('/api/auth/verify-email/', () =>
        HttpResponse.json({ error: identityMessages.verifyInvalid }, { status: 400 }),
      ),
    );
    await renderShell('/verify-email?token=used-one');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${identityMessages.verifyInvalid} ${shellBook.en.verifyAgain}`,
    );
  });

  it('explains a link without a token, asking nothing of the server', async () => {
    let asked = false;
    server.use(
      http.post('/api/auth/verify-email/', () => {
        asked = true;
        return HttpResponse.json({ message: identityMessages.verifyDone });
      }),
    );
    await renderShell('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(identityMessages.verifyInvalid);
    expect(asked).toBe(false);
  });
});

describe('forgot password', () => {
  it('requires the e-mail', async () => {
    await renderShell('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent(identityMessages.resetEmailRequired);
  });

  it.each([200, 429, 500])('always says the same when the server answers %i', async (status) => {
    server.use(http.post('/api/auth/password-reset/request/', () => HttpResponse.json({}, { status })));
    await renderShell('/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const message = await screen.findByText('If the email exists, a reset link has been sent.');
    expect(message.closest('[role="status"]')).toHaveClass('b-banner--success');
  });

  it('says "Failed to send reset email. Try again later." when the network fails', async () => {
    server.use(http.post('/api/auth/password-reset/request/', () => HttpResponse.error()));
    await renderShell('/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send reset email. Try again later.',
    );
  });

  it('links back to login', async () => {
    await renderShell('/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});

describe('reset password', () => {
  const page = '/reset-password?uid=u-1&token=t-1';
  const checkedLinks: unknown[] = [];
  beforeEach(() => {
    checkedLinks.length = 0;
    server.use(
      http.post('/api/auth/password-reset/check/', async ({ request }) => {
        checkedLinks.push(await request.json());
        return HttpResponse.json({ valid: true });
      }),
    );
  });
  async function submit(newPassword: string, confirm: string) {
    await screen.findByLabelText('New password', { selector: 'input' });
    if (newPassword)
      await userEvent.type(screen.getByLabelText('New password', { selector: 'input' }), newPassword);
    if (confirm)
      await userEvent.type(screen.getByLabelText('Confirm password', { selector: 'input' }), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it.each([
    ['', '', 'Please fill in all fields.'],
    ['new horse 1', 'new horse 2', 'Passwords do not match.'],
    ['short', 'short', 'Password must be at least 8 characters.'],
  ])('refuses "%s" / "%s" with "%s"', async (a, b, message) => {
    await renderShell(page);
    await submit(a, b);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('says live how strong the new password is', async () => {
    await renderShell(page);
    const field = await screen.findByLabelText('New password', { selector: 'input' });
    await userEvent.type(field, 'password');
    await strengthHint(field, /^Too weak: /);
    await userEvent.clear(field);
    await userEvent.type(field, 'correct-horse-battery-staple-91');
    await strengthHint(field, 'Strong enough.');
  });

  it('sends uid and token from the query, says "Updating…" while busy, then confirms', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/password-reset/confirm/', async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ message: identityMessages.resetDone });
      }),
    );
    await renderShell(page);
    await submit('new horse 1', 'new horse 1');
    expect(screen.getByRole('button', { name: 'Updating…' })).toBeDisabled();
    const done = await screen.findByText('Password has been reset. You can now log in.');
    expect(done.closest('[role="status"]')).toHaveClass('b-banner--success');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(body).toEqual({
      uid: 'u-1',
      token: 't-1',
      newPassword: 'new horse 1',
      confirmPassword: 'new horse 1',
    });
  });

  it('shows the server\'s error, or "Failed to reset password." without one', async () => {
    server.use(
      http.post('/api/auth/password-reset/confirm/', () =>
        HttpResponse.json({ error: identityMessages.resetInvalid }, { status: 400 }),
      ),
    );
    await renderShell(page);
    await submit('new horse 1', 'new horse 1');
    expect(await screen.findByRole('alert')).toHaveTextContent(identityMessages.resetInvalid);

    server.use(
      http.post('/api/auth/password-reset/confirm/', () => new HttpResponse('oops', { status: 500 })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to reset password.'));
  });

  it('says "Failed to reset password. Try again later." when the network fails', async () => {
    server.use(http.post('/api/auth/password-reset/confirm/', () => HttpResponse.error()));
    await renderShell(page);
    await submit('new horse 1', 'new horse 1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password. Try again later.');
  });

  it('explains a link without uid or token, with no form and no question to the server', async () => {
    await renderShell('/reset-password?uid=u-1');
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete.');
    expect(screen.queryByLabelText('New password', { selector: 'input' })).toBeNull();
    expect(checkedLinks).toEqual([]);
  });

  it('says a used or expired link is dead before any password is typed, offering a new one', async () => {
    server.use(
      http.post('/api/auth/password-reset/check/', () =>
        HttpResponse.json({ error: identityMessages.resetInvalid }, { status: 400 }),
      ),
    );
    await renderShell(page);
    expect(await screen.findByRole('alert')).toHaveTextContent(identityMessages.resetInvalid);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password', { selector: 'input' })).toBeNull();
  });

  it('asks about the link once, then shows the form', async () => {
    await renderShell(page);
    await screen.findByLabelText('New password', { selector: 'input' });
    expect(checkedLinks).toEqual([{ uid: 'u-1', token: 't-1' }]);
  });

  it('shows the form when the link cannot be checked (network failure)', async () => {
    server.use(http.post('/api/auth/password-reset/check/', () => HttpResponse.error()));
    await renderShell(page);
    expect(await screen.findByLabelText('New password', { selector: 'input' })).toBeVisible();
  });
});
