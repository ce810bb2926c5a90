import type { Notification } from '@baton/contracts';
import { Button, cx, relativeTime } from '@baton/ui';
import { useLanguage, useT } from '@baton/web-platform';
import { type KeyboardEvent, useId, useState } from 'react';
import { type AcceptOutcome, useAcceptOffer } from './accept';
import { book } from './messages';

interface NotificationItemProps {
  item: Notification;
  now: Date;
  onMarkRead: (id: string) => void;
  onDelete: (id: string) => void;
  /** "Open task": go to the task the notification is about. */
  onOpen: (item: Notification) => void;
  /** Its task was accepted from here, now or before (`outcome.status`). */
  onAccepted: (item: Notification, outcome: AcceptOutcome) => void;
  /** Arrow keys on the item: focus the next or previous one. */
  onMove: (from: HTMLElement, step: 1 | -1) => void;
}

/** One notification: dot by type (dimmed when read), title (bold when unread), message, time and actions. */
export function NotificationItem({
  item,
  now,
  onMarkRead,
  onDelete,
  onOpen,
  onAccepted,
  onMove,
}: NotificationItemProps) {
  const t = useT(book);
  const language = useLanguage();
  const labelId = useId();
  const titleId = useId();
  const unread = !item.is_read;
  const acceptOffer = useAcceptOffer();
  const [accepting, setAccepting] = useState(false);
  const [outcome, setOutcome] = useState<AcceptOutcome | null>(null);

  const accept = async () => {
    if (accepting) return;
    setAccepting(true);
    const result = await acceptOffer(item);
    setAccepting(false);
    setOutcome(result);
    if (result.status !== 'failed') onAccepted(item, result);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    // Keys on the item's own buttons keep their usual meaning.
    if (event.target !== event.currentTarget) return;
    switch (event.key) {
      case 'Enter':
        event.preventDefault();
        if (unread) onMarkRead(item.id);
        return;
      case 'Delete':
        event.preventDefault();
        onDelete(item.id);
        return;
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        onMove(event.currentTarget, event.key === 'ArrowDown' ? 1 : -1);
        return;
    }
  };

  return (
    <li
      className={cx('nb-item', unread && 'nb-item--unread')}
      data-id={item.id}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: SPEC §2: each item takes Enter (mark read) and Delete.
      tabIndex={0}
      aria-labelledby={`${labelId} ${titleId}`}
      onKeyDown={onKeyDown}
    >
      <span className={cx('nb-item__dot', `nb-item__dot--${item.type}`)} aria-hidden="true" />
      {/* The dot's meaning and the read state, for those who cannot see colour or weight. */}
      <span id={labelId} className="b-visually-hidden">
        {unread ? `${t(item.type)}, ${t('unread')}:` : `${t(item.type)}:`}
      </span>
      <div className="nb-item__body">
        <p id={titleId} className="nb-item__title">
          {item.title}
        </p>
        {item.message ? <p className="nb-item__message">{item.message}</p> : null}
        <time className="nb-item__time" dateTime={item.created_at}>
          {relativeTime(item.created_at, now, language)}
        </time>
        {outcome ? (
          <p
            role="status"
            className={cx('nb-item__outcome', outcome.status === 'failed' && 'nb-item__outcome--failed')}
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
      <div className="nb-item__actions">
        {/* Settled here stays settled: a list fetched again before the server heard of it may still offer it. */}
        {item.action && item.task_id && (!outcome || outcome.status === 'failed') ? (
          // aria-disabled rather than disabled while it works: focus stays on the button.
          <Button
            variant="primary"
            className="nb-item__action"
            aria-label={t('acceptOf', { title: item.title })}
            aria-disabled={accepting}
            onClick={accept}
          >
            {accepting ? t('accepting') : t('accept')}
          </Button>
        ) : null}
        {item.task_id ? (
          <Button
            variant="ghost"
            className="nb-item__action"
            aria-label={t('openTaskOf', { title: item.title })}
            onClick={() => onOpen(item)}
          >
            {t('openTask')}
          </Button>
        ) : null}
        {unread ? (
          <Button
            variant="ghost"
            className="nb-item__action"
            aria-label={t('markReadOf', { title: item.title })}
            onClick={() => onMarkRead(item.id)}
          >
            {t('markRead')}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          className="nb-item__action"
          aria-label={t('deleteOf', { title: item.title })}
          onClick={() => onDelete(item.id)}
        >
          {t('delete')}
        </Button>
      </div>
    </li>
  );
}
