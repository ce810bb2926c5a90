import { wsCloseCodes } from '@baton/contracts';
import type { Logger } from '@baton/service-kit';
import type { WebSocket } from 'ws';
import type { CommentsUpstream } from '../comments';
import type { CommentPresence } from '../presence';
import type { SocketLimiter } from './limits';
import { type Client, type Missed, release, send } from './registry';

/** What an accepted socket does: its timers and listeners, then what it missed and the pushes held meanwhile. */
export function socketSessions(parts: {
  limiter: SocketLimiter;
  presence: CommentPresence;
  comments: CommentsUpstream;
  logger: Logger;
}) {
  const { limiter, presence, comments, logger } = parts;
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

  return (client: Client, socket: WebSocket, untrack: () => void, missed: Missed[]) => {
    client.socket = socket;
    const expiresIn = client.auth.claims.exp * 1000 - Date.now();
    const timer = setTimeout(
      () => socket.close(wsCloseCodes.tokenExpired, 'token expired'),
      Math.max(0, expiresIn),
    );
    const member = { email: client.auth.email, send: (message: unknown) => send(client, message) };
    limiter.watch(client, socket);
    socket.on('close', () => {
      clearTimeout(timer);
      untrack();
      if (client.taskId) presence.leave(client.taskId, member);
    });
    // A protocol violation (oversized frame, text that is not UTF-8, ...) makes `ws` close the socket
    // with the right code and emit 'error' on it: without this listener Node would end the process.
    socket.on('error', (error) => {
      logger.warn({ err: error, userId: client.auth.userId, channel: client.channel }, 'websocket error');
    });
    socket.on('message', (data, isBinary) => {
      onClientMessage(client, isBinary ? undefined : String(data)).catch((error) => {
        logger.error({ err: error, userId: client.auth.userId }, 'websocket message failed');
        socket.close(1011, 'internal error');
      });
    });
    if (!release(client, missed)) return;
    if (client.channel !== 'comments' || !client.taskId) return;
    if (client.deleted) return socket.close(wsCloseCodes.taskGone, 'task deleted');
    presence.join(client.taskId, member);
  };
}
