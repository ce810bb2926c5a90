import { describe, expect, it } from 'vitest';
import { proxiedToGateway } from './index';

describe("the host dev server's proxy", () => {
  it.each([
    ['/login/', 'application/json', true],
    ['/api/settings/trusted-users/', '*/*', true],
    ['/remotes.json', '*/*', true],
    ['/mf/mf-settings/mf-manifest.json', '*/*', true],
    ['/ws/notifications/', '', true],
    ['/ws/tasks/', '', true],
    ['/ws', '', false],
    ['/home', 'text/html,application/xhtml+xml', false],
    ['/static/js/main.js', '*/*', false],
    ['/main.3f2a.hot-update.json', '*/*', false],
  ])('%s (accept %j) goes to the gateway: %s', (path, accept, proxied) => {
    expect(proxiedToGateway(path, accept)).toBe(proxied);
  });
});
