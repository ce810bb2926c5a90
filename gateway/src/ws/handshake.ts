import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WsChannel, wsRoutes, wsSubprotocol } from '@baton/contracts';
import type { AuthContext, TokenVerifier } from '@baton/service-kit';
import type { CommentsUpstream } from '../comments';
import { missedNotifications, missedTaskMessages } from '../notifications';
import type { Upstream } from '../upstreams';
import type { Missed } from './registry';

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

/** Only `jwt` is echoed of the protocols a client offers (the token is never sent back). */
export const selectProtocol = (protocols: Set<string>) =>
  protocols.has(wsSubprotocol) ? wsSubprotocol : false;

const statusText: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Answers a handshake with `status` instead of upgrading it. */
export const refuse = (socket: Duplex, status: number) => {
  const reason = statusText[status] ?? 'Refused';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};

/** A handshake that passed its checks: who is asking, for which channel, and from which item it resumes. */
export interface Handshake {
  auth: AuthContext;
  route: { channel: WsChannel; taskId?: string };
  /** `?after=`: the id of the last item the client has. */
  after: string | null;
}

/**
 * The checks before anything else: a known path (404), an allowed Origin (403; browsers always send one,
 * other clients may omit it) and a valid access token among the subprotocols (401). A number is the status
 * to refuse with.
 */
export async function checkHandshake(
  request: IncomingMessage,
  allowedOrigins: string[],
  verifyAccess: TokenVerifier,
): Promise<Handshake | number> {
  const url = new URL(request.url ?? '/', 'http://gateway');
  const route = matchSocketRoute(url.pathname);
  if (!route) return 404;
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedOrigins.includes(origin)) return 403;
  const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
  if (!token) return 401;
  try {
    return { auth: await verifyAccess(token), route, after: url.searchParams.get('after') };
  } catch {
    return 401;
  }
}

/**
 * Whether the handshake asks what the socket missed: a comments socket always (tasks also says whether the
 * person may read that task's comments), the others when they resume `after` an item.
 */
export const asksMissed = ({ route, after }: Handshake) => route.taskId !== undefined || !!after;

/** What the socket missed, or the status to refuse the handshake with. */
export async function fetchMissed(
  { auth, route, after }: Handshake,
  sources: { comments: CommentsUpstream; notifications?: Upstream },
): Promise<{ missed: Missed[] } | { status: number }> {
  if (route.taskId) {
    const answer = await sources.comments.missed(auth, route.taskId, after);
    return 'status' in answer ? answer : { missed: answer.comments };
  }
  if (!after) return { missed: [] };
  if (route.channel === 'notifications') {
    const answer = await missedNotifications(sources.notifications, auth, after);
    return 'status' in answer ? answer : { missed: answer.notifications };
  }
  const answer = await missedTaskMessages(sources.notifications, auth, after);
  if ('status' in answer) return answer;
  // A task socket that cannot be replayed to fetches its lists and folders again.
  return { missed: answer.resync ? [{ type: 'folders_changed' }] : answer.messages };
}
