import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NatsServerProcess } from '@baton/local-infra';
import { MailCatcher } from '@baton/mailer';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by global-setup.ts: the Postgres server of this test run. */
    databaseUrl: string;
  }
}

/** The Postgres server of this test run (see global-setup). */
export const databaseServerUrl = () => process.env.DATABASE_URL ?? inject('databaseUrl');

/** NATS of this machine: NATS_URL, else the local server on 4222. */
export const natsUrl = () => process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** A database name no other test file uses, so files run in parallel without sharing rows. */
export const uniqueDatabaseName = (service: string) =>
  `baton_${service}_test_${randomBytes(4).toString('hex')}`;

/** A durable/stream-safe unique suffix for names on a shared broker. */
export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

let admin: pg.Pool | undefined;

/**
 * Runs `statement` on the test server's maintenance database over one connection per test process, opened
 * when needed and closed when idle: a connection costs Postgres a process of its own (20 ms on a 2-core CI
 * machine), and tests create and drop hundreds of databases.
 */
export function adminQuery(statement: string) {
  if (!admin) {
    admin = new pg.Pool({
      connectionString: databaseServerUrl(),
      max: 1,
      idleTimeoutMillis: 1_000,
      allowExitOnIdle: true,
    });
    // An idle connection the server ended is replaced at the next query; unheard, its error would end the run.
    admin.on('error', () => undefined);
  }
  return admin.query(statement);
}

/** Postgres refuses to copy or drop a database while a session is connected to it. */
const objectInUse = '55006';

/**
 * Runs `statement` (on a database others may still be leaving) again until they have left: pg's pool.end()
 * resolves before its clients finish closing. Gives up after `attempts` tries `waitMs` apart.
 */
export async function whileInUse(statement: string, attempts = 100, waitMs = 50) {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(statement);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== objectInUse || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }
}

/**
 * Drops a test database once its last connection has gone. `WITH (FORCE)` would kill those backends and
 * raise errors in the test process, so this waits for them instead (five seconds at most) and leaves the
 * database if they linger.
 */
export async function dropDatabase(name: string) {
  await whileInUse(`drop database if exists "${name}"`, 50, 100).catch((error) => {
    if ((error as { code?: string }).code !== objectInUse) throw error;
  });
}

/** A real SMTP server that records every mail; read them with `waitFor(address)`. */
export const startSmtpCapture = () => new MailCatcher().start({ web: false });

/** A nats-server with JetStream of this test's own (a temporary store), which the test may stop and start. */
export async function startPrivateNats(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), `baton-${prefix}-nats-`));
  const server = await new NatsServerProcess(await freePort(), dir).start();
  return {
    server,
    url: server.url,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
