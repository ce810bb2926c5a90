import { Button, PriorityBadge } from '@baton/ui';
import { type AcceptTaskProps, taskAccepted, taskPathOf, useGoTo, useLogout } from '@baton/web-platform';
import type { ReactNode } from 'react';
import { useActivateQuery } from '../api';
import { useTasksT } from '../i18n';
import { formatDueDay } from '../rules';
import '../tasks.css';
import { useAccept } from './useAccept';

/** The window that opened this page, when it is Baton on this origin (SPEC §4 "Accept-task page"). */
function sameOriginOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener && !opener.closed && opener.location.origin === window.location.origin ? opener : null;
  } catch {
    // Another origin: reading its location throws.
    return null;
  }
}

/** What the page says when the link cannot be accepted here and now. */
export const acceptOutcomes = {
  otherAccount: { title: 'otherAccountTitle', text: 'otherAccountText' },
  accepted: { title: 'alreadyAcceptedTitle', text: 'alreadyAcceptedText' },
  expired: { title: 'expiredTitle', text: 'expiredText' },
  invalid: { title: 'invalidTitle', text: 'acceptInvalid' },
  declined: { title: 'declinedTitle', text: 'declinedText' },
} as const;
type Outcome = keyof typeof acceptOutcomes;

/** A link that cannot be accepted: what happened, and a way on (never a bare line on a blank page). */
function AcceptOutcome({ outcome, children }: { outcome: Outcome; children?: ReactNode }) {
  const t = useTasksT();
  const goTo = useGoTo();
  const { title, text } = acceptOutcomes[outcome];
  return (
    <article className="accept" aria-labelledby="accept-title">
      <h1 id="accept-title" className="accept__title">
        {t(title)}
      </h1>
      <p role={outcome === 'invalid' ? 'alert' : undefined}>{t(text)}</p>
      <div className="accept__actions">
        {children}
        <Button variant={children ? 'secondary' : 'primary'} onClick={() => goTo('/home')}>
          {t('goToTasks')}
        </Button>
      </div>
    </article>
  );
}

/** /accept-task: the task behind a mailed link, and accepting it (optionally trusting the sender). */
export default function AcceptTask(link: AcceptTaskProps) {
  const t = useTasksT();
  const { data, error, isLoading } = useActivateQuery(link);
  const invite = link.action.startsWith('invite_');
  const { accept, busy, trusting } = useAccept(link.taskId, invite ? 'invite' : 'assign');
  const goTo = useGoTo();
  const logout = useLogout();

  if (isLoading)
    return (
      <p className="accept__state" role="status">
        {t('acceptLoading')}
      </p>
    );
  // Another person's link: offered a way to switch accounts, never sent round to /login and back (which,
  // with this session still good, came straight back here: a loop).
  if ((error as { status?: unknown } | undefined)?.status === 403)
    return (
      <AcceptOutcome outcome="otherAccount">
        <Button onClick={() => logout(window.location.pathname + window.location.search)}>
          {t('signOutContinue')}
        </Button>
      </AcceptOutcome>
    );
  if (data?.status !== 'valid') return <AcceptOutcome outcome={data?.status ?? 'invalid'} />;

  const { task } = data;
  async function onAccept(trust: boolean) {
    if (!(await accept(trust))) return;
    const opener = sameOriginOpener();
    if (opener) {
      opener.postMessage(taskAccepted(link.taskId), window.location.origin);
      window.close();
    } else {
      // The task's own page, which says which list holds it now.
      goTo(taskPathOf(link.taskId));
    }
  }

  return (
    <article className="accept" aria-labelledby="accept-title">
      <h1 id="accept-title" className="accept__title">
        {invite ? t('invitedHeading') : t('assignedHeading')}
      </h1>
      <PriorityBadge priority={task.priority} />
      <h2 className="accept__task">{task.title}</h2>
      <p className="accept__description">{task.description || t('noDescription')}</p>
      <dl className="accept__facts">
        <div>
          <dt>{t('from')}</dt>
          <dd>{task.owner}</dd>
        </div>
        <div>
          <dt>{t('due')}</dt>
          <dd>{task.deadline ? formatDueDay(task.deadline.slice(0, 10)) : t('noDueDate')}</dd>
        </div>
      </dl>
      <div className="accept__actions">
        <Button busy={busy && !trusting} disabled={busy} onClick={() => onAccept(false)}>
          {invite ? t('acceptInvite') : t('acceptAssignment')}
        </Button>
        <Button variant="secondary" busy={busy && trusting} disabled={busy} onClick={() => onAccept(true)}>
          {t('addTrusted')}
        </Button>
      </div>
      <p className="accept__explain">{t('acceptExplain')}</p>
    </article>
  );
}
