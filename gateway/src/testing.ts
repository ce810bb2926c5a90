import { startTestIdentity, type TestIdentity } from '@baton/identity/testing';
import { createLogger, createSessionVerifier, InProcessBus } from '@baton/service-kit';
import { Hono } from 'hono';
import { createGatewayApp } from './app';
import { startGateway } from './server';
import { inProcessUpstream, type Upstreams } from './upstreams';

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
      body: c.req.method === 'GET' ? null : await c.req.text(),
    }),
  );
  return app;
}

/** Gateway in front of a real identity (in-process), with extra upstreams as given. */
export async function startTestGateway(extra: Upstreams = {}) {
  // One bus for identity and the gateway, as in `npm start`: identity's pushes reach the sockets.
  const bus = new InProcessBus();
  const identity: TestIdentity = await startTestIdentity({ bus });
  const { config, keys } = identity.identity.deps;
  const logger = createLogger({ name: 'gateway' });
  const { verifyAccess, revocations } = await createSessionVerifier(keys.resolver, config, { bus, logger });
  const upstreams: Upstreams = { identity: inProcessUpstream(identity.identity.app), ...extra };
  const app = createGatewayApp({ upstreams, verifyAccess, logger });
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

/** startTestGateway behind a real HTTP server with its WebSocket endpoints (port chosen by the OS). */
export async function startTestGatewayServer(extra: Upstreams = {}) {
  const g = await startTestGateway(extra);
  const server = await startGateway({
    upstreams: g.upstreams,
    verifyAccess: g.verifyAccess,
    revocations: g.revocations,
    logger: g.logger,
    bus: g.bus,
    allowedOrigins: [testOrigin],
    port: 0,
    host: '127.0.0.1',
  });
  return {
    ...g,
    server,
    http: `http://127.0.0.1:${server.port}`,
    ws: `ws://127.0.0.1:${server.port}`,
    async close() {
      await server.close();
      await g.close();
    },
  };
}
