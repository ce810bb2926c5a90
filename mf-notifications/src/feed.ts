import type { Notification } from '@baton/contracts';
import { limits } from '@baton/contracts/constants';
import { timeOf } from '@baton/ui';
import { type Group, groupOf, groups } from './time';

/** Newest first; items without a readable date go last, in their original order. */
export function newestFirst(items: readonly Notification[]): Notification[] {
  const at = (item: Notification) => timeOf(item.created_at) ?? Number.NEGATIVE_INFINITY;
  return [...items].sort((a, b) => {
    const [ta, tb] = [at(a), at(b)];
    return ta === tb ? 0 : tb > ta ? 1 : -1;
  });
}

export const unreadIds = (items: readonly Notification[]) => items.filter((n) => !n.is_read).map((n) => n.id);
export const readIds = (items: readonly Notification[]) => items.filter((n) => n.is_read).map((n) => n.id);

/** The list under its headings, in heading order; empty headings are left out. */
export function groupByDay(
  items: readonly Notification[],
  now: Date,
): Array<{ group: Group; items: Notification[] }> {
  const byGroup = new Map<Group, Notification[]>();
  for (const item of items) {
    const group = groupOf(item.created_at, now);
    byGroup.set(group, [...(byGroup.get(group) ?? []), item]);
  }
  return groups.flatMap((group) => {
    const inGroup = byGroup.get(group);
    return inGroup ? [{ group, items: inGroup }] : [];
  });
}

/** The server takes at most `limits.idsMax` ids per call: one call unless there are more. */
export function batches(ids: readonly string[], size: number = limits.idsMax): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const types: ReadonlySet<unknown> = new Set<Notification['type']>(['success', 'warning', 'error', 'info']);
const actions: ReadonlySet<unknown> = new Set<Notification['action']>([
  'assign_accept',
  'invite_accept',
  null,
]);

/** Whether a pushed message has the shape of SPEC §3's Notification (checked by hand: no schema library in the bundle). */
function isNotification(message: unknown): message is Notification {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return (
    typeof m.id === 'string' &&
    uuid.test(m.id) &&
    types.has(m.type) &&
    typeof m.title === 'string' &&
    typeof m.message === 'string' &&
    typeof m.is_read === 'boolean' &&
    typeof m.is_deleted === 'boolean' &&
    typeof m.created_at === 'string' &&
    // Beyond SPEC: absent from an older service.
    (m.task_id === undefined ||
      m.task_id === null ||
      (typeof m.task_id === 'string' && uuid.test(m.task_id))) &&
    (m.action === undefined || actions.has(m.action))
  );
}

/** A pushed message, if it is a Notification. */
export const asNotification = (message: unknown): Notification | undefined =>
  isNotification(message) ? message : undefined;
