import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf, trustedProxies } from './client-address';
import { gatewayEnvSchema } from './config';
import { startTestGatewayServer } from './testing';

describe('clientAddressOf', () => {
  const ingress = trustedProxies(['10.0.0.0/8', '2001:db8::/32', '192.168.1.1']);

  it.each([
    ['a peer not trusted: its own address, whatever it forwards', '203.0.113.9', '10.0.0.5', '203.0.113.9'],
    ['a trusted peer: the address it appended', '10.1.2.3', '198.51.100.7', '198.51.100.7'],
    [
      'a trusted peer: the right-most untrusted, not what the client wrote',
      '10.1.2.3',
      '1.1.1.1, 198.51.100.7',
      '198.51.100.7',
    ],
    [
      'a chain of trusted proxies is skipped',
      '10.1.2.3',
      '1.1.1.1, 198.51.100.7, 192.168.1.1, 10.9.9.9',
      '198.51.100.7',
    ],
    ['a single trusted address, by itself', '192.168.1.1', '198.51.100.8', '198.51.100.8'],
    ['the next address past a /32', '192.168.1.2', '198.51.100.8', '192.168.1.2'],
    ['IPv6 peers and hops', '2001:db8::1', '2001:db8:ffff::1, 2001:db8::2', '2001:db8:ffff::1'],
    ['an IPv4 peer on a dual-stack socket', '::ffff:10.0.0.1', '198.51.100.9', '198.51.100.9'],
    ['no X-Forwarded-For: the proxy itself', '10.0.0.1', undefined, '10.0.0.1'],
    [
      'garbage where a proxy writes addresses: the last vouched-for',
      '10.0.0.1',
      'evil, not-an-ip',
      '10.0.0.1',
    ],
    ['every hop trusted: the left-most', '10.0.0.1', '10.0.0.2, 10.0.0.3', '10.0.0.2'],
  ])('%s', (_name, peer, forwarded, client) => {
    expect(clientAddressOf(peer, forwarded, ingress)).toBe(client);
  });

  it('trusts nobody by default, and refuses a TRUSTED_PROXIES entry that is no address or CIDR', () => {
    const none = gatewayEnvSchema.parse({}).TRUSTED_PROXIES;
    expect(clientAddressOf('10.0.0.1', '198.51.100.7', none)).toBe('10.0.0.1');
    const set = gatewayEnvSchema.parse({ TRUSTED_PROXIES: ' 10.0.0.0/8 , ::1 ' }).TRUSTED_PROXIES;
    expect(clientAddressOf('::1', '198.51.100.7', set)).toBe('198.51.100.7');
    for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.0/8/1', '::1/129'])
      expect(gatewayEnvSchema.safeParse({ TRUSTED_PROXIES: bad }).success, bad).toBe(false);
  });
});

/** A POST through `port` from the loopback address `from` (127.0.0.0/8 is all local), with extra headers. */
function postFrom(
  from: string,
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('behind a reverse proxy (a second process adding X-Forwarded-For)', () => {
  let gateway: Awaited<ReturnType<typeof startTestGatewayServer>>;
  let proxy: ChildProcess;
  let proxyPort: number;

  beforeAll(async () => {
    gateway = await startTestGatewayServer(
      {},
      {
        config: { RATE_LIMITS: true },
        rateLimits: { login: { max: 3, windowMs: 60_000 } },
        trustedProxies: trustedProxies(['127.0.0.1/32']),
      },
    );
    proxy = spawn(process.execPath, [fileURLToPath(new URL('./reverse-proxy.child.mjs', import.meta.url))], {
      env: { ...process.env, TARGET: gateway.http },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(proxy.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    proxyPort = Number(line.toString().trim());
  });
  afterAll(async () => {
    proxy?.kill();
    await gateway?.close();
  });

  it('throttles two clients of the same proxy separately, and a forged X-Forwarded-For changes nothing', async () => {
    const login = (from: string, headers?: Record<string, string>) =>
      postFrom(from, proxyPort, '/login/', { email: `${from}@example.com`, password: 'whatever!' }, headers);
    // Client A spends its budget (3 a minute): just under the limit refused for the password, then over it.
    expect([await login('127.0.0.2'), await login('127.0.0.2'), await login('127.0.0.2')]).toEqual([
      401, 401, 401,
    ]);
    expect(await login('127.0.0.2')).toBe(429);
    expect(await login('127.0.0.2', { 'x-forwarded-for': '198.51.100.1' })).toBe(429);
    // Client B, through the same proxy, is its own address.
    expect(await login('127.0.0.3')).toBe(401);
    // Straight to the gateway, a peer that is not a trusted proxy cannot pick its address with the header.
    const direct = (i: number) =>
      postFrom(
        '127.0.0.4',
        gateway.server.port,
        '/login/',
        { email: 'x@example.com', password: 'x' },
        {
          'x-forwarded-for': `198.51.100.${i}`,
        },
      );
    expect([await direct(1), await direct(2), await direct(3), await direct(4)]).toEqual([
      401, 401, 401, 429,
    ]);
  });
});
