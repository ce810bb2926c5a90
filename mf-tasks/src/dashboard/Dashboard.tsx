import { Button, PriorityBadge } from '@baton/ui';
import {
  type Category,
  useCategoryText,
  useCurrentUser,
  useNavigateTo,
  useRequestCreateTask,
} from '@baton/web-platform';
import { useDashboardQuery } from '../api';
import { useTasksT } from '../i18n';
import { useLiveTaskEvents } from '../live';
import { TaskLink } from '../page/TaskLink';
import { StatusChart } from './StatusChart';
import { dueLabel, greeting, timeAgo } from './summary';
import '../tasks.css';

/** The dashboard (SPEC §2), exposed to the shell as `mf-tasks/Dashboard`. */
export default function Dashboard() {
  const t = useTasksT();
  const categories = useCategoryText();
  // The figures come from the server; each live task event (and each visit) fetches them again.
  const { data: summary, isError } = useDashboardQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = useCurrentUser();
  const navigateTo = useNavigateTo();
  const requestCreateTask = useRequestCreateTask();
  useLiveTaskEvents();
  const now = new Date();

  if (isError)
    return (
      <p className="dashboard__state" role="alert">
        {t('dashboardFailed')}
      </p>
    );
  if (!summary)
    return (
      <p className="dashboard__state" role="status">
        {t('dashboardLoading')}
      </p>
    );

  const cards: { label: string; value: number; category?: Category }[] = [
    { label: t('totalTasks'), value: summary.total },
    { label: categories.name('Personal Tasks'), value: summary.personal, category: 'Personal Tasks' },
    { label: categories.name('Invited Tasks'), value: summary.invited, category: 'Invited Tasks' },
    { label: categories.name('Assigned Tasks'), value: summary.assigned, category: 'Assigned Tasks' },
  ];

  return (
    <div className="dashboard">
      <h2 className="dashboard__greeting">
        {greeting(now)}
        {user?.firstName ? `, ${user.firstName}` : ''}
      </h2>
      <ul className="dashboard__cards">
        {cards.map((card) => (
          <li key={card.label}>
            {card.category ? (
              <button
                type="button"
                className="dashboard-card dashboard-card--link"
                onClick={() => navigateTo(card.category as Category)}
              >
                <span className="dashboard-card__value">{card.value}</span>
                <span className="dashboard-card__label">{card.label}</span>
              </button>
            ) : (
              <div className="dashboard-card">
                <span className="dashboard-card__value">{card.value}</span>
                <span className="dashboard-card__label">{card.label}</span>
              </div>
            )}
          </li>
        ))}
      </ul>

      <div className="dashboard__grid">
        <section className="dashboard-panel" aria-labelledby="dash-overview">
          <h3 id="dash-overview">{t('progressOverview')}</h3>
          <StatusChart status={summary.status} />
        </section>

        <section className="dashboard-panel" aria-labelledby="dash-actions">
          <h3 id="dash-actions">{t('quickActions')}</h3>
          <div className="dashboard__actions">
            <Button onClick={() => requestCreateTask('Personal Tasks')}>{t('createNewTask')}</Button>
            <Button variant="secondary" onClick={() => requestCreateTask('Tasks Delegated - Invitation')}>
              {t('sendTaskInvite')}
            </Button>
            <Button variant="secondary" onClick={() => requestCreateTask('Tasks Delegated - Assigned')}>
              {t('assignATask')}
            </Button>
          </div>
        </section>

        <section className="dashboard-panel" aria-labelledby="dash-recent">
          <h3 id="dash-recent">{t('recentActivity')}</h3>
          {summary.recent.length === 0 ? (
            <p className="dashboard__empty">{t('recentEmpty')}</p>
          ) : (
            <ul className="dashboard__list">
              {summary.recent.map(({ task, what, at }) => (
                <li key={task.id}>
                  <TaskLink taskId={task.id} className="dashboard__item-title">
                    {task.title}
                  </TaskLink>
                  <span className="dashboard__item-meta">
                    {t(what === 'Created' ? 'recentCreated' : 'recentCompleted')} ·{' '}
                    {timeAgo(at, now.getTime())}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="dashboard-panel" aria-labelledby="dash-upcoming">
          <h3 id="dash-upcoming">{t('upcomingDeadlines')}</h3>
          {summary.upcoming.length === 0 ? (
            <p className="dashboard__empty">{t('upcomingEmpty')}</p>
          ) : (
            <ul className="dashboard__list">
              {summary.upcoming.map((task) => (
                <li key={task.id}>
                  <TaskLink taskId={task.id} className="dashboard__item-title">
                    {task.title}
                  </TaskLink>
                  <span className="dashboard__item-meta">
                    <PriorityBadge priority={task.priority} /> {dueLabel(task.dueDate ?? '', now)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
