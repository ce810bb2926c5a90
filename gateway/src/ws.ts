import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type Comment,
  type Notification,
  type PushMessage,
  pushMessage,
  pushSubject,
  type WsChannel,
  type WsTaskMessage,
  wsCloseCodes,
  wsRoutes,
  wsSubprotocol,
} from '@baton/contracts';
import type { AuthContext, EventBus, Logger, RevocationList, TokenVerifier } from '@baton/service-kit';
import { type WebSocket, WebSocketServer } from 'ws';
import { commentsUpstream } from './comments';
import { missedNotifications, missedTaskMessages } from './notifications';
import { CommentPresence, type PresenceTiming } from './presence';
import type { Upstream } from './upstreams';

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

/** What one person and one socket may use of a replica (SocketOptions.limits; tests lower them). */
export interface SocketLimits {
  /** Open sockets per person on this replica; one more is refused with 429 before the upgrade. */
  socketsPerPerson: number;
  /** Client messages per second a socket takes on average, and in a burst; past them it closes (4029). */
  messagesPerSecond: number;
  messageBurst: number;
  /** A ping this often; a peer that has not answered the previous one is dropped. */
  pingIntervalMs: number;
}

export const defaultSocketLimits: SocketLimits = {
  socketsPerPerson: 20,
  messagesPerSecond: 2,
  messageBurst: 10,
  pingIntervalMs: 30_000,
};

/**
 * How many of the newest comments, notifications or task messages sent on a socket it remembers. Their pushes
 * may come again:
 * the outbox relay publishes at least once (a relay killed between publishing and marking a push sent
 * publishes it again when it comes back), and a handshake sends items whose pushes come a moment after.
 */
const rememberedPushes = 100;

/** What a handshake sends first on a resumed socket: comments, notifications, or task messages. */
type Missed = Comment | Notification | WsTaskMessage;

interface Client {
  /** Set once the handshake is accepted and upgraded. */
  socket?: WebSocket;
  /** Messages the socket may still send now (a token bucket: refilled at messagesPerSecond). */
  allowance?: { tokens: number; at: number };
  /** Whether the peer answered the last ping. */
  alive?: boolean;
  auth: AuthContext;
  channel: WsChannel;
  taskId?: string;
  /** Pushes that arrived while the handshake fetched what was missed, sent after. */
  held?: Missed[];
  /** The ids of the newest items sent (`rememberedPushes`): none goes out twice. */
  sent: Set<string>;
  /** The task was deleted while the handshake ran: the socket closes as soon as it opens. */
  deleted?: boolean;
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

const statusText: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/**
 * WebSocket endpoints of SPEC §7. The handshake is refused (401/403/404) before any upgrade unless
 * the path is known, the Origin allowed and the `['jwt', token]` subprotocols carry a valid access
 * token; only `jwt` is echoed; `/ws/comments/{taskId}/` also needs the person to be allowed to read that
 * task's comments (tasks says so, and answers the comments the client missed). Each socket closes when its
 * token expires or its session is revoked (logout, password change or reset, refresh-token reuse, account
 * deletion: `identity.session.revoked`), and a comments socket when its task is deleted.
 * Live messages arrive on the core subject `push.user.<id>` from any service and go to that user's
 * sockets on this replica.
 */
export function attachWebSockets(server: Server, options: SocketOptions) {
  const { logger } = options;
  const limits = { ...defaultSocketLimits, ...options.limits };
  const wss = new WebSocketServer({
    noServer: true,
    // Room for the longest comment a client may send (5000 characters, each up to 6 bytes as JSON escapes
    // them), and no more.
    maxPayload: 64 * 1024,
    handleProtocols: (protocols) => (protocols.has(wsSubprotocol) ? wsSubprotocol : false),
  });
  const comments = commentsUpstream(options.tasks);
  const presence = new CommentPresence(options.bus, options.presence);
  const byUser = new Map<string, { clients: Set<Client>; unsubscribe: () => void }>();

  const send = (client: Client, message: unknown) => client.socket?.send(JSON.stringify(message));
  /** A comment goes out as {comment}; a notification or task message as it is; each with an id only once. */
  const sendOnce = (client: Client, item: Missed) => {
    if (item.id !== undefined && client.sent.has(item.id)) return;
    send(client, client.channel === 'comments' ? { comment: item } : item);
    if (item.id === undefined) return;
    client.sent.add(item.id);
    if (client.sent.size > rememberedPushes) client.sent.delete(client.sent.values().next().value as string);
  };
  /** A pushed item: held during the handshake, else sent. */
  const pass = (client: Client, item: Missed) => {
    if (client.held) client.held.push(item);
    else sendOnce(client, item);
  };

  const commentSockets = (userId: string, taskId: string) =>
    [...(byUser.get(userId)?.clients ?? [])].filter((c) => c.channel === 'comments' && c.taskId === taskId);

  const deliver = (userId: string, raw: unknown) => {
    const parsed = pushMessage.safeParse(raw);
    if (!parsed.success) {
      logger.warn({ userId }, 'invalid push message dropped');
      return;
    }
    const message: PushMessage = parsed.data;
    if (message.channel !== 'comments') {
      for (const client of byUser.get(userId)?.clients ?? [])
        if (client.channel === message.channel) pass(client, message.payload);
      return;
    }
    const { payload } = message;
    for (const client of commentSockets(userId, message.taskId)) {
      // A deleted task takes its comment sockets with it.
      if ('taskDeleted' in payload) {
        client.deleted = true;
        client.socket?.close(wsCloseCodes.taskGone, 'task deleted');
      } else pass(client, payload.comment);
    }
  };

  const stopClosingRevoked = options.revocations?.onRevoked(({ userId, sessionIds }) => {
    const ended = new Set(sessionIds);
    for (const client of byUser.get(userId)?.clients ?? []) {
      if (ended.has(client.auth.sessionId))
        client.socket?.close(wsCloseCodes.sessionRevoked, 'session revoked');
    }
  });

  /** Receives the user's pushes from now on (the socket may not be open yet); returns the undo. */
  const track = (client: Client) => {
    const { userId } = client.auth;
    let entry = byUser.get(userId);
    if (!entry) {
      const sub = options.bus.subscribeCore(pushSubject(userId), (data) => deliver(userId, data));
      entry = { clients: new Set(), unsubscribe: sub.unsubscribe };
      byUser.set(userId, entry);
    }
    entry.clients.add(client);
    return () => {
      const current = byUser.get(userId);
      if (!current?.clients.delete(client)) return;
      if (current.clients.size > 0) return;
      current.unsubscribe();
      byUser.delete(userId);
    };
  };

  const reply = (client: Client, error: string) => send(client, { error });

  /** Spends one message of the socket's allowance; false once it is spent (the socket is then closed). */
  const allowed = (client: Client) => {
    const now = Date.now();
    const { tokens, at } = client.allowance ?? { tokens: limits.messageBurst, at: now };
    const refilled = Math.min(limits.messageBurst, tokens + ((now - at) / 1000) * limits.messagesPerSecond);
    client.allowance = { tokens: refilled - 1, at: now };
    return refilled >= 1;
  };

  /** `text` is undefined for a binary frame. */
  const onClientMessage = async (client: Client, text: string | undefined) => {
    if (!allowed(client)) return client.socket?.close(wsCloseCodes.tooManyMessages, 'too many messages');
    if (client.channel !== 'comments' || !client.taskId)
      return reply(client, 'This socket does not accept messages.');
    const result = await comments.add(client.auth, client.taskId, text);
    if ('error' in result) reply(client, result.error);
    if ('gone' in result) client.socket?.close(wsCloseCodes.taskGone, 'task not found');
  };

  /** An accepted socket: its timers and listeners, then what it missed and the pushes held meanwhile. */
  const opened = (client: Client, socket: WebSocket, untrack: () => void, missed: Missed[] = []) => {
    client.socket = socket;
    const expiresIn = client.auth.claims.exp * 1000 - Date.now();
    const timer = setTimeout(
      () => socket.close(wsCloseCodes.tokenExpired, 'token expired'),
      Math.max(0, expiresIn),
    );
    const member = { email: client.auth.email, send: (message: unknown) => send(client, message) };
    client.alive = true;
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      untrack();
      if (client.taskId) presence.leave(client.taskId, member);
    });
    // A protocol violation (oversized frame, text that is not UTF-8, ...) makes `ws` close the socket
    // with the right code and emit 'error' on it: without this listener Node would end the process.
    socket.on('error', (error) => {
      logger.warn({ err: error, userId: client.auth.userId, channel: client.channel }, 'websocket error');
    });
    socket.on('message', (data, isBinary) => {
      onClientMessage(client, isBinary ? undefined : String(data)).catch((error) => {
        logger.error({ err: error, userId: client.auth.userId }, 'websocket message failed');
        socket.close(1011, 'internal error');
      });
    });
    if (!client.held) return;
    for (const item of [...missed, ...client.held]) sendOnce(client, item);
    client.held = undefined;
    if (client.channel !== 'comments' || !client.taskId) return;
    if (client.deleted) return socket.close(wsCloseCodes.taskGone, 'task deleted');
    presence.join(client.taskId, member);
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
    // One person's sockets on this replica are capped (counted and tracked without a pause in between).
    if ((byUser.get(auth.userId)?.clients.size ?? 0) >= limits.socketsPerPerson)
      return refuse(socket, 429, 'Too Many Requests');
    const client: Client = { auth, channel: route.channel, taskId: route.taskId, sent: new Set() };
    let missed: Missed[] | undefined;
    // Pushes are followed before tasks is asked what was missed, so no comment falls between the two.
    const untrack = track(client);
    socket.once('close', () => {
      if (!client.socket) untrack();
    });
    if (route.taskId) {
      client.held = [];
      const answer = await comments.missed(auth, route.taskId, url.searchParams.get('after'));
      if ('status' in answer) {
        untrack();
        return refuse(socket, answer.status, statusText[answer.status] ?? 'Refused');
      }
      missed = answer.comments;
    }
    const after = url.searchParams.get('after');
    if (route.channel !== 'comments' && after) {
      client.held = [];
      const answer =
        route.channel === 'notifications'
          ? await missedNotifications(options.notifications, auth, after)
          : await missedTaskMessages(options.notifications, auth, after);
      if ('status' in answer) {
        untrack();
        return refuse(socket, answer.status, statusText[answer.status] ?? 'Refused');
      }
      // A task socket that cannot be replayed to fetches its lists and folders again.
      missed =
        'notifications' in answer
          ? answer.notifications
          : answer.resync
            ? [{ type: 'folders_changed' }]
            : answer.messages;
    }
    wss.handleUpgrade(request, socket, head, (ws) => opened(client, ws, untrack, missed));
  };

  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    onUpgrade(request, socket, head).catch((error) => {
      logger.error({ err: error }, 'websocket upgrade failed');
      socket.destroy();
    });
  };
  server.on('upgrade', listener);

  // Dead peers (a laptop closed, a network gone) never send a close: a socket that did not answer the last
  // ping is dropped, so its person's count and subscriptions do not grow.
  const pinger = setInterval(() => {
    for (const entry of byUser.values())
      for (const client of entry.clients) {
        if (!client.socket) continue;
        if (!client.alive) client.socket.terminate();
        else {
          client.alive = false;
          client.socket.ping();
        }
      }
  }, limits.pingIntervalMs);
  pinger.unref();

  return {
    /** Sockets connected to this replica. */
    get size() {
      let n = 0;
      for (const entry of byUser.values()) for (const client of entry.clients) if (client.socket) n += 1;
      return n;
    },
    async close() {
      clearInterval(pinger);
      server.off('upgrade', listener);
      stopClosingRevoked?.();
      presence.close();
      for (const entry of byUser.values()) {
        entry.unsubscribe();
        for (const client of entry.clients) client.socket?.close(1001, 'server shutting down');
      }
      byUser.clear();
      wss.close();
    },
  };
}
