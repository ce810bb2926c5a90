import type { BlockList } from 'node:net';
import {
  allRoutes,
  type HttpMethod,
  limits,
  OBJECT_PATH_PREFIX,
  openApiDocument,
  REVOKED_SESSION_HEADER,
  routes,
  type ServiceName,
  toHonoPath,
  transferMessages,
} from '@baton/contracts';
import {
  createServiceApp,
  HttpError,
  type Logger,
  type ReadinessCheck,
  type RevocationList,
  requireAuth,
  type TokenVerifier,
} from '@baton/service-kit';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { clientAddressOf } from './client-address';
import { mountDocs } from './docs';
import { forward, peerAddress } from './proxy';
import { mountStatic, remoteOriginsOf, type StaticConfig } from './static';
import type { Upstreams } from './upstreams';

export interface GatewayOptions {
  upstreams: Upstreams;
  verifyAccess: TokenVerifier;
  logger: Logger;
  static?: StaticConfig;
  maxBodyBytes?: number;
  readiness?: Record<string, ReadinessCheck>;
  /** Where uploaded files are stored when not on this origin (S3): the page may load and send them there. */
  storageOrigins?: string[];
  /** Origins whose pages may open the app's WebSockets (PUBLIC_URL's and ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /** The reverse proxies in front (TRUSTED_PROXIES): their X-Forwarded-For names the client. None by default. */
  trustedProxies?: BlockList;
  /** The sessions this replica refuses: a logout answers once its session is among them. */
  revocations?: RevocationList;
}

/** How long a logout waits for its revocation to reach this replica before answering anyway (logged). */
const logoutWaitMs = 2_000;

/** The WebSocket origins of the pages' origins: the only sockets a page may open (not `ws:` to any host). */
const socketOriginsOf = (origins: string[]) => origins.map((origin) => origin.replace(/^http/, 'ws'));

/**
 * Says that an answer depends on Accept-Encoding, on its own headers, before `compress` looks at it:
 * `compress` would say it with `c.header`, which rebuilds a finished answer around a stream of its body
 * (a copy and a web stream per request, even for a client that takes no compression).
 */
const varyOnEncoding: MiddlewareHandler = async (c, next) => {
  await next();
  const vary = c.res.headers.get('Vary');
  if (!vary) c.res.headers.set('Vary', 'Accept-Encoding');
  else if (vary !== '*' && !/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))
    c.res.headers.set('Vary', `${vary}, Accept-Encoding`);
};

/** Routes whose service reads a cookie: sign-in, its device cookie (identity's `devices.ts`). */
const cookieRoutes = new Set(['/login/']);

/**
 * Answers written as they are read (every task a person has: an export, a whole list), passed on as a stream,
 * never held whole. A list's page comes with its length and is handed on whole.
 */
const streamedRoutes = new Set<string>([
  routes.exportTasksCsv.path,
  routes.exportTasksJson.path,
  routes.personalTasks.path,
  routes.assignedTasks.path,
  routes.invitedTasks.path,
]);

const unavailable = (service: ServiceName) =>
  new HttpError(503, 'service_unavailable', `The ${service} service is not available yet.`, { service });

/** The app's pages' security headers: its own code, its remotes' and its file storage's, nothing else. */
function appHeadersOf(options: GatewayOptions) {
  // Remotes may be served from elsewhere (a CDN, a staging build for one tab): their code is allowed too.
  const remoteOrigins = options.static ? remoteOriginsOf(options.static) : [];
  const storage = options.storageOrigins ?? [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...remoteOrigins],
      styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
      imgSrc: ["'self'", 'data:', 'blob:', ...remoteOrigins, ...storage],
      fontSrc: ["'self'", ...remoteOrigins],
      connectSrc: ["'self'", ...socketOriginsOf(options.allowedOrigins), ...remoteOrigins, ...storage],
      // File previews (PDF, text) are shown in frames.
      frameSrc: ["'self'", ...storage],
      // The installable app: its manifest and service worker are this origin's files (shell/public).
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
    // The pages are framed by nobody: the same as frame-ancestors, for browsers that only know this header.
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The one public entry: every REST route of SPEC §7 (method and path exactly as written) goes to the
 * service that owns it, after the bearer token is checked on protected routes. Routes of services
 * that are not deployed answer 503 naming the service.
 */
export function createGatewayApp(options: GatewayOptions) {
  const app = createServiceApp({
    name: 'gateway',
    logger: options.logger,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    readiness: options.readiness,
    // The local store's uploads: streamed to the files service, which counts them against their signed limit.
    streamedBodyPrefix: OBJECT_PATH_PREFIX,
    // An import's file (up to 8 MB of text) travels in its JSON body; tasks applies the same limit.
    bodyLimits: {
      [routes.importTasks.path]: {
        maxBytes: limits.importBodyBytes,
        message: transferMessages.importTooLarge,
      },
    },
  });
  const appHeaders = appHeadersOf(options);
  // A stored file's answer carries the files service's own headers (nosniff, a sandboxing CSP, a
  // disposition, framing by this origin only for previews); the app's policy is for the app's pages.
  app.use((c, next) => (c.req.path.startsWith(OBJECT_PATH_PREFIX) ? next() : appHeaders(c, next)));

  const trusted = options.trustedProxies;
  const clientOf = (c: Context) =>
    trusted ? clientAddressOf(peerAddress(c), c.req.header('x-forwarded-for'), trusted) : peerAddress(c);

  /**
   * A logout is answered once this replica refuses the ended session's access tokens (the revocation
   * travels from identity's outbox over the bus): a request sent after the answer cannot use them here.
   */
  const revokedHere = async (sessionId: string, requestId: string) => {
    if (!options.revocations || (await options.revocations.whenRevoked(sessionId, logoutWaitMs))) return;
    options.logger.warn({ sessionId, requestId }, 'logout answered before its revocation arrived');
  };

  /** Forwards to the owning service; a service not deployed or not answering is a 503 naming it. */
  const proxy = async (c: Context, service: ServiceName, how?: Parameters<typeof forward>[3]) => {
    const upstream = options.upstreams[service];
    if (!upstream) throw unavailable(service);
    try {
      const response = await forward(c, upstream, clientOf(c), how);
      const revoked = response.headers.get(REVOKED_SESSION_HEADER);
      if (revoked) {
        response.headers.delete(REVOKED_SESSION_HEADER);
        await revokedHere(revoked, c.get('requestId'));
      }
      return response;
    } catch (error) {
      options.logger.warn({ err: error, service, requestId: c.get('requestId') }, 'upstream failed');
      throw unavailable(service);
    }
  };

  const auth = requireAuth(options.verifyAccess);
  // Answers can be large (a list of every task): gzip or brotli when the client accepts it.
  const compression = compress();
  for (const route of allRoutes) {
    const path = toHonoPath(route.path);
    if (route.auth) app.on(route.method, path, auth);
    app.on(route.method, path, compression, varyOnEncoding);
    const how = { cookie: cookieRoutes.has(route.path), stream: streamedRoutes.has(route.path) };
    app.on(route.method satisfies HttpMethod, path, (c) => proxy(c, route.service, how));
  }

  // The local store's signed object URLs: no bearer (the signature is the permission), no compression.
  app.on(['GET', 'PUT'], `${OBJECT_PATH_PREFIX}:key`, (c) => proxy(c, 'files', { object: true }));

  const openapi = openApiDocument();
  app.get('/openapi.json', (c) => c.json(openapi));
  // Its page, under the app's CSP like every page (before the shell's, which would answer /docs).
  mountDocs(app);

  if (options.static) mountStatic(app, options.static);
  return app;
}
