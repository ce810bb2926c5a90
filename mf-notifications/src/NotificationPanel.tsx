import type { Notification } from '@baton/contracts';
import { Button, Tabs, useMinuteTick } from '@baton/ui';
import { taskPathOf, useGoTo, usePlatformDispatch, useT } from '@baton/web-platform';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AcceptOutcome } from './accept';
import { settleOffer, useDeleteNotificationsMutation, useMarkReadMutation } from './api';
import { batches, readIds, unreadIds } from './feed';
import { book } from './messages';
import { NotificationList } from './NotificationList';

type Tab = 'all' | 'unread';

interface NotificationPanelProps {
  id: string;
  /** Newest first. */
  items: Notification[];
  /** Close and give focus back to the bell (Escape, Close). */
  onClose: () => void;
  /** Close without moving focus (focus went elsewhere on the page). */
  onLeave: () => void;
}

/** The notification centre's dropdown (SPEC §2): tabs with counts, bulk actions, the grouped list. */
export function NotificationPanel({ id, items, onClose, onLeave }: NotificationPanelProps) {
  const t = useT(book);
  const [tab, setTab] = useState<Tab>('all');
  const [markRead] = useMarkReadMutation();
  const [remove] = useDeleteNotificationsMutation();
  const dispatch = usePlatformDispatch();
  const goTo = useGoTo();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useMinuteTick();
  // Read at every render, so a pushed notification says "just now" rather than a time from before it came.
  const now = new Date();

  const unread = unreadIds(items);
  const read = readIds(items);
  // A new list only when the notifications change: the list moves focus after a change it caused.
  const shown = useMemo(
    () => (tab === 'unread' ? items.filter((item) => !item.is_read) : items),
    [items, tab],
  );

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  // Failures are undone and logged by the endpoints; nothing to await here.
  const markAllRead = () => {
    for (const ids of batches(unread)) markRead(ids);
  };
  const clearRead = () => {
    for (const ids of batches(read)) remove(ids);
  };

  // Acting on a notification reads it.
  const markItemRead = (item: Notification) => {
    if (!item.is_read) markRead([item.id]);
  };
  const openTask = (item: Notification) => {
    if (!item.task_id) return;
    markItemRead(item);
    goTo(taskPathOf(item.task_id));
    onClose();
  };
  // Accepted now or before: Accept is offered no more. Only a fresh acceptance goes to the task (the item
  // stays to say so); one accepted before leaves "Open task" to the person.
  const accepted = (item: Notification, { status }: AcceptOutcome) => {
    if (!item.task_id) return;
    dispatch(settleOffer(item.task_id));
    markItemRead(item);
    if (status === 'accepted') goTo(taskPathOf(item.task_id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus moving to the bell (the panel's parent holds both) keeps the panel open; anywhere else closes it.
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.parentElement?.contains(next)) onLeave();
  };

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      className="nb-panel"
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <div className="nb-panel__header">
        <h2 id={headingId} className="nb-panel__title">
          {t('title')}
        </h2>
        <Button variant="ghost" className="nb-panel__close" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
      <div className="nb-panel__actions">
        {/* aria-disabled rather than disabled: focus stays on the button once there is nothing left to do. */}
        <Button
          variant="secondary"
          aria-disabled={unread.length === 0}
          onClick={() => unread.length > 0 && markAllRead()}
        >
          {t('markAllRead')}
        </Button>
        <Button
          variant="secondary"
          aria-disabled={read.length === 0}
          onClick={() => read.length > 0 && clearRead()}
        >
          {t('clearRead')}
        </Button>
      </div>
      <Tabs
        className="nb-panel__tabs"
        aria-label={t('tabsLabel')}
        tabs={[
          { id: 'all', label: t('allTab', { count: items.length }) },
          { id: 'unread', label: t('unreadTab', { count: unread.length }) },
        ]}
        value={tab}
        onChange={(next) => setTab(next as Tab)}
      >
        <NotificationList
          items={shown}
          now={now}
          onMarkRead={(itemId) => markRead([itemId])}
          onDelete={(itemId) => remove([itemId])}
          onOpen={openTask}
          onAccepted={accepted}
        />
      </Tabs>
    </div>
  );
}
