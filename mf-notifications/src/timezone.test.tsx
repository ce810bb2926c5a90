import { createApiClient } from '@baton/web-platform';
import { renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NotificationBell from './NotificationBell';
import { accountTimeZone } from './testing';
import { browserTimeZone, sendBrowserTimeZone, timeZoneKey } from './timezone';

const server = mockServer();

/** An account on the fake service, and the request wrapper of a signed-in browser. */
function account(timezone = 'UTC') {
  const service = accountTimeZone(timezone);
  server.use(...service.handlers);
  // The wrapper sends the stored session's token; the routes here do not check it.
  const client = createApiClient();
  return { service: service.state, client };
}

describe("the browser's time zone reaches the account", () => {
  it('once, while the account still has the default UTC', async () => {
    const { service, client } = account('UTC');
    expect(await sendBrowserTimeZone(client, testUser.email, 'Europe/Berlin')).toBe(true);
    expect(service.puts).toEqual([{ timezone: 'Europe/Berlin' }]);
    expect(localStorage.getItem(timeZoneKey(testUser.email))).toBe('Europe/Berlin');
    // Settled in this browser: the next page asks nothing.
    expect(await sendBrowserTimeZone(client, testUser.email, 'Europe/Berlin')).toBe(false);
    expect(service.gets).toBe(1);
  });

  it('never over a zone the person chose (Etc/UTC is the default too)', async () => {
    const chosen = account('America/New_York');
    expect(await sendBrowserTimeZone(chosen.client, testUser.email, 'Europe/Berlin')).toBe(false);
    expect(chosen.service.puts).toEqual([]);
    expect(localStorage.getItem(timeZoneKey(testUser.email))).toBe('Europe/Berlin');

    const alias = account('Etc/UTC');
    expect(await sendBrowserTimeZone(alias.client, 'ben@example.com', 'Asia/Tokyo')).toBe(true);
    expect(alias.service.puts).toEqual([{ timezone: 'Asia/Tokyo' }]);
  });

  it('asks nothing from a browser in UTC, which is the default already', async () => {
    const { service, client } = account('UTC');
    expect(await sendBrowserTimeZone(client, testUser.email, 'UTC')).toBe(false);
    expect(service.gets).toBe(0);
  });

  it('tries again on the next visit when the server refused', async () => {
    const { service, client } = account('UTC');
    service.refuse = 503;
    expect(await sendBrowserTimeZone(client, testUser.email, 'Europe/Berlin')).toBe(false);
    expect(localStorage.getItem(timeZoneKey(testUser.email))).toBeNull();
    service.refuse = null;
    expect(await sendBrowserTimeZone(client, testUser.email, 'Europe/Berlin')).toBe(true);
    expect(service.puts).toHaveLength(2);
  });

  it("is one person's: another account in the same browser gets its own", async () => {
    const { service, client } = account('UTC');
    await sendBrowserTimeZone(client, testUser.email, 'Europe/Berlin');
    service.timezone = 'UTC';
    expect(await sendBrowserTimeZone(client, 'ben@example.com', 'Europe/Berlin')).toBe(true);
    expect(service.puts).toHaveLength(2);
  });
});

describe('the bell', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("sends the browser's zone when someone signed in opens the workspace", async () => {
    vi.stubEnv('TZ', 'Pacific/Auckland');
    expect(browserTimeZone()).toBe('Pacific/Auckland');
    const { service } = account('UTC');
    server.use(http.get('/notifications/', () => HttpResponse.json({ notifications: [] })));
    renderWithPlatform(<NotificationBell />);
    await vi.waitFor(() => expect(service.puts).toEqual([{ timezone: 'Pacific/Auckland' }]));
  });
});
