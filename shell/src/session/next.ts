/** `next` as the login page may follow it: a path on this site, never another origin (`//evil`, `https:`). */
export function safeNext(next: string | null | undefined) {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/home';
  return next;
}

/** /login?next=<path and query of the page that needed a session>. */
export const loginUrlFor = (location: { pathname: string; search: string }) =>
  `/login?${new URLSearchParams({ next: `${location.pathname}${location.search}` })}`;
