import { type Comment, commentMessages, commentsResponse, wsCommentClientMessage } from '@baton/contracts';
import type { AuthContext } from '@baton/service-kit';
import { askOnBehalf } from './upstream-json';
import type { Upstream } from './upstreams';

/** What the gateway asks of tasks for `/ws/comments/{taskId}/`, on the person's behalf. */
export interface CommentsUpstream {
  /**
   * Whether `auth` may read the task's comments, and those after `after` (all without it): the handshake's
   * permission and what a reconnecting client missed, in one call. A refusal carries the HTTP status the
   * handshake answers with.
   */
  missed(
    auth: AuthContext,
    taskId: string,
    after: string | null,
  ): Promise<{ comments: Comment[] } | { status: number }>;
  /** Stores a socket's `{comment}` as POST /api/add_comment/ does: the saved comment returns as a push. */
  add(auth: AuthContext, taskId: string, text: string | undefined): Promise<CommentReply>;
}

/** What the sender hears back: nothing (the comment arrives as a push), an error frame, or a close. */
export type CommentReply = { ok: true } | { error: string } | { gone: true };

const bearer = (auth: AuthContext) => ({ authorization: `Bearer ${auth.token}` });

const errorOf = async (res: Response) => {
  const body = (await res.json().catch(() => ({}))) as { error?: unknown };
  return typeof body.error === 'string' ? body.error : commentMessages.saveFailed;
};

/** Comments through the tasks service's own routes (one way to add a comment, one set of checks). */
export function commentsUpstream(tasks: Upstream | undefined): CommentsUpstream {
  return {
    async missed(auth, taskId, after) {
      const query = after === null ? '' : `?after=${encodeURIComponent(after)}`;
      return askOnBehalf(tasks, `/task_comments/${taskId}${query}`, auth.token, commentsResponse);
    },

    async add(auth, taskId, text) {
      if (text === undefined) return { error: 'Messages must be JSON text.' };
      let parsed: ReturnType<typeof wsCommentClientMessage.safeParse>;
      try {
        parsed = wsCommentClientMessage.safeParse(JSON.parse(text));
      } catch {
        return { error: 'Message is not valid JSON.' };
      }
      if (!parsed.success) return { error: 'Send {"comment": "your text"}.' };
      if (!tasks) return { error: commentMessages.saveFailed };
      const res = await tasks(
        new Request('http://tasks/api/add_comment/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(auth) },
          body: JSON.stringify({ task_id: taskId, user_email: auth.email, content: parsed.data.comment }),
        }),
      ).catch(() => undefined);
      if (!res) return { error: commentMessages.saveFailed };
      if (res.ok) return { ok: true };
      // The task was deleted, or the person lost access to it, since the socket opened.
      if (res.status === 404) return { gone: true };
      return { error: await errorOf(res) };
    },
  };
}
