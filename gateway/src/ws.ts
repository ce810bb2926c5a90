import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { EventBus, Logger, RevocationList, TokenVerifier } from '@baton/service-kit';
import { WebSocketServer } from 'ws';
import { commentsUpstream } from './comments';
import { CommentPresence, type PresenceTiming } from './presence';
import type { Upstream } from './upstreams';
import { asksMissed, checkHandshake, fetchMissed, refuse, selectProtocol } from './ws/handshake';
import { type SocketLimits, socketLimiter } from './ws/limits';
import { type Client, type Missed, newClient, send, socketRegistry } from './ws/registry';
import { socketSessions } from './ws/session';

export { matchSocketRoute, tokenFromProtocols } from './ws/handshake';
export { defaultSocketLimits, type SocketLimits } from './ws/limits';

export interface SocketOptions {
  verifyAccess: TokenVerifier;
  bus: EventBus;
  logger: Logger;
  /** Origins allowed to open sockets (browsers always send Origin; other clients may omit it). */
  allowedOrigins: string[];
  /** Ended sessions: their sockets close when the revocation arrives (verifyAccess refuses new ones). */
  revocations?: RevocationList;
  /** tasks service, which checks who may read a task's comments and stores comments sent over sockets. */
  tasks?: Upstream;
  /** notifications service, which answers what a reconnecting bell missed. */
  notifications?: Upstream;
  /** How often replicas tell each other who has a task's comments open (tests shorten it). */
  presence?: PresenceTiming;
  limits?: Partial<SocketLimits>;
}

/** A handshake's socket that fails is dropped (one function for all, not a closure for each). */
function destroyOnError(this: Duplex) {
  this.destroy();
}

/**
 * WebSocket endpoints of SPEC §7. The handshake is refused (401/403/404) before any upgrade unless
 * the path is known, the Origin allowed and the `['jwt', token]` subprotocols carry a valid access
 * token; only `jwt` is echoed; `/ws/comments/{taskId}/` also needs the person to be allowed to read that
 * task's comments (tasks says so, and answers the comments the client missed). Each socket closes when its
 * token expires or its session is revoked (logout, password change or reset, refresh-token reuse, account
 * deletion: `identity.session.revoked`), and a comments socket when its task is deleted.
 * Live messages arrive on the core subject `push.user.<id>` from any service and go to that user's
 * sockets on this replica. The parts: ws/handshake.ts (the checks before an upgrade), ws/registry.ts (who is
 * connected, and delivering their pushes), ws/limits.ts (what a person and a socket may use), ws/session.ts
 * (an open socket's life).
 */
export function attachWebSockets(server: Server, options: SocketOptions) {
  const { logger } = options;
  const limiter = socketLimiter(options.limits);
  const registry = socketRegistry(options.bus, logger);
  const comments = commentsUpstream(options.tasks);
  const presence = new CommentPresence<Client>(options.bus, send, options.presence);
  const sources = { comments, notifications: options.notifications };
  const wss = new WebSocketServer({
    noServer: true,
    // Room for the longest comment a client may send (5000 characters, each up to 6 bytes as JSON escapes
    // them), and no more.
    maxPayload: 64 * 1024,
    handleProtocols: selectProtocol,
    // The registry knows every socket: a set of its own here cost each socket an entry and a closure.
    clientTracking: false,
  });
  const opened = socketSessions({ limiter, registry, presence, comments, logger });

  const onUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const handshake = await checkHandshake(request, options.allowedOrigins, options.verifyAccess);
    if (typeof handshake === 'number') return refuse(socket, handshake);
    // One person's sockets on this replica are capped (counted and tracked without a pause in between).
    if (!limiter.admits(registry.count(handshake.auth.userId))) return refuse(socket, 429);
    const client = newClient(handshake.auth, handshake.route);
    let missed: Missed[] = [];
    // Pushes are followed before what was missed is asked for, so no item falls between the two.
    registry.track(client);
    // Closed before it is upgraded; once it is, its WebSocket's close untracks it.
    const closedEarly = () => registry.untrack(client);
    socket.once('close', closedEarly);
    if (asksMissed(handshake)) {
      client.held = [];
      const answer = await fetchMissed(handshake, sources);
      if ('status' in answer) {
        registry.untrack(client);
        return refuse(socket, answer.status);
      }
      missed = answer.missed;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      // `ws` listens to the socket from now on: ours would stay on it for the socket's life.
      socket.off('close', closedEarly);
      socket.off('error', destroyOnError);
      opened(client, ws, missed);
    });
  };

  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', destroyOnError);
    onUpgrade(request, socket, head).catch((error) => {
      logger.error({ err: error }, 'websocket upgrade failed');
      socket.destroy();
    });
  };
  server.on('upgrade', listener);
  const stopClosingRevoked = options.revocations?.onRevoked(({ userId, sessionIds }) =>
    registry.closeSessions(userId, sessionIds),
  );
  const stopPinging = limiter.pingEvery(registry.clients);

  return {
    /** Sockets connected to this replica. */
    get size() {
      return registry.size;
    },
    /** Each socket's client, open or opening (tests look at what an idle one holds). */
    clients: registry.clients,
    async close() {
      stopPinging();
      server.off('upgrade', listener);
      stopClosingRevoked?.();
      presence.close();
      registry.close();
      wss.close();
    },
  };
}
