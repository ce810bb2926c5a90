import type { Task } from '@baton/contracts';
import { delegationMessages } from '@baton/contracts/constants';
import { Button, useToast } from '@baton/ui';
import { failureMessage, useCurrentUser } from '@baton/web-platform';
import { useState } from 'react';
import { useAnswerProposalMutation, useReassignTaskMutation } from '../api';
import { messages } from '../messages';
import { formatDueDay } from '../rules';

/** "Proposed 12 Dec 2026: I'm away that week" (the note only when there is one). */
export const proposalLine = (proposal: NonNullable<Task['proposal']>) =>
  `Proposed ${formatDueDay(proposal.dueDate.slice(0, 10))}${proposal.note ? `: ${proposal.note}` : ''}`;

/** A request of the card's own buttons: busy while it runs, the server's sentence on failure, a toast after. */
function useCardRequest() {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  async function run(name: string, request: () => Promise<{ message: string }>) {
    setBusy(name);
    setFailure(null);
    try {
      toast((await request()).message, 'success');
    } catch (error) {
      setFailure(failureMessage(error, messages.changeFailed));
    } finally {
      setBusy(null);
    }
  }
  return { busy, failure, run };
}

/**
 * The open proposal of another due date, on both sides' cards until it is answered; the delegator answers it
 * here ("Accept date" moves the due date, "Keep date" keeps it).
 */
export function ProposalNote({ task, ownerSide }: { task: Task; ownerSide: boolean }) {
  const [answer] = useAnswerProposalMutation();
  const { busy, failure, run } = useCardRequest();
  const proposal = task.proposal;
  if (!proposal) return null;
  const respond = (accept: boolean) =>
    run(accept ? 'accept' : 'keep', () => answer({ taskId: task.id, accept }).unwrap());
  return (
    <section className="task-note task-note--proposal" aria-label="Date proposal">
      <p className="task-note__text">
        <span className="task-note__who">
          {ownerSide ? `${task.recipientName ?? 'The recipient'}: ` : 'You: '}
        </span>
        {proposalLine(proposal)}
        {ownerSide ? null : <span className="task-note__hint"> (waiting for an answer)</span>}
      </p>
      {ownerSide ? (
        <div className="task-note__actions">
          <Button busy={busy === 'accept'} disabled={busy !== null} onClick={() => respond(true)}>
            Accept date
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'keep'}
            disabled={busy !== null}
            onClick={() => respond(false)}
          >
            Keep date
          </Button>
        </div>
      ) : null}
      {failure ? (
        <p className="task-note__error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The delegator's card of a task its recipient declined: who and why, and the two ways on (someone else, or
 * back to a personal task of their own).
 */
export function DeclinedNote({ task, onReassign }: { task: Task; onReassign: () => void }) {
  const user = useCurrentUser();
  const [reassign] = useReassignTaskMutation();
  const { busy, failure, run } = useCardRequest();
  const declined = task.declined;
  if (!declined) return null;
  return (
    <section className="task-note task-note--declined" aria-label="Declined">
      <p className="task-note__text">{delegationMessages.declinedBy(declined.name, declined.reason)}</p>
      <div className="task-note__actions">
        <Button disabled={busy !== null} onClick={onReassign}>
          Reassign
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'back'}
          disabled={busy !== null || !user}
          onClick={() => run('back', () => reassign({ taskId: task.id, email: user?.email ?? '' }).unwrap())}
        >
          Take back as personal
        </Button>
      </div>
      {failure ? (
        <p className="task-note__error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
