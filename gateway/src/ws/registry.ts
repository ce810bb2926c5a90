import {
  type Comment,
  type Notification,
  type PushMessage,
  pushMessage,
  pushSubject,
  type WsChannel,
  type WsTaskMessage,
  wsCloseCodes,
} from '@baton/contracts';
import type { AuthContext, EventBus, Logger } from '@baton/service-kit';
import type { Metered } from './limits';

/**
 * How many of the newest comments, notifications or task messages sent on a socket it remembers. Their pushes
 * may come again:
 * the outbox relay publishes at least once (a relay killed between publishing and marking a push sent
 * publishes it again when it comes back), and a handshake sends items whose pushes come a moment after.
 */
const rememberedPushes = 100;

/** What a handshake sends first on a resumed socket: comments, notifications, or task messages. */
export type Missed = Comment | Notification | WsTaskMessage;

/** One socket of a person, from its accepted handshake to its close. */
export interface Client extends Metered {
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

export const newClient = (auth: AuthContext, route: { channel: WsChannel; taskId?: string }): Client => ({
  auth,
  channel: route.channel,
  taskId: route.taskId,
  sent: new Set(),
});

export const send = (client: Client, message: unknown) => client.socket?.send(JSON.stringify(message));

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

/** Sends what the socket missed, then the pushes held meanwhile, and stops holding; false if none were held. */
export function release(client: Client, missed: Missed[]) {
  if (!client.held) return false;
  for (const item of [...missed, ...client.held]) sendOnce(client, item);
  client.held = undefined;
  return true;
}

/**
 * Who is connected to this replica, by person, and delivery of each person's pushes to their sockets: live
 * messages arrive on the core subject `push.user.<id>` from any service, followed while the person has a
 * socket here.
 */
export function socketRegistry(bus: EventBus, logger: Logger) {
  const byUser = new Map<string, { clients: Set<Client>; unsubscribe: () => void }>();
  const clientsOf = (userId: string) => byUser.get(userId)?.clients ?? [];

  const deliver = (userId: string, raw: unknown) => {
    const parsed = pushMessage.safeParse(raw);
    if (!parsed.success) {
      logger.warn({ userId }, 'invalid push message dropped');
      return;
    }
    const message: PushMessage = parsed.data;
    if (message.channel !== 'comments') {
      for (const client of clientsOf(userId))
        if (client.channel === message.channel) pass(client, message.payload);
      return;
    }
    const { payload } = message;
    for (const client of clientsOf(userId)) {
      if (client.channel !== 'comments' || client.taskId !== message.taskId) continue;
      // A deleted task takes its comment sockets with it.
      if ('taskDeleted' in payload) {
        client.deleted = true;
        client.socket?.close(wsCloseCodes.taskGone, 'task deleted');
      } else pass(client, payload.comment);
    }
  };

  return {
    /** Sockets a person has open, or opening, on this replica. */
    count: (userId: string) => byUser.get(userId)?.clients.size ?? 0,

    /** Every socket, open or opening. */
    *clients() {
      for (const entry of byUser.values()) yield* entry.clients;
    },

    /** Receives the user's pushes from now on (the socket may not be open yet); returns the undo. */
    track(client: Client) {
      const { userId } = client.auth;
      let entry = byUser.get(userId);
      if (!entry) {
        const sub = bus.subscribeCore(pushSubject(userId), (data) => deliver(userId, data));
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
    },

    /** Closes the person's sockets of ended sessions. */
    closeSessions(userId: string, sessionIds: string[]) {
      const ended = new Set(sessionIds);
      for (const client of clientsOf(userId))
        if (ended.has(client.auth.sessionId))
          client.socket?.close(wsCloseCodes.sessionRevoked, 'session revoked');
    },

    /** Sockets connected to this replica. */
    get size() {
      let n = 0;
      for (const client of this.clients()) if (client.socket) n += 1;
      return n;
    },

    /** Stops following every person's pushes and closes their sockets. */
    close() {
      for (const entry of byUser.values()) {
        entry.unsubscribe();
        for (const client of entry.clients) client.socket?.close(1001, 'server shutting down');
      }
      byUser.clear();
    },
  };
}
export type SocketRegistry = ReturnType<typeof socketRegistry>;
