import { describe, expect, it } from 'vitest';
import { safeNext } from './next';

describe('where the login page may send a person', () => {
  it.each([
    ['/home', '/home'],
    ['/accept-task?taskId=1&token=t', '/accept-task?taskId=1&token=t'],
    ['/home#settings', '/home#settings'],
  ])('follows a path on this site: %s', (next, to) => {
    expect(safeNext(next)).toBe(to);
  });

  it.each([
    null,
    '',
    'home',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\\/evil.example',
    '/%09/evil.example',
    'javascript:alert(1)',
  ])('sends anything that could leave the site to /home: %j', (next) => {
    const to = safeNext(next);
    expect(to.startsWith('//')).toBe(false);
    expect(new URL(to, 'https://baton.example').origin).toBe('https://baton.example');
  });

  it('lands on /home for the addresses a probe tried', () => {
    expect(safeNext(decodeURIComponent('%2F%09%2Fevil.example'))).toBe('/home');
    expect(safeNext('/\\evil.example')).toBe('/home');
  });
});
