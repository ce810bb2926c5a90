import type { Task } from '@baton/contracts';
import { emailPattern, limits } from '@baton/contracts/constants';
import { Button, Dialog, NoticeBanner, TextField, useNotice, useToast } from '@baton/ui';
import { failureMessage } from '@baton/web-platform';
import { type FormEvent, useId, useState } from 'react';
import { useDeclineTaskMutation, useProposeDueDateMutation, useReassignTaskMutation } from '../api';
import { RecipientField } from '../form/RecipientField';
import { tt, useTasksT } from '../i18n';
import { dueDay, formatDueDay } from '../rules';

/** A text area with its label and a live count of what is left (a reason, a note: at most 200 characters). */
function LimitedText({
  label,
  value,
  onChange,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  const t = useTasksT();
  const id = useId();
  return (
    <div className="b-field">
      <label htmlFor={id} className="b-field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        id={id}
        className="b-input task-textarea"
        rows={3}
        required={required}
        aria-required={required}
        maxLength={limits.reasonMax}
        aria-describedby={`${id}-count`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-count`} className="b-field__hint task-counter">
        {t('charactersLeft', { count: value.length, max: limits.reasonMax })}
      </p>
    </div>
  );
}

/** Runs a dialog's request: the server's sentence in the dialog on failure, a toast on success. */
function useDialogRequest(onDone: () => void) {
  const { notice, show, clear } = useNotice();
  const toast = useToast();
  async function run(request: () => Promise<{ message: string }>, fallback = tt('changeFailed')) {
    clear();
    try {
      const { message } = await request();
      onDone();
      toast(message, 'success');
    } catch (error) {
      show('error', failureMessage(error, fallback));
    }
  }
  return { notice, show, clear, run };
}

interface DialogProps {
  task: Task;
  onClose: () => void;
}

/** The recipient gives the task back, saying why (1 to 200 characters); the delegator is told. */
export function DeclineDialog({ task, onClose }: DialogProps) {
  const t = useTasksT();
  const [reason, setReason] = useState('');
  const [decline, { isLoading }] = useDeclineTaskMutation();
  const { notice, show, clear, run } = useDialogRequest(onClose);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return show('error', t('reasonRequired'));
    void run(() => decline({ taskId: task.id, reason: reason.trim() }).unwrap());
  }
  return (
    <Dialog
      open
      title={t('declineTask')}
      description={t('declineGoesBack', { title: task.title, name: task.firstName || task.owner })}
      onClose={isLoading ? undefined : onClose}
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <NoticeBanner notice={notice} onDismiss={clear} />
        <LimitedText label={t('reason')} required value={reason} onChange={setReason} />
        <div className="task-dialog__actions">
          <Button variant="secondary" disabled={isLoading} onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={isLoading}>
            {t('declineTask')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The recipient asks for another due date, with an optional note; the delegator answers on their card. */
export function ProposeDateDialog({ task, onClose }: DialogProps) {
  const t = useTasksT();
  const [dueDate, setDueDate] = useState('');
  const [note, setNote] = useState('');
  const [propose, { isLoading }] = useProposeDueDateMutation();
  const { notice, show, clear, run } = useDialogRequest(onClose);
  const current = dueDay(task.dueDate);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dueDate) return show('error', t('proposalDate'));
    if (dueDate === current) return show('error', t('proposalSameDate'));
    void run(() => propose({ taskId: task.id, dueDate, note: note.trim() }).unwrap());
  }
  return (
    <Dialog
      open
      title={t('proposeDate')}
      description={
        current
          ? t('isDue', { title: task.title, date: formatDueDay(current) })
          : t('hasNoDueDate', { title: task.title })
      }
      onClose={isLoading ? undefined : onClose}
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <NoticeBanner notice={notice} onDismiss={clear} />
        <TextField
          label={t('proposedDueDate')}
          type="date"
          required
          value={dueDate}
          onChange={(event) => setDueDate(event.target.value)}
        />
        <LimitedText label={t('noteOptional')} value={note} onChange={setNote} />
        <div className="task-dialog__actions">
          <Button variant="secondary" disabled={isLoading} onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" busy={isLoading}>
            {t('sendProposal')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The delegator hands a task to someone else (trusted users suggested as they type). */
export function ReassignDialog({ task, onClose }: DialogProps) {
  const t = useTasksT();
  const [email, setEmail] = useState('');
  const [reassign, { isLoading }] = useReassignTaskMutation();
  const { notice, show, clear, run } = useDialogRequest(onClose);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!emailPattern.test(email.trim())) return show('error', t('formRecipient'));
    void run(() => reassign({ taskId: task.id, email: email.trim() }).unwrap());
  }
  return (
    <Dialog
      open
      title={t('reassignTask')}
      description={t(
        task.category === 'Tasks Delegated - Invitation' ? 'reassignAsInvitation' : 'reassignAsAssignment',
        { title: task.title },
      )}
      onClose={isLoading ? undefined : onClose}
      className="task-form-dialog"
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <NoticeBanner notice={notice} onDismiss={clear} />
        <RecipientField value={email} onChange={setEmail} />
        <div className="task-dialog__actions">
          <Button variant="secondary" disabled={isLoading} onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" busy={isLoading}>
            {t('reassign')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
