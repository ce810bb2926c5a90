import { BlockList, isIP } from 'node:net';

/**
 * The proxies in front of the gateway (TRUSTED_PROXIES: CIDRs or addresses, comma-separated), as one
 * matcher. Throws on an entry that is not an address or a CIDR, so a typo stops the gateway at start.
 */
export function trustedProxies(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    const widest = family === 6 ? 128 : 32;
    if (!family || rest.length || !Number.isInteger(prefix) || prefix < 0 || prefix > widest)
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) as `10.0.0.1`; other addresses as they are. */
const plain = (address: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
};

const isTrusted = (trusted: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

/**
 * Who sent a request: the socket's peer, unless that peer is a trusted proxy; then the right-most address
 * in X-Forwarded-For that is not one of the trusted proxies (each proxy appends the peer it saw, so
 * entries left of the first untrusted one are whatever the client chose to send). A chain of trusted
 * proxies only (or a malformed entry where the walk stops) yields the last address that could be checked.
 */
export function clientAddressOf(peer: string, forwardedFor: string | undefined, trusted: BlockList): string {
  let client = plain(peer);
  if (!forwardedFor || !isTrusted(trusted, client)) return client;
  const hops = forwardedFor.split(',').map((hop) => plain(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i] as string;
    if (!isIP(hop)) return client; // not an address a proxy writes: stop at what a trusted hop vouched for
    client = hop;
    if (!isTrusted(trusted, hop)) return hop;
  }
  return client;
}
