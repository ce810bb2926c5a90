import type { Task } from '@baton/contracts';
import { Button } from '@baton/ui';
import { type Density, useDensity } from '@baton/web-platform';
import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTasksT } from '../i18n';

/** A card's height before it is measured (a card with a short description), per density. */
const estimatedCardHeight: Record<Density, number> = { compact: 120, comfortable: 240 };
/** The gap between cards (var(--b-space-3)). */
const cardGap = 12;
/** Load the next page when this few loaded cards remain below the visible ones. */
const loadAhead = 10;

interface Props {
  tasks: Task[];
  /** How many tasks the tab holds in all (loaded or not): what a screen reader announces as the set size. */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  loadMore: () => void;
  card: (task: Task) => ReactNode;
  ref?: Ref<VirtualTaskListHandle>;
}

/** What the list's shortcuts ask of it. */
export interface VirtualTaskListHandle {
  /** Scrolls the task's card into view (mounting it if it was not) and focuses it. */
  focusCard: (id: string) => void;
}

const cardIn = (list: HTMLElement | null, id: string) =>
  list?.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(id)}"]`) ?? null;

/**
 * The cards of a tab, only those in or near the window mounted (the page scrolls, not the list), with the next
 * page loaded as the end comes near. The card holding focus stays mounted wherever it scrolls, so keyboard
 * focus and an open card dialog are never lost; the "Show more tasks" button loads by keyboard too.
 */
export function VirtualTaskList({
  tasks,
  total,
  hasMore,
  loadingMore,
  loadMoreFailed,
  loadMore,
  card,
  ref,
}: Props) {
  const t = useTasksT();
  const listRef = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const focusedIndex = focusedId ? tasks.findIndex((task) => task.id === focusedId) : -1;
  /** A card to focus once it is mounted (j/k reached one outside the window). */
  const pendingFocus = useRef<string | null>(null);

  // Where the list starts in the page: what the toolbar, banners and tabs above it take.
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (top !== listTop) setListTop(top);
  });

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedIndex < 0 || indexes.includes(focusedIndex)) return indexes;
      return [...indexes, focusedIndex].sort((a, b) => a - b);
    },
    [focusedIndex],
  );

  const density = useDensity();
  const virtualizer = useWindowVirtualizer({
    count: tasks.length,
    estimateSize: () => estimatedCardHeight[density],
    gap: cardGap,
    overscan: 3,
    scrollMargin: listTop,
    getItemKey: (index) => tasks[index]?.id ?? index,
    rangeExtractor,
  });
  // Another density changes every card's height: the sizes measured before (of cards now out of the page too)
  // no longer hold.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new density is the reason to measure again.
  useEffect(() => virtualizer.measure(), [density, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;

  useImperativeHandle(ref, () => ({
    focusCard(id) {
      const index = tasks.findIndex((task) => task.id === id);
      if (index < 0) return;
      virtualizer.scrollToIndex(index, { align: 'auto' });
      const mounted = cardIn(listRef.current, id);
      if (mounted) return mounted.focus();
      pendingFocus.current = id;
      setFocusedId(id);
    },
  }));
  useEffect(() => {
    if (!pendingFocus.current) return;
    cardIn(listRef.current, pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  useEffect(() => {
    if (hasMore && !loadingMore && !loadMoreFailed && lastShown >= tasks.length - loadAhead) loadMore();
  }, [hasMore, loadingMore, loadMoreFailed, lastShown, tasks.length, loadMore]);

  return (
    <>
      <ul
        ref={listRef}
        className="task-list__items task-list__items--virtual"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const task = tasks[item.index] as Task;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-setsize={Math.max(total, tasks.length)}
              aria-posinset={item.index + 1}
              style={{ transform: `translateY(${item.start - listTop}px)` }}
              onFocus={({ target }) => {
                // Pressing on a card focuses the card itself (it is focusable for j/k): that pins nothing, or a
                // card dragged far up would stay mounted. Keyboard focus on it, or on a control in it, does.
                if (target.hasAttribute('data-task-id') && !target.matches(':focus-visible')) return;
                setFocusedId(task.id);
              }}
            >
              {card(task)}
            </li>
          );
        })}
      </ul>
      {loadMoreFailed ? (
        <div className="task-list__state" role="alert">
          <p>{t('listFailed')}</p>
          <Button variant="secondary" onClick={loadMore}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : hasMore ? (
        <div className="task-list__more">
          <Button variant="secondary" onClick={loadMore}>
            {loadingMore ? t('listLoadingMore') : t('listMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
