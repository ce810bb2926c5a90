import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from './logger';

type Closer = () => Promise<void> | void;

/**
 * Ordered graceful shutdown: closers run in reverse registration order (stop taking requests first,
 * then relays and consumers, then the broker connection, then the database pools).
 */
export class Lifecycle {
  private closers: { name: string; close: Closer }[] = [];
  private closing: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  onClose(name: string, close: Closer) {
    this.closers.push({ name, close });
  }

  close() {
    this.closing ??= (async () => {
      for (const { name, close } of [...this.closers].reverse()) {
        try {
          await close();
        } catch (error) {
          this.logger.warn({ err: error, part: name }, 'error while closing');
        }
      }
    })();
    return this.closing;
  }

  /** Closes on SIGINT/SIGTERM, then exits. */
  handleSignals() {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        this.logger.info({ signal }, 'shutting down');
        const force = setTimeout(() => process.exit(1), 10_000).unref();
        void this.close().then(() => {
          clearTimeout(force);
          process.exit(0);
        });
      });
    }
  }
}

/** Serves a fetch handler on `port` (0 = any) and resolves with the bound port. */
export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  hostname = '0.0.0.0',
) {
  return await new Promise<{ port: number; server: ReturnType<typeof serve> }>((resolve, reject) => {
    let listening = false;
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) => {
      listening = true;
      resolve({ port: info.port, server });
    });
    // Before listening an error (port taken) fails the start; after, one (EMFILE on accept) is logged.
    server.on('error', (error) => {
      if (listening) console.error('http server error', error);
      else reject(error);
    });
  });
}

export const closeServer = (server: { close(cb: (err?: Error) => void): void }) =>
  new Promise<void>((resolve) => server.close(() => resolve()));
