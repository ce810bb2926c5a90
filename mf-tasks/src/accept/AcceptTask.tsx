import { Button, PriorityBadge } from '@baton/ui';
import { type AcceptTaskProps, taskAccepted, useCurrentUser, useGoTo } from '@baton/web-platform';
import { useEffect, useState } from 'react';
import { useAcceptTaskMutation, useActivateQuery } from '../api';
import { messages } from '../messages';
import '../tasks.css';

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

/** /accept-task: the task behind a mailed link, and accepting it (optionally trusting the sender). */
export default function AcceptTask(link: AcceptTaskProps) {
  const { data, error, isLoading } = useActivateQuery(link);
  const [accept, accepting] = useAcceptTaskMutation();
  const [trusted, setTrusted] = useState(false);
  const user = useCurrentUser();
  const goTo = useGoTo();
  const invite = link.action.startsWith('invite_');

  // SPEC §4: a 403 (another person's link) sends the person to log in, coming back here.
  const status = (error as { status?: unknown } | undefined)?.status;
  useEffect(() => {
    if (status !== 403) return;
    goTo(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`, {
      replace: true,
    });
  }, [status, goTo]);
  if (status === 403) return null;

  if (isLoading)
    return (
      <p className="accept__state" role="status">
        {messages.acceptLoading}
      </p>
    );
  if (data?.status !== 'valid')
    return (
      <p className="accept__state" role="alert">
        {messages.acceptInvalid}
      </p>
    );

  const { task } = data;
  async function onAccept(trust: boolean) {
    setTrusted(trust);
    try {
      await accept({
        task_id: link.taskId,
        user_email: user?.email ?? '',
        trusted: trust,
        role: invite ? 'invite' : 'assign',
      }).unwrap();
    } catch (failure) {
      // SPEC §4: a failed accept is only logged.
      console.error('Accepting the task failed', failure);
      return;
    }
    const opener = sameOriginOpener();
    if (opener) {
      opener.postMessage(taskAccepted(link.taskId), window.location.origin);
      window.close();
    } else {
      goTo('/home');
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
          <dd>{task.deadline ? task.deadline.slice(0, 10) : 'No due date'}</dd>
        </div>
      </dl>
      <div className="accept__actions">
        <Button
          busy={accepting.isLoading && !trusted}
          disabled={accepting.isLoading}
          onClick={() => onAccept(false)}
        >
          {invite ? 'Accept the Invite' : 'Accept the Assignment'}
        </Button>
        <Button
          variant="secondary"
          busy={accepting.isLoading && trusted}
          disabled={accepting.isLoading}
          onClick={() => onAccept(true)}
        >
          Add as a trusted User
        </Button>
      </div>
      <p className="accept__explain">
        A trusted user’s tasks reach you already accepted: you don’t get an e-mail for each invite or
        assignment from them. You can change this in Settings.
      </p>
    </article>
  );
}
