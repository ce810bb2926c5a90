import { useEffect, useRef } from 'react';
import { accessToken } from '../auth/storage';
import { useCurrentUser } from '../context';

/** SPEC §9: reconnect after 1 s, 2 s, 4 s … (doubling), never more than 30 s apart. */
export const reconnectBaseMs = 1_000;
export const reconnectCapMs = 30_000;
export const reconnectDelayMs = (attempt: number) =>
  Math.min(reconnectCapMs, reconnectBaseMs * 2 ** Math.min(attempt, 30));

/** The socket's address on this page's origin (`/ws/…` is proxied to the gateway by the dev servers). */
export const socketUrl = (path: string, base: Location | URL = window.location) =>
  `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}${path}`;

export interface LiveSocketOptions {
  /** Read at every attempt when a function (a reconnect may say what it already has). */
  path: string | (() => string);
  /** Each message, parsed from JSON; anything that is not JSON is dropped. */
  onMessage(data: unknown): void;
  /** After every successful open, the first and each reconnect (fetch what was missed meanwhile). */
  onOpen?(): void;
  /** Whenever an open connection (or an attempt) ends, with its close code, before the next attempt. */
  onClose?(code: number): void;
  /** Read at every attempt, so a reconnect uses the newest access token. */
  token?: () => string | null;
  /** The wait before attempt `attempt` + 1 (default: SPEC §9's doubling backoff). */
  reconnectDelay?: (attempt: number) => number;
  /** Whether to reconnect after a close with this code (default: always). */
  reconnectAfter?: (code: number) => boolean;
}

/**
 * A WebSocket that authenticates with the `['jwt', token]` subprotocols (SPEC §7; the gateway echoes `jwt`) and,
 * whenever it closes, opens again after `reconnectDelay(attempt)`; a successful open resets the attempt.
 */
export function connectLiveSocket(options: LiveSocketOptions) {
  const token = options.token ?? accessToken;
  const delay = options.reconnectDelay ?? reconnectDelayMs;
  const path = () => (typeof options.path === 'string' ? options.path : options.path());
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const retry = () => {
    if (stopped) return;
    timer = setTimeout(open, delay(attempt));
    attempt += 1;
  };

  function open() {
    timer = undefined;
    const current = token();
    if (!current) return retry();
    socket = new WebSocket(socketUrl(path()), ['jwt', current]);
    socket.onopen = () => {
      attempt = 0;
      options.onOpen?.();
    };
    socket.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      options.onMessage(data);
    };
    socket.onclose = (event) => {
      socket = undefined;
      options.onClose?.(event.code);
      if (options.reconnectAfter?.(event.code) ?? true) retry();
    };
  }

  open();
  return {
    close() {
      stopped = true;
      clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.close(1000);
      }
    },
  };
}

interface Subscriber {
  onMessage(data: unknown): void;
  onOpen?(): void;
  /** The last item this subscriber has, read at each (re)connect: the socket resumes after it (`?after=`). */
  after?(): string | undefined;
}

interface SharedSocket {
  subscribers: Set<Subscriber>;
  open: boolean;
  close(): void;
}

/** One connection per path for the whole page, however many views listen on it (the tasks list, the folders). */
const sharedSockets = new Map<string, SharedSocket>();

/**
 * Adds `subscriber` to the page's connection on `path`, opening it for the first one and closing it after the
 * last one leaves. A subscriber that joins an open connection hears `onOpen` at once, so "every open after the
 * first is a reconnect" holds for each of them.
 */
function subscribe(path: string, subscriber: Subscriber) {
  let shared = sharedSockets.get(path);
  if (!shared) {
    const subscribers = new Set<Subscriber>();
    const entry: SharedSocket = { subscribers, open: false, close: () => {} };
    const live = connectLiveSocket({
      // Every subscriber is asked (each notes what it resumes from); the first that has an item names it.
      path: () => {
        const after = [...subscribers].map((each) => each.after?.()).find(Boolean);
        return after ? `${path}?after=${encodeURIComponent(after)}` : path;
      },
      onMessage: (data) => {
        for (const each of [...subscribers]) each.onMessage(data);
      },
      onOpen: () => {
        entry.open = true;
        for (const each of [...subscribers]) each.onOpen?.();
      },
      onClose: () => {
        entry.open = false;
      },
    });
    entry.close = () => live.close();
    shared = entry;
    sharedSockets.set(path, shared);
  }
  const current = shared;
  current.subscribers.add(subscriber);
  if (current.open) subscriber.onOpen?.();
  return () => {
    current.subscribers.delete(subscriber);
    if (current.subscribers.size > 0) return;
    current.close();
    if (sharedSockets.get(path) === current) sharedSockets.delete(path);
  };
}

/**
 * Keeps a live socket open on `path` while someone is signed in; the latest callbacks are always used. Views
 * listening on the same path share one connection.
 */
export function useLiveSocket(
  path: string,
  onMessage: (data: unknown) => void,
  options: { onOpen?: () => void; after?: () => string | undefined } = {},
) {
  const signedIn = useCurrentUser() !== null;
  const latest = useRef({ onMessage, ...options });
  latest.current = { onMessage, ...options };
  useEffect(() => {
    if (!signedIn) return;
    return subscribe(path, {
      onMessage: (data) => latest.current.onMessage(data),
      onOpen: () => latest.current.onOpen?.(),
      after: () => latest.current.after?.(),
    });
  }, [path, signedIn]);
}

const logIdOf = (data: unknown) =>
  typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string'
    ? (data as { id: string }).id
    : undefined;

/**
 * A live socket whose messages carry their place in a log (`/ws/tasks/`): a reconnect resumes after the last
 * one seen (`?after=`), and the server sends what was missed first. A reconnect with nothing to resume from
 * (no message seen yet) calls `refetch` instead.
 */
export function useResumableSocket(path: string, onMessage: (data: unknown) => void, refetch: () => void) {
  const lastSeen = useRef<string | undefined>(undefined);
  const resumedFrom = useRef<string | undefined>(undefined);
  const opened = useRef(false);
  useLiveSocket(
    path,
    (data) => {
      lastSeen.current = logIdOf(data) ?? lastSeen.current;
      onMessage(data);
    },
    {
      after: () => {
        resumedFrom.current = lastSeen.current;
        return lastSeen.current;
      },
      onOpen: () => {
        if (opened.current && !resumedFrom.current) refetch();
        opened.current = true;
      },
    },
  );
}
