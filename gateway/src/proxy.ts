import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { REQUEST_ID_HEADER } from '@baton/service-kit';
import type { HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { type HttpUpstream, type LocalUpstream, noBody, type Upstream, webHeadersOf } from './upstreams';

/**
 * Request headers a service may see; everything else (cookies, hop-by-hop, spoofed forwarding) stays here,
 * but for the cookie of the one route that reads one (`cookieRoutes`).
 */
const forwardedRequestHeaders = ['accept', 'accept-language', 'authorization', 'content-type', 'user-agent'];
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

/** The client's Node request, when node-server serves (not app.request() in tests). */
const incomingOf = (c: Context): IncomingMessage | undefined =>
  (c.env as Partial<HttpBindings> | undefined)?.incoming;

interface How {
  object?: boolean;
  cookie?: boolean;
  stream?: boolean;
}

/**
 * The headers a service sees, as one plain object read straight from the client's request: the allowed
 * ones, the request id and the client's address.
 */
function upstreamHeaders(c: Context, client: string, { object, cookie }: How) {
  const incoming = incomingOf(c)?.headers;
  const headers: Record<string, string> = {};
  const copy = (name: string) => {
    const value = incoming ? incoming[name] : c.req.header(name);
    if (typeof value === 'string') headers[name] = value;
  };
  for (const name of forwardedRequestHeaders) copy(name);
  if (object) copy('content-length');
  if (cookie) copy('cookie');
  headers[REQUEST_ID_HEADER] = c.get('requestId');
  headers['x-forwarded-for'] = client;
  return headers;
}

/**
 * Forwards the request to `upstream` with the request id and the client's address (`client`, as
 * `clientAddressOf` found it: the services count their limits on it). A file's bytes
 * (`object`) stream both ways with their length kept (an upload of 25 MB is never held in memory, and the
 * files service refuses a too-large one before reading); an answer of a `stream` route (an export, a whole
 * list) streams back as the service writes it; other bodies are JSON within the body limit, handed over whole
 * both ways.
 */
export function forward(c: Context, upstream: Upstream, client: string, how: How = {}): Promise<Response> {
  const headers = upstreamHeaders(c, client, how);
  return upstream.send === undefined
    ? forwardInProcess(c, upstream, headers, how)
    : forwardOverHttp(c, upstream, headers, how);
}

const hasBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD';

/** To an app in this process: a web Request in, its own Response handed on. */
async function forwardInProcess(
  c: Context,
  upstream: LocalUpstream,
  headers: Record<string, string>,
  { object = false }: How,
) {
  // A file's bytes stream through; any other body is JSON within the body limit, handed over as it is read
  // (a second stream around it costs more than the bytes: bench/README.md, "The gateway's proxy").
  const body = !hasBody(c) ? undefined : object ? c.req.raw.body : await c.req.arrayBuffer();
  // Its length, declared, lets the service judge its size without reading it as a stream first.
  if (body instanceof ArrayBuffer) headers['content-length'] = String(body.byteLength);
  const response = await upstream(
    new Request(c.req.url, {
      method: c.req.method,
      headers,
      ...(body === undefined ? {} : { body, duplex: 'half' }),
    } as RequestInit),
  );
  // An answer made in this process is handed on as it is, neither copied nor read through a web stream (which
  // promoted every list page: bench/README.md), and node-server writes the service's text or bytes in one go.
  for (const name of hopByHop) response.headers.delete(name);
  response.headers.set(REQUEST_ID_HEADER, c.get('requestId'));
  return response;
}

/** The request's body as a Node stream, when there is no Node request (app.request() in tests). */
const webBodyOf = (c: Context) => {
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as NodeReadableStream) : undefined;
};

/** The path and query the gateway routed on (its URL as node-server normalised it). */
const pathOf = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));

/** To a service over HTTP: plain values out, the answer's Node stream read once (bench/README.md). */
async function forwardOverHttp(
  c: Context,
  upstream: HttpUpstream,
  headers: Record<string, string>,
  { object = false, stream = false }: How,
) {
  let body: Uint8Array | Readable | undefined;
  if (hasBody(c) && object) {
    // A file's bytes stream from the client's socket to the service's, with the client's length (the web
    // body is not touched first: node-server would start reading the socket into a web stream of its own).
    body = incomingOf(c) ?? webBodyOf(c);
  } else if (hasBody(c)) {
    body = new Uint8Array(await c.req.arrayBuffer());
    headers['content-length'] = String(body.byteLength);
  }
  const request = {
    method: c.req.method,
    path: pathOf(c.req.url),
    headers,
    body,
    // A JSON read may share a connection; a file or an export would hold up the answers behind it.
    pipelined: body === undefined && !object && !stream,
  };
  if (!object && !stream) {
    const whole = await upstream.sendWhole(request);
    const out = webHeadersOf(whole.headers, (name) => hopByHop.has(name));
    out.set(REQUEST_ID_HEADER, c.get('requestId'));
    return new Response(noBody.has(whole.status) ? null : (whole.body as Uint8Array<ArrayBuffer>), {
      status: whole.status,
      headers: out,
    });
  }
  const answer = await upstream.send(request);
  // The body's bytes are handed on as the service wrote them (nothing decoded): their length and encoding
  // hold (and compress leaves an answer under its threshold alone, as it cannot when no length is known).
  const out = webHeadersOf(answer.headers, (name) => hopByHop.has(name));
  out.set(REQUEST_ID_HEADER, c.get('requestId'));
  const init = { status: answer.status, headers: out };
  // A 204 or 304 has no body at all (a Response refuses even an empty one).
  if (noBody.has(answer.status)) {
    await answer.body.dump();
    return new Response(null, init);
  }
  // A file and a streamed answer pass as they come (an export or a whole list of 10,000 tasks held whole would
  // cost its size in memory here, and the client would wait for its last byte to see the first). A `stream`
  // route's answer sent whole, with its length (a page of a list, an error), is handed on whole as any other.
  if (object || (stream && answer.headers['content-length'] === undefined))
    return new Response(Readable.toWeb(answer.body) as ReadableStream, init);
  // A service's JSON answer is handed on whole, as bytes: node-server writes those at once, with their length.
  return new Response(new Uint8Array(await answer.body.arrayBuffer()), init);
}
