import type { Server } from 'node:http';
import { closeServer, type EventBus, listen } from '@baton/service-kit';
import { createGatewayApp, type GatewayOptions } from './app';
import { attachWebSockets } from './ws';

export interface GatewayServerOptions extends GatewayOptions {
  bus: EventBus;
  allowedOrigins: string[];
  port: number;
  host?: string;
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
    tasks: options.upstreams.tasks,
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
