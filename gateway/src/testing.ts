import { startTestIdentity, type TestIdentity } from '@baton/identity/testing';
import {
  closeServer,
  createLogger,
  createSessionVerifier,
  type EventBus,
  InProcessBus,
  type JwtConfig,
  listen,
} from '@baton/service-kit';
import { startTestTasks } from '@baton/tasks/testing';
import { Hono } from 'hono';
import type { JWTVerifyGetKey } from 'jose';
import { createGatewayApp, type GatewayOptions } from './app';
import type { PresenceTiming } from './presence';
import { type GatewayServerOptions, startGateway } from './server';
import { httpUpstream, inProcessUpstream, type Upstreams } from './upstreams';
import type { SocketLimits } from './ws';

/** A stand-in for a service that is not built yet: answers with what reached it. */
export function recordingService(name: string) {
  const app = new Hono();
  app.all('*', async (c) =>
    c.json({
      service: name,
      method: c.req.method,
      path: c.req.path,
      authorization: c.req.header('authorization') ?? null,
      requestId: c.req.header('x-request-id') ?? null,
      forwardedFor: c.req.header('x-forwarded-for') ?? null,
      cookie: c.req.header('cookie') ?? null,
      contentLength: c.req.header('content-length') ?? null,
      body: c.req.method === 'GET' ? null : await c.req.text(),
    }),
  );
  return app;
}

/** `app` served on a port of its own and reached over HTTP, as a service of the distributed topology. */
export async function serveOverHttp(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const served = await listen(app.fetch, 0, '127.0.0.1');
  const upstream = httpUpstream(`http://127.0.0.1:${served.port}`);
  return {
    upstream,
    async close() {
      await upstream.close();
      await closeServer(served.server);
    },
  };
}

/**
 * Gateway in front of a real identity (in-process), with extra upstreams as given; `options` configure
 * identity (its limits) and the gateway's trusted proxies.
 */
export async function startTestGateway(
  extra: Upstreams = {},
  options: Pick<NonNullable<Parameters<typeof startTestIdentity>[0]>, 'config' | 'rateLimits'> &
    Pick<GatewayOptions, 'trustedProxies'> & { bus?: InProcessBus } = {},
) {
  // One bus for identity and the gateway, as in `npm start`: identity's pushes reach the sockets.
  const { trustedProxies, bus = new InProcessBus(), ...identityOptions } = options;
  const identity: TestIdentity = await startTestIdentity({ bus, ...identityOptions });
  const { config, keys } = identity.identity.deps;
  const logger = createLogger({ name: 'gateway' });
  const { verifyAccess, revocations } = await createSessionVerifier(keys.resolver, config, { bus, logger });
  const upstreams: Upstreams = { identity: inProcessUpstream(identity.identity.app), ...extra };
  const app = createGatewayApp({
    upstreams,
    verifyAccess,
    logger,
    allowedOrigins: ['http://localhost:8080'],
    trustedProxies,
    revocations,
  });
  return {
    app,
    identity,
    verifyAccess,
    revocations,
    upstreams,
    bus,
    logger,
    request: (p: string, i?: RequestInit) => app.request(p, i),
    async close() {
      await revocations.stop();
      await identity.close();
      await bus.close();
    },
  };
}

export const testOrigin = 'http://localhost:8080';

/** A gateway replica over `parts`: its own session verifier, a real HTTP server (port chosen by the OS). */
export async function startTestReplica(parts: {
  bus: EventBus;
  keys: JWTVerifyGetKey;
  config: JwtConfig;
  upstreams: Upstreams;
  presence?: PresenceTiming;
  socketLimits?: Partial<SocketLimits>;
}) {
  const logger = createLogger({ name: 'gateway' });
  const { verifyAccess, revocations } = await createSessionVerifier(parts.keys, parts.config, {
    bus: parts.bus,
    logger,
  });
  return listenTestGateway({ ...parts, verifyAccess, revocations, logger }, () => revocations.stop());
}

async function listenTestGateway(
  parts: Pick<
    GatewayServerOptions,
    | 'upstreams'
    | 'verifyAccess'
    | 'revocations'
    | 'logger'
    | 'bus'
    | 'presence'
    | 'socketLimits'
    | 'trustedProxies'
  >,
  stop: () => Promise<void>,
) {
  const server = await startGateway({ ...parts, allowedOrigins: [testOrigin], port: 0, host: '127.0.0.1' });
  return {
    server,
    http: `http://127.0.0.1:${server.port}`,
    ws: `ws://127.0.0.1:${server.port}`,
    async close() {
      await server.close();
      await stop();
    },
  };
}

/** startTestGateway behind a real HTTP server with its WebSocket endpoints (port chosen by the OS). */
export async function startTestGatewayServer(
  extra: Upstreams = {},
  options: Parameters<typeof startTestGateway>[1] = {},
) {
  const g = await startTestGateway(extra, options);
  return {
    ...g,
    ...(await listenTestGateway({ ...g, trustedProxies: options.trustedProxies }, () => g.close())),
  };
}

/**
 * Gateway replicas in front of the real tasks service (and its identity), sharing only a bus, as the
 * distributed topology shares NATS: for the comment sockets. Presence announcements are sped up.
 */
export async function startTasksBehindReplicas(
  count: number,
  socketLimits?: Partial<SocketLimits>,
  tasksConfig?: NonNullable<Parameters<typeof startTestTasks>[0]>['config'],
) {
  const bus = new InProcessBus();
  const t = await startTestTasks({ bus, config: tasksConfig });
  const { app, deps } = t.identity.identity;
  const parts = {
    bus,
    keys: deps.keys.resolver,
    config: deps.config,
    upstreams: { tasks: inProcessUpstream(t.tasks.app), identity: inProcessUpstream(app) },
    presence: { heartbeatMs: 100, expiryMs: 300 },
    socketLimits,
  };
  const replicas: Awaited<ReturnType<typeof startTestReplica>>[] = [];
  for (let i = 0; i < count; i += 1) replicas.push(await startTestReplica(parts));
  return {
    t,
    bus,
    replicas,
    async close() {
      for (const replica of replicas) await replica.close();
      await t.close();
      await bus.close();
    },
  };
}
