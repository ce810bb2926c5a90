import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { AuthContext } from './auth';
import { databaseUnavailable, errorBodyOf, HttpError, isDatabaseUnavailable } from './errors';
import type { Logger } from './logger';

export type AppEnv = {
  Variables: {
    requestId: string;
    auth: AuthContext;
  };
};

/** Throws when the service is not ready; a value it returns is shown in /readyz's details (a count, say). */
export type ReadinessCheck = () => unknown;

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Each must resolve for `/readyz` to answer 200 (database reachable, bus connected, ...). */
  readiness?: Readiness;
  /** Largest accepted request body in bytes. */
  maxBodyBytes?: number;
  /**
   * Paths under this prefix skip the body limit: their handlers stream the body and count it against a
   * limit of their own (Hono's limit buffers a body sent without Content-Length whole in memory).
   */
  streamedBodyPrefix?: string;
  /** Routes (exact paths) with a body limit of their own, and the sentence of their 413 (an import's file, say). */
  bodyLimits?: Record<string, { maxBytes: number; message: string }>;
  /** The service's route groups (each a `contractRoutes` app). */
  routes?: Hono<AppEnv>[];
}

/** Refuses a body over `maxBytes` with 413 and `message`. */
function bodyLimiter(maxBytes: number, message: string): MiddlewareHandler {
  // The rest of the body is not read: the connection closes after the answer, so a kept-alive client
  // sends its next request on a new one instead of losing it in the unread bytes.
  const tooLarge = (c: Context) => {
    c.header('Connection', 'close');
    return c.json(errorBodyOf('payload_too_large', message), 413);
  };
  const countBody = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  // A body of declared length is judged by its header, as Hono's limit does, but without touching
  // `req.raw.body` first: that turns node-server's light request into a full one with streams and abort
  // signals, twice per proxied request (bench:tasks pages: 1,266 scavenges with it, 739 without).
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return countBody(c, next);
    return Number(length) > maxBytes ? Promise.resolve(tooLarge(c)) : next();
  };
}

/** The checks behind a service's `/readyz`. */
export type Readiness = Record<string, ReadinessCheck>;

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * The Hono app every Baton service and the gateway start from: request id (taken from the caller when
 * it looks sane, so one id follows a request across services), an access log of route patterns,
 * a body size limit, one JSON error shape, `/healthz` and `/readyz`.
 */
export function createServiceApp(options: ServiceAppOptions) {
  const { logger } = options;
  const app = new Hono<AppEnv>();

  app.use(
    requestId({
      headerName: REQUEST_ID_HEADER,
      limitLength: 64,
    }),
  );
  // JSON answers carry tokens and people's data: no cache may keep them, unless a route says otherwise.
  // Set on the answer's own headers: `c.header` on a finished answer rebuilds it around a stream of its body
  // (a copy and a web stream per request, and node-server can no longer write it in one go).
  app.use(async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('Cache-Control') && headers.get('Content-Type')?.includes('json'))
      headers.set('Cache-Control', 'no-store');
  });
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // routePath is the pattern (/activate/:uidb64/:token/...), so tokens in paths never reach the log.
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        route: c.req.routePath,
        status: c.res.status,
        ms,
      },
      'request',
    );
  });
  const limitBody = bodyLimiter(options.maxBodyBytes ?? 64 * 1024, 'Request body is too large.');
  const ownLimits = new Map(
    Object.entries(options.bodyLimits ?? {}).map(([path, own]) => [
      path,
      bodyLimiter(own.maxBytes, own.message),
    ]),
  );
  const streamed = options.streamedBodyPrefix;
  app.use((c, next) =>
    streamed && c.req.path.startsWith(streamed) ? next() : (ownLimits.get(c.req.path) ?? limitBody)(c, next),
  );

  app.get('/healthz', (c) => c.json({ ok: true, service: options.name }));
  app.get('/readyz', async (c) => {
    const failures: Record<string, string> = {};
    const details: Record<string, unknown> = {};
    // At once: a database that does not answer costs one connect timeout, not one per check.
    await Promise.all(
      Object.entries(options.readiness ?? {}).map(async ([name, check]) => {
        try {
          const value = await check();
          if (value !== undefined) details[name] = value;
        } catch (error) {
          failures[name] = error instanceof Error ? error.message : String(error);
        }
      }),
    );
    const ok = Object.keys(failures).length === 0;
    return c.json({ ok, service: options.name, failures, details }, ok ? 200 : 503);
  });
  for (const routes of options.routes ?? []) app.route('/', routes);

  app.notFound((c) => c.json(errorBodyOf('not_found', `No route for ${c.req.method} ${c.req.path}.`), 404));
  app.onError((thrown, c) => {
    const requestId = c.get('requestId');
    // A database that is away is not a fault of the request: 503 with Retry-After, logged once as a warning.
    const unavailable = !(thrown instanceof HttpError) && isDatabaseUnavailable(thrown);
    if (unavailable) logger.warn({ requestId, err: thrown }, 'database unavailable');
    const error = unavailable ? databaseUnavailable() : thrown;
    if (error instanceof HttpError) {
      for (const [k, v] of Object.entries(error.extra.headers ?? {})) c.header(k, v);
      const { headers: _headers, ...extra } = error.extra;
      return c.json(errorBodyOf(error.code, error.message, { ...extra, requestId }), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBodyOf('bad_request', error.message || 'Bad request.', { requestId }), error.status);
    }
    logger.error({ requestId, err: error, route: c.req.routePath }, 'unhandled error');
    return c.json(
      errorBodyOf('internal', 'Something went wrong. Please try again later.', { requestId }),
      500,
    );
  });

  return app;
}
