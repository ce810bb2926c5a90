import type { WaitingPerson, WaitingState, WaitingTask } from '@baton/contracts';
import { Button, cx, relativeTime, useMinuteTick } from '@baton/ui';
import { failureMessage, useLanguage, useRequestCreateTask } from '@baton/web-platform';
import { useId, useState } from 'react';
import { useNudgeTaskMutation, useWaitingQuery } from '../api';
import { proposalLine } from '../card/DelegationNotes';
import { dueLabel } from '../dashboard/summary';
import { tt, useTasksT } from '../i18n';
import { useLiveTaskEvents } from '../live';
import { TaskLink } from '../page/TaskLink';
import '../tasks.css';

/** Each state in words (a badge with words, never a colour alone). */
const stateNames = {
  pending: 'statePending',
  accepted: 'stateAccepted',
  proposed: 'stateProposed',
  declined: 'stateDeclined',
} as const satisfies Record<WaitingState, string>;

/** Reminds the recipient of one task; the server allows one a day per task and says when the next may go. */
function NudgeButton({ task }: { task: WaitingTask }) {
  const t = useTasksT();
  const [nudge, { isLoading }] = useNudgeTaskMutation();
  /** The server's sentence once the nudge went. */
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const feedbackId = useId();
  async function run() {
    setFailure(null);
    try {
      setSent((await nudge(task.task.id).unwrap()).message || tt('nudgedDefault'));
    } catch (error) {
      setFailure(failureMessage(error, tt('changeFailed')));
    }
  }
  return (
    <div className="waiting-task__nudge">
      <Button
        variant="secondary"
        busy={isLoading}
        disabled={sent !== null}
        aria-label={t(sent ? 'nudgedAbout' : 'nudgeAbout', { title: task.task.title })}
        aria-describedby={sent || failure ? feedbackId : undefined}
        onClick={run}
      >
        {sent ? t('nudged') : t('nudge')}
      </Button>
      {sent ? (
        <p id={feedbackId} className="waiting-task__feedback" role="status">
          {sent}
        </p>
      ) : null}
      {failure ? (
        <p id={feedbackId} className="waiting-task__feedback waiting-task__feedback--error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

/** One task: its title (a link to its page), state, due date, last activity, and a nudge. */
function WaitingTaskRow({ entry, now }: { entry: WaitingTask; now: Date }) {
  const t = useTasksT();
  const language = useLanguage();
  const { task, state, overdue, lastActivity, nudgedAt } = entry;
  return (
    <li className={cx('waiting-task', overdue && 'waiting-task--overdue')}>
      <div className="waiting-task__main">
        <h3 className="waiting-task__title">
          <TaskLink taskId={task.id}>{task.title}</TaskLink>
        </h3>
        <p className="waiting-task__meta">
          <span className={cx('task-badge', `waiting-state waiting-state--${state}`)}>
            {t(stateNames[state])}
          </span>
          {task.dueDate ? (
            <span className={cx(overdue && 'task-badge task-badge--overdue')}>
              {dueLabel(task.dueDate, now)}
            </span>
          ) : (
            <span>{t('noDueDate')}</span>
          )}
          <span>
            {t('lastActivity')}{' '}
            <time dateTime={lastActivity}>{relativeTime(lastActivity, now, language)}</time>
          </span>
          {nudgedAt ? (
            <span>
              {t('nudged')} <time dateTime={nudgedAt}>{relativeTime(nudgedAt, now, language)}</time>
            </span>
          ) : null}
        </p>
        {task.proposal ? <p className="waiting-task__note">{proposalLine(task.proposal)}</p> : null}
        {task.declined ? (
          <p className="waiting-task__note">{t('reasonIs', { reason: task.declined.reason })}</p>
        ) : null}
      </div>
      {/* A declined task is held by nobody: there is no one to nudge (reassign it from its card). */}
      {state === 'declined' ? null : <NudgeButton task={entry} />}
    </li>
  );
}

function PersonSection({ person, now }: { person: WaitingPerson; now: Date }) {
  const t = useTasksT();
  const headingId = useId();
  return (
    <li>
      <section className="waiting-person" aria-labelledby={headingId}>
        <header className="waiting-person__head">
          <div className="waiting-person__who">
            <h2 id={headingId} className="waiting-person__name">
              {person.name}
            </h2>
            {person.name !== person.email ? <p className="waiting-person__email">{person.email}</p> : null}
          </div>
          <p className="waiting-person__counts">
            <span className="task-badge task-badge--muted">{t('openCount', { count: person.open })}</span>
            {person.overdue > 0 ? (
              <span className="task-badge task-badge--overdue">
                {t('overdueCount', { count: person.overdue })}
              </span>
            ) : null}
          </p>
        </header>
        <ul className="waiting-person__tasks" aria-label={t('waitingOn', { name: person.name })}>
          {person.tasks.map((entry) => (
            <WaitingTaskRow key={entry.task.id} entry={entry} now={now} />
          ))}
        </ul>
      </section>
    </li>
  );
}

/**
 * "Waiting on others", exposed to the shell as `mf-tasks/Waiting`: every open task the person delegated,
 * grouped by the person it waits on (the server's order: overdue first, then by due date), with a nudge for
 * each. Live task events fetch it again.
 */
export default function Waiting() {
  const t = useTasksT();
  const {
    data: people,
    isError,
    isFetching,
    refetch,
  } = useWaitingQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const requestCreateTask = useRequestCreateTask();
  useLiveTaskEvents();
  useMinuteTick();
  const now = new Date();

  if (isError && !people)
    return (
      <div className="waiting__state" role="alert">
        <p>{t('waitingFailed')}</p>
        <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  if (!people)
    return (
      <p className="waiting__state" role="status">
        {t('waitingLoading')}
      </p>
    );
  if (people.length === 0)
    return (
      <div className="task-list__empty waiting__empty">
        <p className="task-list__empty-title">{t('waitingEmpty')}</p>
        <p>{t('waitingEmptyHint')}</p>
        <Button onClick={() => requestCreateTask('Tasks Delegated - Assigned')}>{t('addAssign')}</Button>
      </div>
    );
  return (
    <div className="waiting">
      <p className="waiting__intro">{t('waitingIntro')}</p>
      <ul className="waiting__people">
        {people.map((person) => (
          <PersonSection key={person.email} person={person} now={now} />
        ))}
      </ul>
    </div>
  );
}
