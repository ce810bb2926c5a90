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
import { WebSocket } from 'ws';
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
  /** The ids of the newest items sent (`rememberedPushes`): none goes out twice. Made by the first one. */
  sent?: Set<string>;
  /** The task was deleted while the handshake ran: the socket closes as soon as it opens. */
  deleted?: boolean;
}

export const newClient = (auth: AuthContext, route: { channel: WsChannel; taskId?: string }): Client => ({
  auth,
  channel: route.channel,
  taskId: route.taskId,
});

export const send = (client: Client, message: unknown) => client.socket?.send(JSON.stringify(message));

/** A comment goes out as {comment}; a notification or task message as it is; each with an id only once. */
const sendOnce = (client: Client, item: Missed) => {
  if (item.id !== undefined && client.sent?.has(item.id)) return;
  send(client, client.channel === 'comments' ? { comment: item } : item);
  if (item.id === undefined) return;
  // An idle socket holds no set: most never get an item.
  client.sent ??= new Set();
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

/** A person's sockets on this replica, what follows their pushes, and the timer of their soonest token expiry. */
interface Person {
  clients: Set<Client>;
  unsubscribe: () => void;
  expiry?: { at: number; timer: ReturnType<typeof setTimeout> };
}

const expiresAt = (client: Client) => client.auth.claims.exp * 1000;

/**
 * Who is connected to this replica, by person, and delivery of each person's pushes to their sockets: live
 * messages arrive on the core subject `push.user.<id>` from any service, followed while the person has a
 * socket here. Each socket closes when its token expires.
 *
 * What an idle socket holds here is kept to its Client (bench/README.md, "The gateway's sockets"): a person's
 * sockets share one subscription, one expiry timer, and one AuthContext per session (a token is 700 bytes).
 */
export function socketRegistry(bus: EventBus, logger: Logger) {
  const byUser = new Map<string, Person>();
  const clientsOf = (userId: string) => byUser.get(userId)?.clients ?? [];

  /** Sets the person's one timer for the soonest expiry among their open sockets (none when none is open). */
  const armExpiry = (userId: string, person: Person) => {
    let soonest = Number.POSITIVE_INFINITY;
    for (const client of person.clients)
      if (client.socket?.readyState === WebSocket.OPEN) soonest = Math.min(soonest, expiresAt(client));
    if (person.expiry?.at === soonest) return;
    clearTimeout(person.expiry?.timer);
    person.expiry = undefined;
    if (soonest === Number.POSITIVE_INFINITY) return;
    const timer = setTimeout(() => expire(userId), Math.max(0, soonest - Date.now()));
    person.expiry = { at: soonest, timer };
  };

  /** Closes the person's sockets whose tokens have expired; the timer moves on to the next expiry. */
  const expire = (userId: string) => {
    const person = byUser.get(userId);
    if (!person) return;
    person.expiry = undefined;
    const now = Date.now();
    for (const client of person.clients)
      if (client.socket?.readyState === WebSocket.OPEN && expiresAt(client) <= now)
        client.socket.close(wsCloseCodes.tokenExpired, 'token expired');
    armExpiry(userId, person);
  };

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
      for (const person of byUser.values()) yield* person.clients;
    },

    /** Receives the user's pushes from now on (the socket may not be open yet); `untrack` undoes it. */
    track(client: Client) {
      const { userId } = client.auth;
      let person = byUser.get(userId);
      if (!person) {
        const sub = bus.subscribeCore(pushSubject(userId), (data) => deliver(userId, data));
        person = { clients: new Set(), unsubscribe: sub.unsubscribe };
        byUser.set(userId, person);
      }
      // The sockets of one session share its AuthContext: one copy of the token, not one per socket.
      for (const other of person.clients)
        if (other.auth.token === client.auth.token) {
          client.auth = other.auth;
          break;
        }
      person.clients.add(client);
    },

    /** Stops delivering to the client (again is harmless); the person's last one stops following their pushes. */
    untrack(client: Client) {
      const { userId } = client.auth;
      const person = byUser.get(userId);
      if (!person?.clients.delete(client)) return;
      if (person.clients.size > 0) return;
      clearTimeout(person.expiry?.timer);
      person.unsubscribe();
      byUser.delete(userId);
    },

    /** The client's socket is open: it closes when its token expires (4001). */
    opened(client: Client) {
      const person = byUser.get(client.auth.userId);
      if (person?.clients.has(client)) armExpiry(client.auth.userId, person);
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
      for (const person of byUser.values()) {
        clearTimeout(person.expiry?.timer);
        person.unsubscribe();
        for (const client of person.clients) client.socket?.close(1001, 'server shutting down');
      }
      byUser.clear();
    },
  };
}
export type SocketRegistry = ReturnType<typeof socketRegistry>;
