import type { Task } from '@baton/contracts';
import { Banner, Button, cx, Dialog, dateTimeLabel, relativeTime, useMinuteTick } from '@baton/ui';
import { useCurrentUser, useLanguage } from '@baton/web-platform';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTasksT } from '../i18n';
import { type Connection, isOwn, othersHere } from './thread';
import { useCommentThread } from './useCommentThread';

const connectionText = {
  connecting: 'connecting',
  connected: 'connected',
  disconnected: 'disconnected',
  gone: 'commentsGone',
} as const satisfies Record<Connection, string>;

/**
 * The comments panel of a delegated task (SPEC §2, §4, §6): the thread live over `/ws/comments/{taskId}/`,
 * the connection as a green or red dot with its words, who else has it open, and the input, usable only
 * while connected. Own comments on the right, the others' on the left.
 */
export function CommentsDialog({
  task,
  canWrite,
  onClose,
}: {
  task: Task;
  /** False for a recipient who has not accepted the task yet: they read along (SPEC §6). */
  canWrite: boolean;
  onClose: () => void;
}) {
  const t = useTasksT();
  const language = useLanguage();
  const email = useCurrentUser()?.email ?? '';
  const thread = useCommentThread(task.id, email);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const hintId = useId();
  useMinuteTick();
  const now = new Date();
  const connected = thread.connection === 'connected';
  const writable = connected && canWrite;
  const others = othersHere(thread.presence, email, thread.comments, {
    email: task.owner,
    name: task.firstName || task.owner,
  });

  // The newest comment in view, as in any chat.
  const count = thread.comments.length;
  useEffect(() => {
    const list = listRef.current;
    if (list && count > 0) list.scrollTop = list.scrollHeight;
  }, [count]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!writable) return;
    if (await thread.send(draft)) setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <Dialog
      open
      title={t('comments')}
      description={task.title}
      onClose={onClose}
      className="task-comments-dialog"
    >
      <div className="task-comments__status">
        <p role="status" className="task-comments__connection">
          <span
            className={cx('task-comments__dot', connected && 'task-comments__dot--on')}
            aria-hidden="true"
          />
          {t(connectionText[thread.connection])}
        </p>
        {others.length > 0 ? (
          <p className="task-comments__presence">{t('alsoHere', { names: others.join(', ') })}</p>
        ) : null}
      </div>

      {thread.connection === 'disconnected' ? <Banner tone="error">{t('commentConnection')}</Banner> : null}
      {thread.failure ? (
        <Banner key={thread.failure} tone="error" onDismiss={thread.dismissFailure}>
          {thread.failure}
        </Banner>
      ) : null}

      {thread.loading ? <p role="status">{t('commentsLoading')}</p> : null}
      {!thread.loading && count === 0 && !thread.loadFailed ? (
        <p className="task-comments__empty">{t('commentsEmpty')}</p>
      ) : null}
      {/* A live log: new comments are announced; the region scrolls and takes focus for the keyboard. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <div ref={listRef} className="task-comments" role="log" aria-label={t('comments')} tabIndex={0}>
        <ol className="task-comments__list">
          {thread.comments.map((comment) => {
            const own = isOwn(comment, email);
            return (
              <li key={comment.id} className={cx('task-comment', own && 'task-comment--own')}>
                <div className="task-comment__meta">
                  <strong>{own ? t('you') : comment.name}</strong>
                  <time dateTime={comment.timestamp} title={dateTimeLabel(comment.timestamp, language)}>
                    {relativeTime(comment.timestamp, now, language)}
                  </time>
                </div>
                <p className="task-comment__text">{comment.content}</p>
              </li>
            );
          })}
        </ol>
      </div>

      <form className="task-comments__form" onSubmit={submit}>
        <label htmlFor={inputId} className="task-comments__label">
          {t('yourComment')}
        </label>
        <textarea
          id={inputId}
          className="b-input task-textarea"
          rows={2}
          value={draft}
          disabled={!writable}
          aria-describedby={hintId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={hintId} className="task-comments__hint">
          {canWrite ? t('commentHint') : t('commentAcceptFirst')}
        </p>
        <div className="task-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          <Button type="submit" disabled={!writable || !draft.trim()} busy={thread.sending}>
            {t('send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
