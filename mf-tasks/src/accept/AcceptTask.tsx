import { delegationMessages } from '@baton/contracts/constants';
import { Button, PriorityBadge } from '@baton/ui';
import { type AcceptTaskProps, taskAccepted, taskPathOf, useGoTo, useLogout } from '@baton/web-platform';
import type { ReactNode } from 'react';
import { useActivateQuery } from '../api';
import { messages } from '../messages';
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
  otherAccount: {
    title: 'This link is for another account',
    text: 'You are signed in, but this task was sent to someone else. Sign out, then sign in as the person it was sent to.',
  },
  accepted: {
    title: 'Already accepted',
    text: 'This task was already accepted: you will find it in your lists.',
  },
  expired: {
    title: 'This link has expired',
    text: 'Ask the person who sent the task to send it again.',
  },
  invalid: { title: 'This link does not work', text: messages.acceptInvalid },
  declined: { title: 'You declined this task', text: delegationMessages.linkDeclined },
} as const;
type Outcome = keyof typeof acceptOutcomes;

/** A link that cannot be accepted: what happened, and a way on (never a bare line on a blank page). */
function AcceptOutcome({ outcome, children }: { outcome: Outcome; children?: ReactNode }) {
  const goTo = useGoTo();
  const { title, text } = acceptOutcomes[outcome];
  return (
    <article className="accept" aria-labelledby="accept-title">
      <h1 id="accept-title" className="accept__title">
        {title}
      </h1>
      <p role={outcome === 'invalid' ? 'alert' : undefined}>{text}</p>
      <div className="accept__actions">
        {children}
        <Button variant={children ? 'secondary' : 'primary'} onClick={() => goTo('/home')}>
          Go to your tasks
        </Button>
      </div>
    </article>
  );
}

/** /accept-task: the task behind a mailed link, and accepting it (optionally trusting the sender). */
export default function AcceptTask(link: AcceptTaskProps) {
  const { data, error, isLoading } = useActivateQuery(link);
  const invite = link.action.startsWith('invite_');
  const { accept, busy, trusting } = useAccept(link.taskId, invite ? 'invite' : 'assign');
  const goTo = useGoTo();
  const logout = useLogout();

  if (isLoading)
    return (
      <p className="accept__state" role="status">
        {messages.acceptLoading}
      </p>
    );
  // Another person's link: offered a way to switch accounts, never sent round to /login and back (which,
  // with this session still good, came straight back here: a loop).
  if ((error as { status?: unknown } | undefined)?.status === 403)
    return (
      <AcceptOutcome outcome="otherAccount">
        <Button onClick={() => logout(window.location.pathname + window.location.search)}>
          Sign out and continue
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
        {invite ? "You've been invited to a task!" : "You've been assigned a task!"}
      </h1>
      <PriorityBadge priority={task.priority} />
      <h2 className="accept__task">{task.title}</h2>
      <p className="accept__description">{task.description || 'No description provided.'}</p>
      <dl className="accept__facts">
        <div>
          <dt>From:</dt>
          <dd>{task.owner}</dd>
        </div>
        <div>
          <dt>Due:</dt>
          <dd>{task.deadline ? formatDueDay(task.deadline.slice(0, 10)) : 'No due date'}</dd>
        </div>
      </dl>
      <div className="accept__actions">
        <Button busy={busy && !trusting} disabled={busy} onClick={() => onAccept(false)}>
          {invite ? 'Accept the Invite' : 'Accept the Assignment'}
        </Button>
        <Button variant="secondary" busy={busy && trusting} disabled={busy} onClick={() => onAccept(true)}>
          Add as a trusted User
        </Button>
      </div>
      <p className="accept__explain">
        “Add as a trusted User” accepts this task and trusts its sender: a trusted user’s tasks reach you
        already accepted, without an e-mail for each invite or assignment. You can change this in Settings.
      </p>
    </article>
  );
}
