import type { Task } from '@baton/contracts';
import { Banner, Button } from '@baton/ui';
import {
  failureMessage,
  navigateTo,
  openFolder,
  type TaskPageProps,
  taskPlaced,
  useCategoryText,
  usePlatformDispatch,
} from '@baton/web-platform';
import { useEffect, useState } from 'react';
import { useTaskQuery } from '../api';
import { TaskCard } from '../card/TaskCard';
import { TaskFormDialog } from '../form/TaskFormDialog';
import { useTasksT } from '../i18n';
import { useLiveTaskEvents } from '../live';
import '../tasks.css';

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * One task on its own page (`/home/tasks/<id>`), exposed to the shell as `mf-tasks/TaskPage`: where links from
 * mails, the bell and the dashboard land, and where accepting lands. The card is the list's card, highlighted,
 * with a way to the list that holds it; a task the person may not see says so.
 */
export default function TaskPage({ taskId }: TaskPageProps) {
  const t = useTasksT();
  const { data: task, error, isLoading, refetch } = useTaskQuery(taskId, { refetchOnMountOrArgChange: true });
  const dispatch = usePlatformDispatch();
  useLiveTaskEvents();
  // The sidebar marks the list that holds the task.
  useEffect(() => {
    if (task) dispatch(taskPlaced(task.category));
  }, [task, dispatch]);

  if (isLoading)
    return (
      <p className="task-list__state" role="status">
        {t('taskLoading')}
      </p>
    );
  if (!task) {
    if (isNotFound(error))
      return (
        <section className="task-page task-list__state task-list__empty" aria-labelledby="task-page-missing">
          <h2 id="task-page-missing" className="task-list__empty-title">
            {t('taskNotFound')}
          </h2>
          <p>{t('taskNotFoundHint')}</p>
          <Button onClick={() => dispatch(navigateTo('Personal Tasks'))}>{t('goToTasks')}</Button>
        </section>
      );
    return (
      <div className="task-list__state" role="alert">
        <p>{failureMessage(error, t('taskFailed'))}</p>
        <Button variant="secondary" onClick={() => refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  return <OpenTask task={task} />;
}

function OpenTask({ task }: { task: Task }) {
  const t = useTasksT();
  const categories = useCategoryText();
  const dispatch = usePlatformDispatch();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const list = task.folder ? t('inFolder', { name: task.folder.name }) : categories.heading(task.category);
  const openList = () =>
    dispatch(
      task.folder && task.category === 'Personal Tasks'
        ? openFolder(task.folder.id)
        : navigateTo(task.category),
    );
  return (
    <section className="task-page" aria-label={t('taskLabel', { title: task.title })}>
      <p className="task-page__where">
        {task.completed ? t('completedIn') : t('in')}
        <button type="button" className="task-link" onClick={openList}>
          {list}
        </button>
      </p>
      {failure ? (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      ) : null}
      <div className="task-page__card">
        <TaskCard
          task={task}
          category={task.category}
          selected={false}
          onSelect={() => {}}
          onEdit={() => setEditing(true)}
          onFailure={setFailure}
          dragIds={() => [task.id]}
        />
      </div>
      {editing ? (
        <TaskFormDialog
          category={task.category}
          task={task}
          onClose={() => setEditing(false)}
          onSaved={() => {}}
        />
      ) : null}
    </section>
  );
}
