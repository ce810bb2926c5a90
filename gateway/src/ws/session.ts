import { wsCloseCodes } from '@baton/contracts';
import type { Logger } from '@baton/service-kit';
import type { RawData, WebSocket } from 'ws';
import type { CommentsUpstream } from '../comments';
import type { CommentPresence } from '../presence';
import type { SocketLimiter } from './limits';
import { type Client, type Missed, release, type SocketRegistry, send } from './registry';

/**
 * What an accepted socket does: its listeners, then what it missed and the pushes held meanwhile.
 *
 * The listeners are the same four functions for every socket (`this` is the socket, its client found in a
 * WeakMap), not closures made for each: an idle socket holds its Client and what `ws` and Node make, and no
 * more (bench/README.md, "The gateway's sockets").
 */
export function socketSessions(parts: {
  limiter: SocketLimiter;
  registry: SocketRegistry;
  presence: CommentPresence<Client>;
  comments: CommentsUpstream;
  logger: Logger;
}) {
  const { limiter, registry, presence, comments, logger } = parts;
  const clientOf = new WeakMap<WebSocket, Client>();
  const reply = (client: Client, error: string) => send(client, { error });

  /** `text` is undefined for a binary frame. */
  const onClientMessage = async (client: Client, text: string | undefined) => {
    if (!limiter.spend(client))
      return client.socket?.close(wsCloseCodes.tooManyMessages, 'too many messages');
    if (client.channel !== 'comments' || !client.taskId)
      return reply(client, 'This socket does not accept messages.');
    const result = await comments.add(client.auth, client.taskId, text);
    if ('error' in result) reply(client, result.error);
    if ('gone' in result) client.socket?.close(wsCloseCodes.taskGone, 'task not found');
  };

  function onClose(this: WebSocket) {
    const client = clientOf.get(this);
    if (!client) return;
    registry.untrack(client);
    if (client.taskId) presence.leave(client.taskId, client);
  }

  // A protocol violation (oversized frame, text that is not UTF-8, ...) makes `ws` close the socket with the
  // right code and emit 'error' on it: without this listener Node would end the process.
  function onError(this: WebSocket, error: Error) {
    const client = clientOf.get(this);
    logger.warn({ err: error, userId: client?.auth.userId, channel: client?.channel }, 'websocket error');
  }

  function onMessage(this: WebSocket, data: RawData, isBinary: boolean) {
    const client = clientOf.get(this);
    if (!client) return;
    onClientMessage(client, isBinary ? undefined : String(data)).catch((error) => {
      logger.error({ err: error, userId: client.auth.userId }, 'websocket message failed');
      this.close(1011, 'internal error');
    });
  }

  /** The peer answered a ping: it stays (limiter.pingEvery drops one that does not). */
  function onPong(this: WebSocket) {
    const client = clientOf.get(this);
    if (client) client.alive = true;
  }

  return (client: Client, socket: WebSocket, missed: Missed[]) => {
    client.socket = socket;
    client.alive = true;
    clientOf.set(socket, client);
    registry.opened(client);
    socket.on('close', onClose);
    socket.on('error', onError);
    socket.on('message', onMessage);
    socket.on('pong', onPong);
    if (!release(client, missed)) return;
    if (client.channel !== 'comments' || !client.taskId) return;
    if (client.deleted) return socket.close(wsCloseCodes.taskGone, 'task deleted');
    presence.join(client.taskId, client);
  };
}
