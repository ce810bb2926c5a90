import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';

export const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function waitForPort(port: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await portOpen(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

/**
 * A private nats-server with JetStream on its own port and store directory. Tests stop and restart it
 * to prove the outbox survives a broker outage; the store directory keeps streams and consumers.
 */
export class NatsServerProcess {
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    readonly storeDir: string,
  ) {}

  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start() {
    this.child = spawn(
      NATS_SERVER_BIN,
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir],
      {
        stdio: 'ignore',
      },
    );
    await waitForPort(this.port);
    return this;
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
