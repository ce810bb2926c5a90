/** What /remotes.json holds: where each remote's manifest is, and who may stand in for one. */
export interface RemotesDocument {
  remotes: Record<string, string>;
  /** Origins from which a tester may load a remote instead (`?remote=name@url`). */
  overrideOrigins: string[];
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
  return { remotes: body.remotes ?? {}, overrideOrigins: body.overrideOrigins ?? [] };
}

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
    return {
      remotes: body.remotes ?? {},
      overrideOrigins: body.overrideOrigins ?? [],
      manifests: body.manifests ?? {},
    };
  } catch {
    return undefined;
  }
}

let remotes: Promise<Record<string, string>> | undefined;
const manifests = new Map<string, Promise<Response>>();
const absolute = (url: string) => new URL(url, window.location.href).href;

/**
 * The manifests this tab uses (/remotes.json, or the page's copy of it, and its overrides), read once per
 * page. The manifests themselves are asked for at once (unless the page holds them), so a page opened inside
 * a session has them by the time its federation runtime (in the workspace's chunk) wants them.
 */
export function remotesOnce() {
  const inline = inlineRemotes();
  remotes ??= (inline ? Promise.resolve(inline) : fetchRemotesDocument()).then((document) => {
    const resolved = resolveRemotes(document, openedAt);
    if (resolved.rejected.length > 0)
      console.warn('Remote overrides ignored (remote unknown or origin not allowed):', resolved.rejected);
    for (const url of Object.values(resolved.remotes)) {
      const known = inline?.manifests[url];
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
