import type { Server } from 'node:http';
import {
  closeServer,
  createSessionVerifier,
  type EventBus,
  type Logger,
  listen,
  type ReadinessCheck,
} from '@baton/service-kit';
import type { JWTVerifyGetKey } from 'jose';
import { createGatewayApp, type GatewayOptions } from './app';
import { allowedOriginsOf, type GatewayEnv, type StaticEnv, staticConfigOf } from './config';
import type { PresenceTiming } from './presence';
import type { Upstreams } from './upstreams';
import { attachWebSockets, type SocketLimits } from './ws';

export interface GatewayServerOptions extends GatewayOptions {
  bus: EventBus;
  port: number;
  host?: string;
  presence?: PresenceTiming;
  socketLimits?: Partial<SocketLimits>;
}

/** Starts the gateway's HTTP server with its WebSocket endpoints. */
export async function startGateway(options: GatewayServerOptions) {
  const app = createGatewayApp(options);
  const { port, server } = await listen(app.fetch, options.port, options.host);
  const sockets = attachWebSockets(server as Server, {
    verifyAccess: options.verifyAccess,
    bus: options.bus,
    logger: options.logger,
    allowedOrigins: options.allowedOrigins,
    revocations: options.revocations,
    tasks: options.upstreams.tasks,
    notifications: options.upstreams.notifications,
    presence: options.presence,
    limits: options.socketLimits,
  });
  return {
    app,
    port,
    sockets,
    async close() {
      await sockets.close();
      await closeServer(server);
    },
  };
}

/** A gateway configured from its environment; `keys` is the JWKS URL or, in one process, identity's keys. */
export async function startConfiguredGateway(
  env: StaticEnv &
    Pick<
      GatewayEnv,
      | 'PORT'
      | 'HOST'
      | 'PUBLIC_URL'
      | 'ALLOWED_ORIGINS'
      | 'JWT_ISSUER'
      | 'JWT_AUDIENCE'
      | 'MAX_BODY_BYTES'
      | 'STORAGE_ORIGINS'
      | 'TRUSTED_PROXIES'
    >,
  parts: {
    upstreams: Upstreams;
    keys: URL | JWTVerifyGetKey;
    bus: EventBus;
    logger: Logger;
    /** More of /readyz than the bus (in `npm start`: every service's own, `upstreamReadiness`). */
    readiness?: Record<string, ReadinessCheck>;
  },
) {
  const { verifyAccess, revocations } = await createSessionVerifier(parts.keys, env, parts);
  const gateway = await startGateway({
    upstreams: parts.upstreams,
    verifyAccess,
    revocations,
    logger: parts.logger,
    bus: parts.bus,
    static: await staticConfigOf(env),
    maxBodyBytes: env.MAX_BODY_BYTES,
    storageOrigins: env.STORAGE_ORIGINS.map((o) => new URL(o).origin),
    allowedOrigins: allowedOriginsOf(env),
    trustedProxies: env.TRUSTED_PROXIES,
    port: env.PORT,
    host: env.HOST,
    readiness: { bus: () => parts.bus.checkReady(), ...parts.readiness },
  });
  return {
    ...gateway,
    async close() {
      await gateway.close();
      await revocations.stop();
    },
  };
}
