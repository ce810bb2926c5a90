import { randomBytes } from 'node:crypto';

type Fetcher = (path: string, init?: RequestInit) => Response | Promise<Response>;

export interface TestUser {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

let counter = 0;

/** Sign-up fields of a new, unique person. */
export function makeUser(overrides: Partial<TestUser> = {}): TestUser {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  return {
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: `ada.${tag}@example.com`,
    password: `correct horse ${tag}`,
    ...overrides,
  };
}

export const jsonRequest = (method: string, body?: unknown, token?: string): RequestInit => ({
  method,
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** The body of POST /delete-account/ that erases `user`'s account: the phrase and their password. */
export const accountDeletion = (user: Pick<TestUser, 'password'>) => ({
  confirmation: 'delete',
  password: user.password,
});

export interface SignedUpUser extends TestUser {
  id: string;
  access: string;
  refresh: string;
}

/** Where a test reads the mails sent to a person (a harness's SMTP capture). */
export interface Mailbox {
  waitFor(to: string, options?: { match?: (mail: { text: string }) => boolean }): Promise<{ text: string }>;
}

/**
 * Signs a new person up through the real /user_signup/ route of `fetcher` (an app or the gateway) and signs
 * them in. With a `mailbox`, they first confirm their address through the mailed link, as a person who is
 * to receive tasks must.
 */
export async function signUp(
  fetcher: Fetcher,
  overrides: Partial<TestUser> = {},
  options: { mailbox?: Mailbox } = {},
): Promise<SignedUpUser> {
  const user = makeUser(overrides);
  const res = await fetcher(
    '/user_signup/',
    jsonRequest('POST', { ...user, confirmPassword: user.password }),
  );
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  if (options.mailbox) await confirmEmail(fetcher, options.mailbox, user.email);
  const login = await fetcher('/login/', jsonRequest('POST', { email: user.email, password: user.password }));
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const body = (await login.json()) as { user: { id: string }; tokens: { access: string; refresh: string } };
  return { ...user, id: body.user.id, access: body.tokens.access, refresh: body.tokens.refresh };
}

/** The token of the first confirmation link mailed to `email`, waiting for it to arrive. */
export async function confirmationToken(mailbox: Mailbox, email: string) {
  const pattern = /\/verify-email\?token=([\w-]+)/;
  const mail = await mailbox.waitFor(email, { match: (m) => pattern.test(m.text) });
  return pattern.exec(mail.text)?.[1] as string;
}

/** Follows the confirmation link mailed to `email`. */
export async function confirmEmail(fetcher: Fetcher, mailbox: Mailbox, email: string) {
  const token = await confirmationToken(mailbox, email);
  const res = await fetcher('/api/auth/verify-email/', jsonRequest('POST', { token }));
  if (res.status !== 200) throw new Error(`confirming ${email} failed: ${res.status} ${await res.text()}`);
}

/** A response body for assertions; tests read fields freely and let the assertions check them. */
// biome-ignore lint/suspicious/noExplicitAny: assertion helper
export const readJson = async (res: Response | Promise<Response>): Promise<any> => (await res).json();
