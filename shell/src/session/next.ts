const home = '/home';
/** An origin no page is served from: `next` must resolve against it to stay on it. */
const here = 'https://baton.invalid';

/**
 * `next` as the login page may follow it: a path on this site, never another origin. It is resolved as a
 * browser would resolve it, so what browsers drop or rewrite (tabs and newlines, `\` for `/`) cannot turn
 * `/…` into `//evil.example`; anything else is /home.
 */
export function safeNext(next: string | null | undefined) {
  if (!next?.startsWith('/')) return home;
  try {
    const url = new URL(next, here);
    return url.origin === here ? `${url.pathname}${url.search}${url.hash}` : home;
  } catch {
    return home;
  }
}

/** `path` carrying `next` (the page to return to after signing in) when there is one. */
export const withNext = (path: string, next: string | null | undefined) =>
  next ? `${path}?${new URLSearchParams({ next })}` : path;

/** /login?next=<path and query of the page that needed a session>. */
export const loginUrlFor = (location: { pathname: string; search: string }) =>
  withNext('/login', `${location.pathname}${location.search}`);
