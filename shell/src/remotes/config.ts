/** What /remotes.json holds: where each remote's manifest is, and who may stand in for one. */
export interface RemotesDocument {
  remotes: Record<string, string>;
  /** Origins from which a tester may load a remote instead (`?remote=name@url`). */
  overrideOrigins: string[];
  /** The gateway's environment (`BATON_ENVIRONMENT`), when the document names it: the override banner's words. */
  environment?: string;
}

export const overrideStorageKey = 'baton.remoteOverrides';

/**
 * Parses `?remote=mf-tasks@https://staging.example/mf-tasks/mf-manifest.json` (repeatable). An override is
 * kept only when the remote exists and its URL is this page's origin, or https on an allowed origin, or, for a
 * page on this machine (a dev server), a dev server on this machine;
 * the rest are reported so the tester sees why nothing changed.
 */
export function parseOverrides(search: string, document: RemotesDocument, pageOrigin: string) {
  const accepted: Record<string, string> = {};
  const rejected: string[] = [];
  for (const value of new URLSearchParams(search).getAll('remote')) {
    const at = value.indexOf('@');
    const name = value.slice(0, at);
    const url = at > 0 ? safeUrl(value.slice(at + 1), pageOrigin) : null;
    const allowed =
      url !== null &&
      name in document.remotes &&
      (url.origin === pageOrigin ||
        document.overrideOrigins.includes(url.origin) ||
        // A page from a dev server on this machine may use the remotes' dev servers on it.
        (isLocal(new URL(pageOrigin)) && isLocal(url)));
    if (allowed) accepted[name] = url.href;
    else rejected.push(value);
  }
  return { accepted, rejected };
}

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

const isLocal = (url: URL) => url.protocol === 'http:' && loopback.has(url.hostname);

/** https, this page's origin, or a dev server on this machine (http://localhost:3004). */
function safeUrl(text: string, base: string) {
  try {
    const url = new URL(text, base);
    return url.protocol === 'https:' || url.origin === base || isLocal(url) ? url : null;
  } catch {
    return null;
  }
}

/**
 * The manifests this tab uses: /remotes.json, with overrides from the address (remembered for the tab in
 * sessionStorage, so they survive navigation) on top.
 */
export function resolveRemotes(document: RemotesDocument, location: Pick<Location, 'search' | 'origin'>) {
  const { accepted, rejected } = parseOverrides(location.search, document, location.origin);
  const remembered = readRemembered();
  const overrides = { ...remembered, ...accepted };
  // Remembered overrides are checked again: the allowed origins may have changed since.
  for (const [name, url] of Object.entries(overrides)) {
    const check = parseOverrides(`remote=${encodeURIComponent(`${name}@${url}`)}`, document, location.origin);
    if (!(name in check.accepted)) delete overrides[name];
  }
  sessionStorage.setItem(overrideStorageKey, JSON.stringify(overrides));
  return { remotes: { ...document.remotes, ...overrides }, overrides, rejected };
}

function readRemembered(): Record<string, string> {
  try {
    const value = JSON.parse(sessionStorage.getItem(overrideStorageKey) ?? '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

export async function fetchRemotesDocument(url = '/remotes.json'): Promise<RemotesDocument> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.json()) as Partial<RemotesDocument>;
  return documentOf(body);
}

const documentOf = (body: Partial<RemotesDocument>): RemotesDocument => ({
  remotes: body.remotes ?? {},
  overrideOrigins: body.overrideOrigins ?? [],
  ...(typeof body.environment === 'string' ? { environment: body.environment } : {}),
});

/**
 * Where the page was opened: overrides (`?remote=`) count from that address, even when a login in between
 * took the person on to /home without it.
 */
export const openedAt = { search: window.location.search, origin: window.location.origin };

/**
 * The remotes document and manifests the gateway put in a page inside a session (gateway/src/pages.ts), so
 * that page asks for neither; undefined on other pages, or from a dev server.
 */
function inlineRemotes() {
  const text = document.getElementById('baton-remotes')?.textContent;
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as Partial<RemotesDocument> & { manifests?: Record<string, unknown> };
    return { ...documentOf(body), manifests: body.manifests ?? {} };
  } catch {
    return undefined;
  }
}

export type ResolvedRemotes = ReturnType<typeof resolveRemotes> & { environment?: string };

let resolved: Promise<ResolvedRemotes> | undefined;
let remotes: Promise<Record<string, string>> | undefined;
/** The manifests the page holds (a page inside a session), by URL. */
let pageManifests: Record<string, unknown> = {};
const manifests = new Map<string, Promise<Response>>();
const absolute = (url: string) => new URL(url, window.location.href).href;

/** The remotes document (/remotes.json, or the page's copy of it) and this tab's overrides on it, once per page. */
export function resolvedOnce() {
  if (resolved) return resolved;
  const inline = inlineRemotes();
  pageManifests = inline?.manifests ?? {};
  resolved = (inline ? Promise.resolve(inline) : fetchRemotesDocument()).then((document) => {
    const result = resolveRemotes(document, openedAt);
    if (result.rejected.length > 0)
      console.warn('Remote overrides ignored (remote unknown or origin not allowed):', result.rejected);
    return { ...result, environment: document.environment };
  });
  return resolved;
}

/**
 * Whether this tab asks for overrides: the address it was opened at has `?remote=`, or an earlier page of the
 * tab kept some. Only then does a page that loads no remote (a public page) read the remotes document.
 */
export function tabAsksForOverrides() {
  return new URLSearchParams(openedAt.search).has('remote') || Object.keys(readRemembered()).length > 0;
}

/**
 * Ends this tab's overrides: forgets them and gives the address to reload, without `?remote=`, so the tab
 * runs what its environment names again.
 */
export function leaveOverrides(href = window.location.href) {
  sessionStorage.removeItem(overrideStorageKey);
  const url = new URL(href);
  url.searchParams.delete('remote');
  return url.href;
}

/**
 * The manifests this tab uses (/remotes.json, or the page's copy of it, and its overrides), read once per
 * page. The manifests themselves are asked for at once (unless the page holds them), so a page opened inside
 * a session has them by the time its federation runtime (in the workspace's chunk) wants them.
 */
export function remotesOnce() {
  remotes ??= resolvedOnce().then((resolved) => {
    for (const url of Object.values(resolved.remotes)) {
      const known = pageManifests[url];
      const manifest = known
        ? Promise.resolve(
            new Response(JSON.stringify(known), { headers: { 'Content-Type': 'application/json' } }),
          )
        : fetch(url, { headers: { Accept: 'application/json' } });
      manifest.catch(() => undefined); // the runtime's own fetch reports a failure, if it comes to that
      manifests.set(absolute(url), manifest);
    }
    return resolved.remotes;
  });
  return remotes;
}

/** A manifest already asked for, once (a retry fetches it again). */
export function takeManifest(url: string) {
  const manifest = manifests.get(absolute(url));
  manifests.delete(absolute(url));
  return manifest;
}
