import type { Task } from '@baton/contracts';
import { useMemo, useRef, useState } from 'react';

/** The ids from `from` to `to` (either order) in the list's order; just `to` when `from` is not in it. */
export function idsBetween(order: readonly string[], from: string | null, to: string): string[] {
  const a = from === null ? -1 : order.indexOf(from);
  const b = order.indexOf(to);
  if (b < 0) return [];
  if (a < 0) return [to];
  return order.slice(Math.min(a, b), Math.max(a, b) + 1);
}

/**
 * The cards picked in one list: a click (or `x`) toggles one and makes it the anchor; with Shift it adds every
 * card from the anchor to it. Only cards still shown count (filed, deleted or moved to the other tab, they
 * leave the selection).
 */
export function useSelection(shown: readonly Task[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<string | null>(null);
  const order = useMemo(() => shown.map((task) => task.id), [shown]);
  const selected = useMemo(() => new Set(order.filter((id) => picked.has(id))), [order, picked]);

  /** Toggles `id`, or with `range` adds the cards from the anchor to it. */
  const select = (id: string, range = false) => {
    if (range && anchor.current !== null && order.includes(anchor.current)) {
      const ids = idsBetween(order, anchor.current, id);
      setPicked((current) => new Set([...current, ...ids]));
    } else
      setPicked((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    anchor.current = id;
  };
  const selectAll = () => setPicked(new Set(order));
  const clear = () => {
    anchor.current = null;
    setPicked(new Set());
  };

  return {
    selected,
    select,
    selectAll,
    clear,
    /** Every card shown is selected. */
    all: order.length > 0 && selected.size === order.length,
  };
}
