/// <reference path="./http_ece.d.ts" />
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** One POST the push service received. */
export interface ReceivedPush {
  endpoint: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The payload a push carries (what the service worker shows). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * A push service of the test's own (RFC 8030's push resource, over plain http on 127.0.0.1): it takes every
 * push and keeps it, and answers what a device was told to (201 by default, 410 for one that is gone). Its
 * devices are made here as a browser makes them (a P-256 key pair and a 16-byte auth secret), so the test can
 * decrypt what the server sent them. The server sends to it only when PUSH_TEST_ORIGINS names `origin`.
 */
export async function startLocalPushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      received.push({ endpoint, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(endpoint) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A browser's subscription at this service, with what it takes to read its pushes. */
  function newDevice() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const endpoint = `${origin}/push/${randomUUID()}`;
    return {
      /** As `PushSubscription.toJSON()` gives it. */
      subscription: {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
      },
      /** Answer this device's pushes with `status` from now on (410: the browser unsubscribed). */
      answerWith: (status: number) => answers.set(endpoint, status),
      pushes: () => received.filter((push) => push.endpoint === endpoint),
      /** A push's payload, decrypted with this device's keys (RFC 8291, aes128gcm). */
      read: (push: ReceivedPush): PushPayload =>
        JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString()),
    };
  }

  return {
    origin,
    received,
    newDevice,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LocalPushService = Awaited<ReturnType<typeof startLocalPushService>>;
export type TestPushDevice = ReturnType<LocalPushService['newDevice']>;

/**
 * The VAPID claims of a push (RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`), once its JWT's ES256
 * signature checks out against `publicKey` (the server's, base64url): throws otherwise.
 */
export function vapidClaims(push: ReceivedPush, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(push.headers.authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${push.headers.authorization}`);
  const [, token = '', key = ''] = match;
  if (key !== publicKey) throw new Error('the push names another public key');
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const [header = '', claims = '', signature = ''] = token.split('.');
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as { typ: string; alg: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud: string;
      exp: number;
      sub: string;
    },
  };
}
