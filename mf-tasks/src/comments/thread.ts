import type { Comment } from '@baton/contracts';
import { wsCloseCodes } from '@baton/contracts/constants';

/** SPEC §9: a comments socket opens again 3 s after it closed. */
export const commentReconnectMs = 3_000;

export type Connection = 'connecting' | 'connected' | 'disconnected' | 'gone';

export interface ThreadState {
  /** Oldest first, each once. */
  comments: Comment[];
  loading: boolean;
  loadFailed: boolean;
  connection: Connection;
  /** E-mails of everyone with this thread open right now (this person included). */
  presence: string[];
}

export type ThreadEvent =
  | { type: 'loaded'; comments: Comment[] }
  | { type: 'loadFailed' }
  | { type: 'received'; comment: Comment }
  | { type: 'presence'; emails: string[] }
  | { type: 'opened' }
  | { type: 'closed'; code: number };

export const initialThread: ThreadState = {
  comments: [],
  loading: true,
  loadFailed: false,
  connection: 'connecting',
  presence: [],
};

/** `incoming` added to `comments` unless already there (a reply, a push and a reconnect may all carry it). */
export function merge(comments: readonly Comment[], incoming: readonly Comment[]) {
  const known = new Set(comments.map((c) => c.id));
  const added = incoming.filter((c) => !known.has(c.id) && known.add(c.id));
  if (added.length === 0) return comments as Comment[];
  // Stable: comments of the same millisecond keep the order they arrived in (the server's).
  return [...comments, ...added].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

/** Whether the server closed the socket for good: the task is gone, or the session ended. */
export const closedForGood = (code: number) =>
  code === wsCloseCodes.taskGone || code === wsCloseCodes.sessionRevoked;

export function threadReducer(state: ThreadState, event: ThreadEvent): ThreadState {
  switch (event.type) {
    case 'loaded':
      return { ...state, loading: false, comments: merge(state.comments, event.comments) };
    case 'loadFailed':
      return { ...state, loading: false, loadFailed: true };
    case 'received':
      return { ...state, comments: merge(state.comments, [event.comment]) };
    case 'presence':
      return { ...state, presence: event.emails };
    case 'opened':
      // An open socket sends the whole thread to a client that had none: a failed load is mended.
      return { ...state, connection: 'connected', loadFailed: false };
    case 'closed':
      return {
        ...state,
        presence: [],
        connection: event.code === wsCloseCodes.taskGone ? 'gone' : 'disconnected',
      };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isComment = (value: unknown): value is Comment =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.user === 'string' &&
  typeof value.name === 'string' &&
  typeof value.content === 'string' &&
  typeof value.timestamp === 'string';

/** A `/ws/comments/{taskId}/` message as a thread event or an error sentence (checked without zod). */
export function readSocketMessage(data: unknown): ThreadEvent | { error: string } | undefined {
  if (!isRecord(data)) return undefined;
  if (isComment(data.comment)) return { type: 'received', comment: data.comment };
  if (Array.isArray(data.presence) && data.presence.every((e) => typeof e === 'string'))
    return { type: 'presence', emails: data.presence };
  if (typeof data.error === 'string') return { error: data.error };
  return undefined;
}

/** The socket's path: after a drop it asks only for what came after the newest comment it has. */
export const socketPath = (taskId: string, newest: Comment | undefined) =>
  `/ws/comments/${taskId}/${newest ? `?after=${encodeURIComponent(newest.id)}` : ''}`;

/** The newer of two comments (the one a reconnect asks to continue from). */
export const newer = (a: Comment | undefined, b: Comment | undefined) =>
  !a || (b && b.timestamp >= a.timestamp) ? b : a;

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
export const isOwn = (comment: Pick<Comment, 'user'>, email: string) => sameEmail(comment.user, email);

/**
 * The names of the others who have the thread open: from their comments, the task's owner name, else
 * their e-mail.
 */
export function othersHere(
  presence: readonly string[],
  me: string,
  comments: readonly Comment[],
  owner: { email: string; name: string },
) {
  const names = new Map<string, string>([[owner.email.toLowerCase(), owner.name]]);
  for (const c of comments) names.set(c.user.toLowerCase(), c.name);
  return presence
    .filter((email) => !sameEmail(email, me))
    .map((email) => names.get(email.toLowerCase()) ?? email);
}
