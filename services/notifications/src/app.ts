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
import { defaultNotificationsConfig, type NotificationsConfig } from './config';
import { startConsumers } from './consumers';
import type { NotificationsDeps } from './context';
import { migrations } from './db/migrations';
import type { NotificationsTables } from './db/schema';
import { notificationRoutes } from './routes/notifications.routes';

export const SERVICE_NAME = 'notifications';

/** notifications' HTTP app over ready dependencies (tests build it without a port). */
export function createNotificationsApp(
  deps: NotificationsDeps,
  readiness: Parameters<typeof createServiceApp>[0]['readiness'] = {},
) {
  const app = createServiceApp({ name: SERVICE_NAME, logger: deps.logger, readiness });
  app.route('/', notificationRoutes(deps));
  return app;
}

export interface NotificationsOptions {
  databaseUrl: string;
  bus: EventBus;
  /** identity's signing keys: its JWKS URL, or its key resolver in one process. */
  keys: URL | JWTVerifyGetKey;
  logger?: Logger;
  config?: NotificationsConfig;
  /** Database name; tests pass a unique one. */
  database?: string;
}

/** Opens notifications' database, starts its consumers and the relay of its pushes, and builds its app. */
export async function createNotifications(options: NotificationsOptions) {
  const logger = options.logger ?? createLogger({ name: SERVICE_NAME });
  const config = options.config ?? defaultNotificationsConfig();
  const db = await openDatabase<NotificationsTables>({
    url: options.databaseUrl,
    database: options.database ?? 'baton_notifications',
    migrations,
    logger,
  });
  const { verifyAccess, revocations } = await createSessionVerifier(options.keys, config, {
    bus: options.bus,
    logger,
  });
  const relay = new OutboxRelay({ db, bus: options.bus, logger }).start();
  const consumers = await startConsumers({ bus: options.bus, db, logger, afterCommit: () => relay.kick() });
  const deps: NotificationsDeps = {
    db,
    config,
    logger,
    verifyAccess,
  };
  const app = createNotificationsApp(deps, {
    database: () => pingDatabase(db),
    bus: () => options.bus.checkReady(),
  });
  return {
    app,
    deps,
    relay,
    async close() {
      await revocations.stop();
      await consumers.stop();
      await relay.stop();
      await db.destroy();
    },
  };
}
export type Notifications = Awaited<ReturnType<typeof createNotifications>>;
