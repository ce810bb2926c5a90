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

export interface SignedUpUser extends TestUser {
  id: string;
  access: string;
  refresh: string;
}

/** Signs a new person up through the real /user_signup/ route of `fetcher` (an app or the gateway). */
export async function signUp(fetcher: Fetcher, overrides: Partial<TestUser> = {}): Promise<SignedUpUser> {
  const user = makeUser(overrides);
  const res = await fetcher(
    '/user_signup/',
    jsonRequest('POST', { ...user, confirmPassword: user.password }),
  );
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string }; tokens: { access: string; refresh: string } };
  return { ...user, id: body.user.id, access: body.tokens.access, refresh: body.tokens.refresh };
}

/** A response body for assertions; tests read fields freely and let the assertions check them. */
// biome-ignore lint/suspicious/noExplicitAny: assertion helper
export const readJson = async (res: Response | Promise<Response>): Promise<any> => (await res).json();
