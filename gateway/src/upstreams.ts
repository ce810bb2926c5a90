import type { ServiceName } from '@baton/contracts';

/** Where the gateway sends a service's requests: over HTTP, or straight into an app in this process. */
export interface Upstream {
  (request: Request): Promise<Response>;
  /** Its answers are made in this process for this request: the gateway may change their headers and hand them on. */
  readonly local?: boolean;
}
export type Upstreams = Partial<Record<ServiceName, Upstream>>;

/** An upstream service reached over HTTP at `baseUrl`. */
export function httpUpstream(baseUrl: string): Upstream {
  const base = new URL(baseUrl);
  return (request) => {
    const incoming = new URL(request.url);
    const target = new URL(incoming.pathname + incoming.search, base);
    return fetch(new Request(target, request));
  };
}

/** An upstream app in the same process (single-process mode): no socket, no serialisation hop. */
export const inProcessUpstream = (app: {
  fetch: (request: Request) => Response | Promise<Response>;
}): Upstream => Object.assign(async (request: Request) => app.fetch(request), { local: true });

/**
 * Each upstream's own `/readyz` as a readiness check of the gateway's (its database, its bus, its dead
 * letters): for `npm start`, where one process is the whole app and its /readyz must speak for all of it.
 * A distributed gateway does not use it: one service's outage must not take every gateway out of rotation.
 */
export function upstreamReadiness(upstreams: Upstreams) {
  return Object.fromEntries(
    Object.entries(upstreams).map(([name, upstream]) => [
      name,
      async () => {
        const res = await upstream(new Request('http://upstream/readyz'));
        const body = (await res.json().catch(() => null)) as {
          failures?: Record<string, string>;
          details?: Record<string, unknown>;
        } | null;
        if (res.ok) return body?.details ?? {};
        const failures = Object.entries(body?.failures ?? {}).map(([part, why]) => `${part}: ${why}`);
        throw new Error(failures.join('; ') || `answered ${res.status}`);
      },
    ]),
  );
}
