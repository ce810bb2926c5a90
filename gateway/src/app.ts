import { type HttpMethod, openApiDocument, routes, type ServiceName, toHonoPath } from '@baton/contracts';
import {
  createServiceApp,
  HttpError,
  type Logger,
  type ReadinessCheck,
  requireAuth,
  type TokenVerifier,
} from '@baton/service-kit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { forward } from './proxy';
import { mountStatic, remoteOriginsOf, type StaticConfig } from './static';
import type { Upstreams } from './upstreams';

export interface GatewayOptions {
  upstreams: Upstreams;
  verifyAccess: TokenVerifier;
  logger: Logger;
  static?: StaticConfig;
  maxBodyBytes?: number;
  readiness?: Record<string, ReadinessCheck>;
}

const unavailable = (service: ServiceName) =>
  new HttpError(503, 'service_unavailable', `The ${service} service is not available yet.`, { service });

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
  });
  // Remotes may be served from elsewhere (a CDN, a staging build for one tab): their code is allowed too.
  const remoteOrigins = options.static ? remoteOriginsOf(options.static) : [];
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
        imgSrc: ["'self'", 'data:', 'blob:', ...remoteOrigins],
        fontSrc: ["'self'", ...remoteOrigins],
        connectSrc: ["'self'", 'ws:', 'wss:', ...remoteOrigins],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const auth = requireAuth(options.verifyAccess);
  // Answers can be large (a list of every task): gzip or brotli when the client accepts it.
  const compression = compress();
  for (const route of routes) {
    const upstream = options.upstreams[route.service];
    const path = toHonoPath(route.path);
    if (route.auth) app.on(route.method, path, auth);
    app.on(route.method, path, compression);
    app.on(route.method satisfies HttpMethod, path, async (c) => {
      if (!upstream) throw unavailable(route.service);
      try {
        return await forward(c, upstream);
      } catch (error) {
        options.logger.warn(
          { err: error, service: route.service, requestId: c.get('requestId') },
          'upstream failed',
        );
        throw unavailable(route.service);
      }
    });
  }

  const openapi = openApiDocument();
  app.get('/openapi.json', (c) => c.json(openapi));

  if (options.static) mountStatic(app, options.static);
  return app;
}
