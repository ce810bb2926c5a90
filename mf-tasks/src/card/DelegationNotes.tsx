import type { Task } from '@baton/contracts';
import { Button, useToast } from '@baton/ui';
import { failureMessage, useCurrentUser } from '@baton/web-platform';
import { useState } from 'react';
import { useAnswerProposalMutation, useReassignTaskMutation } from '../api';
import { tt, useTasksT } from '../i18n';
import { formatDueDay } from '../rules';

/** "Proposed 12 Dec 2026: I'm away that week" (the note only when there is one). */
export const proposalLine = (proposal: NonNullable<Task['proposal']>) => {
  const date = formatDueDay(proposal.dueDate.slice(0, 10));
  return proposal.note ? tt('proposedOnWithNote', { date, note: proposal.note }) : tt('proposedOn', { date });
};

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
      setFailure(failureMessage(error, tt('changeFailed')));
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
  const t = useTasksT();
  const [answer] = useAnswerProposalMutation();
  const { busy, failure, run } = useCardRequest();
  const proposal = task.proposal;
  if (!proposal) return null;
  const respond = (accept: boolean) =>
    run(accept ? 'accept' : 'keep', () => answer({ taskId: task.id, accept }).unwrap());
  return (
    <section className="task-note task-note--proposal" aria-label={t('dateProposal')}>
      <p className="task-note__text">
        <span className="task-note__who">
          {ownerSide ? t('whoSaid', { name: task.recipientName ?? t('theRecipient') }) : t('youSaid')}
        </span>
        {proposalLine(proposal)}
        {ownerSide ? null : <span className="task-note__hint">{t('waitingForAnswer')}</span>}
      </p>
      {ownerSide ? (
        <div className="task-note__actions">
          <Button busy={busy === 'accept'} disabled={busy !== null} onClick={() => respond(true)}>
            {t('acceptDate')}
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'keep'}
            disabled={busy !== null}
            onClick={() => respond(false)}
          >
            {t('keepDate')}
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
  const t = useTasksT();
  const user = useCurrentUser();
  const [reassign] = useReassignTaskMutation();
  const { busy, failure, run } = useCardRequest();
  const declined = task.declined;
  if (!declined) return null;
  return (
    <section className="task-note task-note--declined" aria-label={t('declined')}>
      <p className="task-note__text">{t('declinedBy', { name: declined.name, reason: declined.reason })}</p>
      <div className="task-note__actions">
        <Button disabled={busy !== null} onClick={onReassign}>
          {t('reassign')}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'back'}
          disabled={busy !== null || !user}
          onClick={() => run('back', () => reassign({ taskId: task.id, email: user?.email ?? '' }).unwrap())}
        >
          {t('takeBack')}
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
