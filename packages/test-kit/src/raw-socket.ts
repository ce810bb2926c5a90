import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * A WebSocket client that writes frames byte by byte, so tests can send what no well-behaved client
 * library would: oversized frames, text frames that are not UTF-8, binary frames, data after a close.
 */
export interface RawSocket {
  /** Sends one masked frame with the given opcode (1 text, 2 binary, 8 close). */
  frame(opcode: number, payload: Buffer): void;
  /** Resolves with the close code the server sent, or -1 once the TCP connection ends without one. */
  closed: Promise<number>;
  end(): void;
}

/** Opens `path` on `url` (http://host:port) with the `jwt` subprotocol and `token`; rejects unless 101. */
export function openRawSocket(url: string, path: string, token: string, origin?: string) {
  const { hostname, port } = new URL(url);
  return new Promise<RawSocket>((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    const key = randomBytes(16).toString('base64');
    socket.once('connect', () => {
      socket.write(
        [
          `GET ${path} HTTP/1.1`,
          `Host: ${hostname}:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${key}`,
          'Sec-WebSocket-Version: 13',
          `Sec-WebSocket-Protocol: jwt, ${token}`,
          ...(origin ? [`Origin: ${origin}`] : []),
          '',
          '',
        ].join('\r\n'),
      );
    });
    let buffered = Buffer.alloc(0);
    let upgraded = false;
    let closeCode = -1;
    let settle: (code: number) => void = () => {};
    const closed = new Promise<number>((r) => {
      settle = r;
    });
    socket.on('close', () => settle(closeCode));
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!upgraded) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = buffered.subarray(0, end).toString();
        buffered = buffered.subarray(end + 4);
        if (!head.startsWith('HTTP/1.1 101')) {
          socket.destroy();
          return reject(new Error(head.split('\r\n')[0]));
        }
        upgraded = true;
        resolve({
          frame: (opcode, payload) => socket.write(encodeFrame(opcode, payload)),
          closed,
          end: () => socket.destroy(),
        });
      }
      // Server frames are unmasked; only the close frame's code matters here.
      while (buffered.length >= 2) {
        const opcode = (buffered[0] ?? 0) & 0x0f;
        let length = (buffered[1] ?? 0) & 0x7f;
        let offset = 2;
        if (length === 126) {
          length = buffered.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          length = Number(buffered.readBigUInt64BE(2));
          offset = 10;
        }
        if (buffered.length < offset + length) return;
        if (opcode === 8 && length >= 2) closeCode = buffered.readUInt16BE(offset);
        buffered = buffered.subarray(offset + length);
      }
    });
  });
}

function encodeFrame(opcode: number, payload: Buffer) {
  const mask = randomBytes(4);
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | length])
      : length < 65536
        ? Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 126]), u16(length)])
        : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), u64(length)]);
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([head, mask, masked]);
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};

/** The abuse every socket path must survive without taking its process down. */
export const hostileFrames: { name: string; send: (s: RawSocket) => void }[] = [
  { name: 'a 100 KB frame', send: (s) => s.frame(1, Buffer.alloc(100 * 1024, 0x61)) },
  { name: 'a text frame that is not UTF-8', send: (s) => s.frame(1, Buffer.from([0xc3, 0x28, 0xff])) },
  { name: 'a binary frame', send: (s) => s.frame(2, Buffer.from([1, 2, 3])) },
  {
    name: 'a frame after close',
    send: (s) => {
      s.frame(8, Buffer.from([0x03, 0xe8]));
      s.frame(1, Buffer.from('{"comment":"after close"}'));
    },
  },
];
