import type { ComponentProps, CSSProperties } from 'react';
import { cx } from './cx';
import { useUiText } from './text';
import { type Priority, priorities, priorityColors, priorityFromNumber } from './tokens';

export interface PriorityBadgeProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** A priority name, or the stored number (0, 1, 2). Anything else shows "Unknown". */
  priority: Priority | 'Unknown' | number;
}

const isPriority = (value: unknown): value is Priority => priorities.includes(value as Priority);

/** The priority's name next to a dot of its colour, so the colour is never the only cue. */
export function PriorityBadge({ priority, className, style, ...rest }: PriorityBadgeProps) {
  const name = typeof priority === 'number' ? priorityFromNumber(priority) : priority;
  const known = isPriority(name) ? name : undefined;
  const { t } = useUiText();
  const colour = known ? priorityColors[known].cssVar : 'var(--b-color-muted)';
  return (
    <span
      className={cx('b-priority-badge', `b-priority-badge--${(known ?? 'unknown').toLowerCase()}`, className)}
      style={{ '--b-priority-badge-color': colour, ...style } as CSSProperties}
      {...rest}
    >
      <span className="b-priority-badge__dot" aria-hidden="true" />
      {t(known ? `priority${known}` : 'priorityUnknown')}
    </span>
  );
}
