import { openTask, taskPathOf, usePlatformDispatch } from '@baton/web-platform';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to a task's own page: a real link (it can be opened in a new tab or copied), followed in place by a
 * plain click.
 */
export function TaskLink({
  taskId,
  className,
  children,
}: {
  taskId: string;
  className?: string;
  children: ReactNode;
}) {
  const dispatch = usePlatformDispatch();
  const follow = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dispatch(openTask(taskId));
  };
  return (
    <a href={taskPathOf(taskId)} className={className} onClick={follow}>
      {children}
    </a>
  );
}
