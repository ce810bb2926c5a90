import type { Comment } from '@baton/contracts';
import { connectLiveSocket, errorMessage, useApiClient } from '@baton/web-platform';
import { useEffect, useReducer, useRef, useState } from 'react';
import { tt } from '../i18n';
import {
  closedForGood,
  commentReconnectMs,
  initialThread,
  newer,
  readSocketMessage,
  socketPath,
  type ThreadEvent,
  threadReducer,
} from './thread';

/**
 * One task's comments, live (SPEC §4 "Comments connection"): the thread is fetched, then the socket opens and
 * sends what came meanwhile and each new comment; a closed socket opens again 3 s later asking only for what
 * came after the newest comment here. `send` adds a comment through POST /api/add_comment/, so a refusal
 * keeps the text and says why.
 */
export function useCommentThread(taskId: string, email: string) {
  const { request, post } = useApiClient();
  const [state, dispatch] = useReducer(threadReducer, initialThread);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const newest = useRef<Comment | undefined>(undefined);

  useEffect(() => {
    newest.current = undefined;
    let stopped = false;
    let live: { close(): void } | undefined;
    const apply = (event: ThreadEvent) => {
      if (event.type === 'received') newest.current = newer(newest.current, event.comment);
      if (event.type === 'loaded') newest.current = newer(newest.current, event.comments.at(-1));
      dispatch(event);
    };
    (async () => {
      try {
        const res = await request(`/task_comments/${taskId}`);
        if (!res.ok) throw new Error(`status ${res.status}`);
        apply({ type: 'loaded', comments: ((await res.json()) as { comments: Comment[] }).comments });
      } catch {
        apply({ type: 'loadFailed' });
        setFailure(tt('commentsLoadFailed'));
      }
      if (stopped) return;
      live = connectLiveSocket({
        path: () => socketPath(taskId, newest.current),
        reconnectDelay: () => commentReconnectMs,
        reconnectAfter: (code) => !closedForGood(code),
        onOpen: () => {
          setFailure((current) => (current === tt('commentsLoadFailed') ? null : current));
          apply({ type: 'opened' });
        },
        onClose: (code) => apply({ type: 'closed', code }),
        onMessage: (data) => {
          const message = readSocketMessage(data);
          if (!message) return;
          if ('error' in message) setFailure(message.error);
          else apply(message);
        },
      });
    })();
    return () => {
      stopped = true;
      live?.close();
    };
  }, [taskId, request]);

  /** Sends `text` trimmed (nothing when it is blank); resolves whether it was saved. */
  async function send(text: string) {
    const content = text.trim();
    if (!content || sending) return false;
    setSending(true);
    setFailure(null);
    try {
      const res = await post('/api/add_comment/', { task_id: taskId, user_email: email, content });
      if (!res.ok) {
        setFailure(await errorMessage(res, tt('commentSaveFailed')));
        return false;
      }
      const comment = (await res.json()) as Comment;
      newest.current = newer(newest.current, comment);
      dispatch({ type: 'received', comment });
      return true;
    } catch {
      setFailure(tt('commentNetwork'));
      return false;
    } finally {
      setSending(false);
    }
  }

  return { ...state, failure, dismissFailure: () => setFailure(null), sending, send };
}
