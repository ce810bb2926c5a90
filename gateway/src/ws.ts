import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type PushMessage,
  pushMessage,
  pushSubject,
  type WsChannel,
  wsCommentClientMessage,
  wsRoutes,
  wsSubprotocol,
} from '@baton/contracts';
import type { AuthContext, EventBus, Logger, RevocationList, TokenVerifier } from '@baton/service-kit';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Upstream } from './upstreams';

export interface SocketOptions {
  verifyAccess: TokenVerifier;
  bus: EventBus;
  logger: Logger;
  /** Origins allowed to open sockets (browsers always send Origin; other clients may omit it). */
  allowedOrigins: string[];
  /** Ended sessions: their sockets close when the revocation arrives (verifyAccess refuses new ones). */
  revocations?: RevocationList;
  /** tasks service, which stores comments sent over /ws/comments/{taskId}/. */
  tasks?: Upstream;
}

interface Client {
  socket: WebSocket;
  auth: AuthContext;
  /** Used to act for the user towards services (comments sent over the socket). */
  token: string;
  channel: WsChannel;
  taskId?: string;
}

const routeMatchers = wsRoutes.map((r) => ({
  channel: r.channel,
  pattern: new RegExp(`^${r.path.replace(/\{(\w+)\}/g, '(?<$1>[0-9a-fA-F-]{36})')}$`),
}));

export function matchSocketRoute(pathname: string) {
  for (const m of routeMatchers) {
    const match = m.pattern.exec(pathname);
    if (match) return { channel: m.channel, taskId: match.groups?.taskId };
  }
  return undefined;
}

/** The token is the protocol entry after `jwt` (browsers cannot set headers on WebSockets). */
export function tokenFromProtocols(header: string | undefined) {
  const offered = (header ?? '').split(',').map((p) => p.trim());
  const at = offered.indexOf(wsSubprotocol);
  return at === -1 ? undefined : offered.find((p, i) => i !== at && p.length > 0);
}

const refuse = (socket: Duplex, status: number, reason: string) => {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};

/**
 * WebSocket endpoints of SPEC §7. The handshake is refused (401/403/404) before any upgrade unless
 * the path is known, the Origin allowed and the `['jwt', token]` subprotocols carry a valid access
 * token; only `jwt` is echoed. Each socket closes when its token expires or its session is revoked
 * (logout, password change or reset, refresh-token reuse, account deletion: `identity.session.revoked`).
 * Live messages arrive on the core subject `push.user.<id>` from any service and go to that user's
 * sockets on this replica.
 */
export function attachWebSockets(server: Server, options: SocketOptions) {
  const { logger } = options;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024,
    handleProtocols: (protocols) => (protocols.has(wsSubprotocol) ? wsSubprotocol : false),
  });
  const byUser = new Map<string, { clients: Set<Client>; unsubscribe: () => void }>();

  const deliver = (userId: string, raw: unknown) => {
    const parsed = pushMessage.safeParse(raw);
    if (!parsed.success) {
      logger.warn({ userId }, 'invalid push message dropped');
      return;
    }
    const message: PushMessage = parsed.data;
    for (const client of byUser.get(userId)?.clients ?? []) {
      if (client.channel !== message.channel) continue;
      if (message.channel === 'comments' && client.taskId !== message.taskId) continue;
      client.socket.send(JSON.stringify(message.payload));
    }
  };

  const stopClosingRevoked = options.revocations?.onRevoked(({ userId, sessionIds }) => {
    const ended = new Set(sessionIds);
    for (const client of byUser.get(userId)?.clients ?? []) {
      if (ended.has(client.auth.sessionId)) client.socket.close(4003, 'session revoked');
    }
  });

  const register = (client: Client) => {
    let entry = byUser.get(client.auth.userId);
    if (!entry) {
      const sub = options.bus.subscribeCore(pushSubject(client.auth.userId), (data) =>
        deliver(client.auth.userId, data),
      );
      entry = { clients: new Set(), unsubscribe: sub.unsubscribe };
      byUser.set(client.auth.userId, entry);
    }
    entry.clients.add(client);
    const expiresIn = client.auth.claims.exp * 1000 - Date.now();
    const timer = setTimeout(() => client.socket.close(4001, 'token expired'), Math.max(0, expiresIn));
    client.socket.on('close', () => {
      clearTimeout(timer);
      const current = byUser.get(client.auth.userId);
      current?.clients.delete(client);
      if (current && current.clients.size === 0) {
        current.unsubscribe();
        byUser.delete(client.auth.userId);
      }
    });
    // A protocol violation (oversized frame, text that is not UTF-8, ...) makes `ws` close the socket
    // with the right code and emit 'error' on it: without this listener Node would end the process.
    client.socket.on('error', (error) => {
      logger.warn({ err: error, userId: client.auth.userId, channel: client.channel }, 'websocket error');
    });
    client.socket.on('message', (data, isBinary) => {
      onClientMessage(client, isBinary ? undefined : String(data)).catch((error) => {
        logger.error({ err: error, userId: client.auth.userId }, 'websocket message failed');
        client.socket.close(1011, 'internal error');
      });
    });
  };

  const reply = (client: Client, error: string) => client.socket.send(JSON.stringify({ error }));

  /** `text` is undefined for a binary frame. */
  const onClientMessage = async (client: Client, text: string | undefined) => {
    if (client.channel !== 'comments' || !client.taskId)
      return reply(client, 'This socket does not accept messages.');
    if (text === undefined) return reply(client, 'Messages must be JSON text.');
    let parsed: ReturnType<typeof wsCommentClientMessage.safeParse>;
    try {
      parsed = wsCommentClientMessage.safeParse(JSON.parse(text));
    } catch {
      return reply(client, 'Message is not valid JSON.');
    }
    if (!parsed.success) return reply(client, parsed.error.issues[0]?.message ?? 'Invalid message.');
    if (!options.tasks) return reply(client, 'The tasks service is not available yet.');
    // Stored through the tasks service's own route; the saved comment comes back to every viewer as a push.
    const res = await options
      .tasks(
        new Request('http://tasks/api/add_comment/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
          body: JSON.stringify({
            task_id: client.taskId,
            user_email: client.auth.email,
            content: parsed.data.comment,
          }),
        }),
      )
      .catch(() => undefined);
    if (!res?.ok) reply(client, 'Failed to save comment');
  };

  const onUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const route = matchSocketRoute(url.pathname);
    if (!route) return refuse(socket, 404, 'Not Found');
    const origin = request.headers.origin;
    if (origin !== undefined && !options.allowedOrigins.includes(origin))
      return refuse(socket, 403, 'Forbidden');
    const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
    if (!token) return refuse(socket, 401, 'Unauthorized');
    let auth: AuthContext;
    try {
      auth = await options.verifyAccess(token);
    } catch {
      return refuse(socket, 401, 'Unauthorized');
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      register({ socket: ws, auth, token, channel: route.channel, taskId: route.taskId });
    });
  };

  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    onUpgrade(request, socket, head).catch((error) => {
      logger.error({ err: error }, 'websocket upgrade failed');
      socket.destroy();
    });
  };
  server.on('upgrade', listener);

  return {
    /** Sockets connected to this replica. */
    get size() {
      let n = 0;
      for (const entry of byUser.values()) n += entry.clients.size;
      return n;
    },
    async close() {
      server.off('upgrade', listener);
      stopClosingRevoked?.();
      for (const entry of byUser.values()) {
        entry.unsubscribe();
        for (const client of entry.clients) client.socket.close(1001, 'server shutting down');
      }
      byUser.clear();
      wss.close();
    },
  };
}
