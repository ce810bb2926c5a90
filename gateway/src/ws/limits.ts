import type { WebSocket } from 'ws';

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

/** What the limiter keeps on each socket. */
export interface Metered {
  /** Set once the handshake is accepted and upgraded. */
  socket?: WebSocket;
  /** Messages the socket may still send now (a token bucket: refilled at messagesPerSecond). */
  allowance?: { tokens: number; at: number };
  /** Whether the peer answered the last ping (set when the socket opens and on each pong). */
  alive?: boolean;
}

/** The limits of one replica's sockets: `limits` over the defaults. */
export function socketLimiter(overrides: Partial<SocketLimits> = {}) {
  const limits = { ...defaultSocketLimits, ...overrides };
  return {
    limits,

    /** Whether a person with `open` sockets on this replica may open one more. */
    admits: (open: number) => open < limits.socketsPerPerson,

    /** Spends one message of the socket's allowance; false once it is spent (the socket is then closed). */
    spend(metered: Metered) {
      const now = Date.now();
      const { tokens, at } = metered.allowance ?? { tokens: limits.messageBurst, at: now };
      const refilled = Math.min(limits.messageBurst, tokens + ((now - at) / 1000) * limits.messagesPerSecond);
      metered.allowance = { tokens: refilled - 1, at: now };
      return refilled >= 1;
    },

    /**
     * Pings the open sockets of `all` every pingIntervalMs; returns the stop. Dead peers (a laptop closed, a
     * network gone) never send a close: a socket that did not answer the last ping is dropped, so its
     * person's count and subscriptions do not grow.
     */
    pingEvery(all: () => Iterable<Metered>) {
      const pinger = setInterval(() => {
        for (const metered of all()) {
          if (!metered.socket) continue;
          if (!metered.alive) metered.socket.terminate();
          else {
            metered.alive = false;
            metered.socket.ping();
          }
        }
      }, limits.pingIntervalMs);
      pinger.unref();
      return () => clearInterval(pinger);
    },
  };
}
export type SocketLimiter = ReturnType<typeof socketLimiter>;
