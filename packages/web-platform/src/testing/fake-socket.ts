/** A stand-in for the browser's WebSocket that a test drives: open it, push messages, close it. */
export class FakeWebSocket {
  static readonly all: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedByClient = false;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeWebSocket.all.push(this);
  }

  /** The server accepted the handshake. */
  open() {
    this.onopen?.();
  }

  /** The server sent `data` (objects are sent as JSON). */
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  /** The connection ended from the server's side (or the network). */
  drop(code = 1006) {
    this.onclose?.({ code });
  }

  close() {
    this.closedByClient = true;
  }

  static latest() {
    const socket = FakeWebSocket.all.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }
}

/** Replaces `WebSocket` with `FakeWebSocket` for the current test; call the returned function to restore. */
export function useFakeWebSockets() {
  // msw's interceptor defines WebSocket as a read-only accessor, so it is redefined rather than assigned.
  const real = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket');
  FakeWebSocket.all.length = 0;
  Object.defineProperty(globalThis, 'WebSocket', {
    value: FakeWebSocket,
    configurable: true,
    writable: true,
  });
  return () => {
    if (real) Object.defineProperty(globalThis, 'WebSocket', real);
  };
}
