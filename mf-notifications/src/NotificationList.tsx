import type { Notification } from '@baton/contracts';
import { useT } from '@baton/web-platform';
import { useId, useLayoutEffect, useRef } from 'react';
import type { AcceptOutcome } from './accept';
import { groupByDay } from './feed';
import { book } from './messages';
import { NotificationItem } from './NotificationItem';

interface NotificationListProps {
  /** Newest first. */
  items: Notification[];
  now: Date;
  onMarkRead: (id: string) => void;
  onDelete: (id: string) => void;
  onOpen: (item: Notification) => void;
  onAccepted: (item: Notification, outcome: AcceptOutcome) => void;
}

/** The notifications under Today, Yesterday, This Week and Earlier, or the empty state. */
export function NotificationList({
  items,
  now,
  onMarkRead,
  onDelete,
  onOpen,
  onAccepted,
}: NotificationListProps) {
  const t = useT(book);
  const rootRef = useRef<HTMLDivElement>(null);
  const headingBase = useId();
  /** The item an action started from, so focus can stay near it when it (or its button) goes away. */
  const acted = useRef<{ id: string; index: number } | null>(null);

  const itemNodes = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('.nb-item') ?? []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the list changed, which `items` signals.
  useLayoutEffect(() => {
    const from = acted.current;
    acted.current = null;
    const root = rootRef.current;
    if (!from || !root || root.contains(document.activeElement)) return;
    const nodes = itemNodes();
    const next =
      nodes.find((node) => node.dataset.id === from.id) ?? nodes[Math.min(from.index, nodes.length - 1)];
    (next ?? root).focus();
  }, [items]);

  const remember = (id: string) => {
    acted.current = { id, index: items.findIndex((item) => item.id === id) };
  };
  const markRead = (id: string) => {
    remember(id);
    onMarkRead(id);
  };
  const remove = (id: string) => {
    remember(id);
    onDelete(id);
  };
  // The Accept button goes away (and the item, on the Unread tab): focus stays on the item or the next one.
  const accepted = (item: Notification, outcome: AcceptOutcome) => {
    remember(item.id);
    onAccepted(item, outcome);
  };
  const move = (from: HTMLElement, step: 1 | -1) => {
    const nodes = itemNodes();
    nodes[nodes.indexOf(from) + step]?.focus();
  };

  return (
    <div ref={rootRef} className="nb-list" tabIndex={-1}>
      {items.length === 0 ? (
        <div className="nb-empty">
          <p className="nb-empty__title">{t('emptyTitle')}</p>
          <p className="nb-empty__hint">{t('emptyHint')}</p>
        </div>
      ) : (
        groupByDay(items, now).map(({ group, items: inGroup }, index) => (
          <div key={group} className="nb-group">
            <h3 id={`${headingBase}-${index}`} className="nb-group__title">
              {t(group)}
            </h3>
            <ul className="nb-group__items" aria-labelledby={`${headingBase}-${index}`}>
              {inGroup.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  now={now}
                  onMarkRead={markRead}
                  onDelete={remove}
                  onOpen={onOpen}
                  onAccepted={accepted}
                  onMove={move}
                />
              ))}
            </ul>
          </div>
        ))
      )}
    </div>
  );
}
