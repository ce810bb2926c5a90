import { REQUEST_ID_HEADER } from '@baton/service-kit';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Upstream } from './upstreams';

/**
 * Request headers a service may see; everything else (cookies, hop-by-hop, spoofed forwarding) stays here,
 * but for the cookie of the one route that reads one (`cookieRoutes`).
 */
const forwardedRequestHeaders = ['accept', 'accept-language', 'authorization', 'content-type', 'user-agent'];
/** Statuses whose answer has no body. */
const noBody = new Set([101, 103, 204, 205, 304]);
/** Hop-by-hop response headers that must not be copied. */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** The socket's peer address. */
export const peerAddress = (c: Context) => {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
};

/**
 * Forwards the request to `upstream` with the request id and the client's address (`client`, as
 * `clientAddressOf` found it: the services count their limits on it). A file's bytes
 * (`object`) stream both ways with their length kept (an upload of 25 MB is never held in memory, and the
 * files service refuses a too-large one before reading); an answer of a `stream` route (an export) streams
 * back as the service writes it; other bodies are JSON within the body limit, handed over whole both ways.
 */
export async function forward(
  c: Context,
  upstream: Upstream,
  client: string,
  {
    object = false,
    cookie = false,
    stream = false,
  }: { object?: boolean; cookie?: boolean; stream?: boolean } = {},
): Promise<Response> {
  const headers = new Headers();
  const names = [
    ...forwardedRequestHeaders,
    ...(object ? ['content-length'] : []),
    ...(cookie ? ['cookie'] : []),
  ];
  for (const name of names) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  headers.set(REQUEST_ID_HEADER, c.get('requestId'));
  headers.set('x-forwarded-for', client);
  const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  // A file's bytes stream through; any other body is JSON within the body limit, handed over as it is read
  // (a second stream around it costs more than the bytes: bench/README.md, "The gateway's proxy").
  const body = !hasBody ? undefined : object ? c.req.raw.body : await c.req.arrayBuffer();
  // Its length, declared, lets the service judge its size without reading it as a stream first.
  if (body instanceof ArrayBuffer) headers.set('content-length', String(body.byteLength));
  const request = new Request(c.req.url, {
    method: c.req.method,
    headers,
    ...(body === undefined ? {} : { body, duplex: 'half' }),
  } as RequestInit);
  const response = await upstream(request);
  // An answer made in this process is handed on as it is, neither copied nor read through a web stream (which
  // promoted every list page: bench/README.md), and node-server writes the service's text or bytes in one go.
  if (upstream.local) {
    for (const name of hopByHop) response.headers.delete(name);
    response.headers.set(REQUEST_ID_HEADER, c.get('requestId'));
    return response;
  }
  const out = new Headers();
  response.headers.forEach((value, name) => {
    const recoded = !object && (name === 'content-length' || name === 'content-encoding');
    if (!hopByHop.has(name) && !recoded) out.set(name, value);
  });
  out.set(REQUEST_ID_HEADER, c.get('requestId'));
  // A service's JSON answer is handed on whole, as bytes: node-server writes those at once, with their
  // length, where any other body would be streamed. A file and an export stream (an export of 10,000 tasks
  // held whole would cost its size in memory here, and the client would wait for its last byte to see the
  // first). A 204 or 304 has no body at all (a Response refuses even an empty one).
  const answer =
    object || stream
      ? response.body
      : noBody.has(response.status)
        ? null
        : new Uint8Array(await response.arrayBuffer());
  return new Response(answer, { status: response.status, headers: out });
}
