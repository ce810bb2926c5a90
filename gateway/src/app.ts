import { type HttpMethod, openApiDocument, routes, type ServiceName, toHonoPath } from '@baton/contracts';
import {
  createServiceApp,
  HttpError,
  type Logger,
  type ReadinessCheck,
  requireAuth,
  type TokenVerifier,
} from '@baton/service-kit';
import { secureHeaders } from 'hono/secure-headers';
import { forward } from './proxy';
import { mountStatic, type StaticConfig } from './static';
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
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const auth = requireAuth(options.verifyAccess);
  for (const route of routes) {
    const upstream = options.upstreams[route.service];
    const path = toHonoPath(route.path);
    if (route.auth) app.on(route.method, path, auth);
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
