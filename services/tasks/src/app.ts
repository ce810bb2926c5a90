import type { Mailer } from '@baton/mailer';
import {
  createLogger,
  createServiceApp,
  createSessionVerifier,
  type EventBus,
  type Logger,
  OutboxRelay,
  openDatabase,
  pingDatabase,
} from '@baton/service-kit';
import type { JWTVerifyGetKey } from 'jose';
import { defaultTasksConfig, type TasksConfig } from './config';
import type { TasksDeps } from './context';
import { migrations } from './db/migrations';
import type { TasksTables } from './db/schema';
import { startProjections } from './projections';
import { acceptRoutes } from './routes/accept/accept.routes';
import { progressRoutes } from './routes/progress/progress.routes';
import { taskRoutes } from './routes/tasks/tasks.routes';

export const SERVICE_NAME = 'tasks';

/** tasks' HTTP app over ready dependencies (tests build it without a port). */
export function createTasksApp(
  deps: TasksDeps,
  readiness: Parameters<typeof createServiceApp>[0]['readiness'] = {},
) {
  const app = createServiceApp({ name: SERVICE_NAME, logger: deps.logger, readiness });
  app.route('/', taskRoutes(deps));
  app.route('/', progressRoutes(deps));
  app.route('/', acceptRoutes(deps));
  return app;
}

export interface TasksOptions {
  databaseUrl: string;
  bus: EventBus;
  /** identity's signing keys: its JWKS URL, or its key resolver in one process. */
  keys: URL | JWTVerifyGetKey;
  /** How to reach identity (trusting a sender on accept). */
  identity: TasksDeps['identity'];
  mailer?: Mailer;
  logger?: Logger;
  config?: TasksConfig;
  /** Database name; tests pass a unique one. */
  database?: string;
}

/** Opens tasks' database, starts its outbox relay and its projections, and builds its app. */
export async function createTasks(options: TasksOptions) {
  const logger = options.logger ?? createLogger({ name: SERVICE_NAME });
  const config = options.config ?? defaultTasksConfig();
  const db = await openDatabase<TasksTables>({
    url: options.databaseUrl,
    database: options.database ?? 'baton_tasks',
    migrations,
    logger,
  });
  const { verifyAccess, revocations } = await createSessionVerifier(options.keys, config, {
    bus: options.bus,
    logger,
  });
  const relay = new OutboxRelay({ db, bus: options.bus, mailer: options.mailer, logger }).start();
  const projections = await startProjections({ bus: options.bus, db, logger, config });
  const deps: TasksDeps = {
    db,
    config,
    logger,
    verifyAccess,
    afterOutboxWrite: () => relay.kick(),
    identity: options.identity,
  };
  const app = createTasksApp(deps, { database: () => pingDatabase(db), bus: () => options.bus.checkReady() });
  return {
    app,
    deps,
    relay,
    async close() {
      await revocations.stop();
      await projections.stop();
      await relay.stop();
      await db.destroy();
    },
  };
}
export type Tasks = Awaited<ReturnType<typeof createTasks>>;
