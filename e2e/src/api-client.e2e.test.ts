/// <reference lib="dom" />
import type { paths } from '@baton/contracts/api';
import { makeUser } from '@baton/test-kit';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './stack';

/**
 * The API as a program outside Baton meets it: a client typed by the checked-in generated/api.d.ts (from
 * /openapi.json) against the app as `npm start` runs it; and /docs, the page that documents it, in Chromium
 * under the app's own CSP.
 */
const stack = useAppInBrowser();

describe('the typed API client (openapi-fetch over generated/api.d.ts)', () => {
  it('signs up, confirms the address, logs in, creates, lists and reads a task, and reads a typed error', async () => {
    const client = createClient<paths>({ baseUrl: stack.base });
    const user = makeUser();

    const signup = await client.POST('/user_signup/', {
      body: { ...user, confirmPassword: user.password },
    });
    expect(signup.response.status).toBe(201);
    const link = await stack.linkMailedTo(user.email, /\/verify-email\?token=[\w-]+/);
    const token = new URL(link, stack.base).searchParams.get('token') ?? '';
    const verified = await client.POST('/api/auth/verify-email/', { body: { token } });
    expect(verified.response.status).toBe(200);

    const login = await client.POST('/login/', { body: { email: user.email, password: user.password } });
    expect(login.error).toBeUndefined();
    const access = login.data?.tokens.access ?? '';
    expect(login.data?.user.email).toBe(user.email);
    client.use({
      onRequest: ({ request }) => {
        request.headers.set('Authorization', `Bearer ${access}`);
        return request;
      },
    });

    const created = await client.POST('/create_list', {
      body: { title: 'Renew the domain', dueDate: '2054-12-20', priority: 'Moderate' },
    });
    expect(created.error).toBeUndefined();
    const taskId = created.data?.task_id ?? '';
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await client.POST('/api/tasks/personal/', { body: { userEmail: user.email } });
    expect(listed.data?.tasks.map((t) => [t.id, t.title])).toEqual([[taskId, 'Renew the domain']]);

    const one = await client.GET('/api/tasks/{taskId}/', { params: { path: { taskId } } });
    expect(one.data?.task).toMatchObject({ id: taskId, title: 'Renew the domain', priority: 'Moderate' });

    // A bad request answers with the shared error body, typed as the document's Error.
    const bad = await client.POST('/create_list', {
      body: { title: '   ', dueDate: '2054-12-20', priority: 'Moderate' },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.data).toBeUndefined();
    const error = bad.error;
    expect(error?.code).toBe('validation_failed');
    expect(error?.issues?.map((issue) => issue.path)).toEqual(['title']);
    expect(error?.message).toBe(error?.error);
  });
});

describe('/docs in Chromium', () => {
  // Swagger UI resolves the whole document before it draws (over ten seconds on a busy two-core machine).
  it('renders every operation of /openapi.json under the app’s CSP, without a violation', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await stack.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    const res = await page.goto('/docs');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 2, name: 'How to authenticate' }).waitFor();
    await page.locator('#operations-identity-login').waitFor({ timeout: 90_000 });
    const doc = await (await fetch(`${stack.base}/openapi.json`)).json();
    const operations = Object.values(doc.paths as Record<string, object>).flatMap((p) => Object.keys(p));
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations.length);
    await page.getByRole('button', { name: 'Authorize' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
