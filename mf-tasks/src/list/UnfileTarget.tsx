import type { Task } from '@baton/contracts';
import { cx } from '@baton/ui';
import { failureMessage, useCategoryText, useTaskDropTarget } from '@baton/web-platform';
import { formOf, useSaveTaskMutation } from '../api';
import { useTasksT } from '../i18n';

/**
 * Inside a folder's view, where dragged cards go to leave the folder (back to Personal Tasks): the way out by
 * drag, as "Remove from folder" is by menu. Cards are looked up in `tasks` (the folder's loaded cards).
 */
export function UnfileTarget({
  tasks,
  onFailure,
}: {
  tasks: readonly Task[];
  onFailure: (message: string) => void;
}) {
  const t = useTasksT();
  const categories = useCategoryText();
  const [saveTask] = useSaveTaskMutation();
  async function unfile(ids: string[]) {
    const moving = tasks.filter((task) => ids.includes(task.id));
    const results = await Promise.allSettled(
      moving.map((task) =>
        saveTask({ kind: 'personal', id: task.id, form: { ...formOf(task), folder_id: null } }).unwrap(),
      ),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) onFailure(failureMessage(failed.reason, t('changeFailed')));
  }
  const target = useTaskDropTarget('personal-tasks', {
    name: categories.name('Personal Tasks'),
    spoken: t('unfileSpoken'),
    onDrop: (ids) => void unfile(ids),
  });
  return (
    <div
      ref={target.ref}
      className={cx(
        'task-unfile',
        target.dragging && 'task-unfile--ready',
        target.isOver && 'task-unfile--over',
      )}
      data-drop-target="personal-tasks"
    >
      {t('unfileHint')}
    </div>
  );
}
