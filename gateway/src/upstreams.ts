import { Readable } from 'node:stream';
import type { ServiceName } from '@baton/contracts';
import { Pool } from 'undici';

/**
 * A request to a service over HTTP as plain values, made once from the client's request: no Request or
 * Headers objects on the proxy's path (bench/README.md, "The gateway's HTTP client").
 */
export interface UpstreamRequest {
  method: string;
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  /** Bytes handed over whole (their length declared in `headers`), or a stream (a file's bytes). */
  body?: Uint8Array | Readable;
  /**
   * Short and safe to send again (a JSON GET or HEAD): it may follow other requests on a connection before
   * their answers arrive. A long answer (an export, a file) or a change never shares one.
   */
  pipelined?: boolean;
}

/** A service's answer over HTTP: its body is a stream that must be read or dumped. */
export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable & { arrayBuffer(): Promise<ArrayBuffer>; dump(): Promise<void> };
}

/** A service's answer read whole (a JSON answer): its bytes as they came. */
export interface WholeAnswer {
  status: number;
  headers: UpstreamAnswer['headers'];
  body: Uint8Array;
}

/** A web request to an upstream and its answer: for the few calls outside the proxy (sockets, readiness). */
type Call = (request: Request) => Promise<Response>;

/**
 * An upstream app in this process (or a stand-in in tests): its answers are made for this request, the
 * gateway may change their headers.
 */
export interface LocalUpstream extends Call {
  readonly local?: true;
  readonly send?: undefined;
}

/** An upstream service over HTTP: the proxy sends on pooled, kept-alive connections. */
export interface HttpUpstream extends Call {
  readonly local?: false;
  send(request: UpstreamRequest): Promise<UpstreamAnswer>;
  /** The same, its answer read whole (no stream made for it). */
  sendWhole(request: UpstreamRequest): Promise<WholeAnswer>;
  /** Closes its connections. */
  close(): Promise<void>;
}

/** Where the gateway sends a service's requests: over HTTP, or straight into an app in this process. */
export type Upstream = LocalUpstream | HttpUpstream;
export type Upstreams = Partial<Record<ServiceName, Upstream>>;

/** Statuses whose answer has no body. */
export const noBody = new Set([101, 103, 204, 205, 304]);

/** An answer's headers as web Headers, each value of a repeated one (Set-Cookie) kept apart. */
export function webHeadersOf(headers: UpstreamAnswer['headers'], skip?: (name: string) => boolean) {
  const out = new Headers();
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || skip?.(name)) continue;
    if (typeof value === 'string') out.append(name, value);
    else for (const one of value) out.append(name, one);
  }
  return out;
}

/** As long as global fetch waited (undici's defaults): a service that hangs is given up after this. */
const upstreamTimeoutMs = 300_000;

/** How reads share connections under load (bench/README.md, "The gateway's HTTP client"). */
export interface ReadSharing {
  /** Requests in flight on connections of their own before further reads share some. */
  from: number;
  /** Reads sent on a shared connection before the first one's answer arrives. */
  depth: number;
}

/**
 * A read shares once two requests are in flight (the gateway is busy), four deep: as much less CPU per read
 * as sharing always, while a read beside one other still waits for nobody. Measured: bench/README.md.
 */
const defaultSharing: ReadSharing = { from: 2, depth: 4 };

/**
 * Connections a gateway opens to one service for requests of their own (reads it shares go on a quarter as
 * many more, four deep): past these, requests wait in the gateway's queue. A service's own work is bounded
 * by its database pool (10 connections), so more sockets would only hold memory and file descriptors on
 * both sides while a surge of thousands of requests is under way.
 */
export const defaultUpstreamConnections = 128;

/**
 * An upstream service reached over HTTP at `baseUrl`, on undici's `Pool`: kept-alive connections, requests
 * written from plain values, answers read without a web stream (bench/README.md, "The gateway's HTTP client").
 * At most `connections` requests are in flight on connections of their own; the rest wait their turn.
 */
export function httpUpstream(
  baseUrl: string,
  sharing: ReadSharing | null = defaultSharing,
  connections = defaultUpstreamConnections,
): HttpUpstream {
  const origin = new URL(baseUrl).origin;
  const timeouts = { headersTimeout: upstreamTimeoutMs, bodyTimeout: upstreamTimeoutMs };
  // Each request on a connection of its own, while they last: none waits for another's answer (a quick read
  // behind a slow one, a change behind anything).
  const own = new Pool(origin, { ...timeouts, pipelining: 1, connections });
  // Under load, reads share connections, several in flight on each (pipelined): the service and the gateway
  // then read several requests or answers per wakeup. A shared read waits for the answers before its own.
  const shared =
    sharing &&
    new Pool(origin, {
      ...timeouts,
      pipelining: sharing.depth,
      connections: Math.ceil(connections / sharing.depth),
    });
  let inFlight = 0;
  const poolFor = (pipelined: boolean) =>
    pipelined && shared && sharing && inFlight >= sharing.from ? shared : own;
  const counted = (pool: Pool) => {
    if (pool !== own) return () => {};
    inFlight += 1;
    let done = false;
    return () => {
      if (!done) inFlight -= 1;
      done = true;
    };
  };

  const send = async ({ method, path, headers, body, pipelined = false }: UpstreamRequest) => {
    const pool = poolFor(pipelined);
    const finished = counted(pool);
    try {
      // Not `blocking`: a shared read lets the next one follow before its answer's headers arrive.
      const answer = await pool.request({ method, path, headers, body: body ?? null, blocking: !pipelined });
      answer.body.once('close', finished);
      return { status: answer.statusCode, headers: answer.headers, body: answer.body };
    } catch (error) {
      finished();
      throw error;
    }
  };

  /** The answer collected as it arrives, without a Node stream or a promise per chunk. */
  const sendWhole = ({ method, path, headers, body, pipelined = false }: UpstreamRequest) =>
    new Promise<WholeAnswer>((resolve, reject) => {
      const pool = poolFor(pipelined);
      const finished = counted(pool);
      let status = 0;
      let answered: UpstreamAnswer['headers'] = {};
      let chunks: Buffer[] = [];
      pool.dispatch(
        { method, path, headers, body: body ?? null, blocking: !pipelined },
        {
          // From the start again when undici sends it again (a shared read after a broken connection).
          onRequestStart: () => {
            chunks = [];
          },
          onResponseStart: (_controller, statusCode, responseHeaders) => {
            status = statusCode;
            answered = responseHeaders;
          },
          onResponseData: (_controller, chunk) => {
            chunks.push(chunk);
          },
          onResponseEnd: () => {
            finished();
            resolve({
              status,
              headers: answered,
              body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks),
            });
          },
          onResponseError: (_controller, error) => {
            finished();
            reject(error);
          },
        },
      );
    });

  const call: Call = async (request) => {
    const url = new URL(request.url);
    const answer = await send({
      method: request.method,
      path: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      body: request.body ? new Uint8Array(await request.arrayBuffer()) : undefined,
    });
    const init = { status: answer.status, headers: webHeadersOf(answer.headers) };
    if (!noBody.has(answer.status)) return new Response(Readable.toWeb(answer.body) as ReadableStream, init);
    await answer.body.dump();
    return new Response(null, init);
  };
  const close = async () => {
    await Promise.all([own.close(), shared?.close()]);
  };
  return Object.assign(call, { send, sendWhole, close });
}

/** An upstream app in the same process (single-process mode): no socket, no serialisation hop. */
export const inProcessUpstream = (app: {
  fetch: (request: Request) => Response | Promise<Response>;
}): LocalUpstream => Object.assign(async (request: Request) => app.fetch(request), { local: true as const });

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
