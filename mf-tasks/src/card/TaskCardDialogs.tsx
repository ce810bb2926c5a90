import type { Task } from '@baton/contracts';
import { Button, Dialog, FilePreviewDialog } from '@baton/ui';
import { useApiClient } from '@baton/web-platform';
import { CommentsDialog } from '../comments/CommentsDialog';
import { useTasksT } from '../i18n';
import { DeclineDialog, ProposeDateDialog, ReassignDialog } from './DelegationDialogs';
import { HistoryDialog } from './HistoryDialog';
import type { CardDialog } from './useTaskCardActions';

export interface TaskCardDialogsProps {
  task: Task;
  dialog: CardDialog | null;
  /** Whether the person may write comments (the owner, or a recipient who accepted). */
  canWrite: boolean;
  /** Whether the task went to others: deleting it deletes it for them too. */
  hasRecipients: boolean;
  deleting: boolean;
  onDelete: () => void;
  onClose: () => void;
}

/**
 * The card's dialogs: attachment preview, comments, history, declining, proposing a date, reassigning, and the
 * confirmation before deleting.
 */
export function TaskCardDialogs({
  task,
  dialog,
  canWrite,
  hasRecipients,
  deleting,
  onDelete,
  onClose,
}: TaskCardDialogsProps) {
  const t = useTasksT();
  const { request } = useApiClient();
  return (
    <>
      {dialog === 'preview' ? (
        <FilePreviewDialog request={request} taskId={task.id} onClose={onClose} />
      ) : null}
      {dialog === 'comments' ? <CommentsDialog task={task} canWrite={canWrite} onClose={onClose} /> : null}
      {dialog === 'history' ? <HistoryDialog taskId={task.id} title={task.title} onClose={onClose} /> : null}
      {dialog === 'decline' ? <DeclineDialog task={task} onClose={onClose} /> : null}
      {dialog === 'propose' ? <ProposeDateDialog task={task} onClose={onClose} /> : null}
      {dialog === 'reassign' ? <ReassignDialog task={task} onClose={onClose} /> : null}
      <Dialog
        open={dialog === 'delete'}
        role="alertdialog"
        title={t('deleteTitle')}
        description={t(hasRecipients ? 'deleteShared' : 'deleteOwn', { title: task.title })}
        onClose={deleting ? undefined : onClose}
      >
        <div className="task-dialog__actions">
          <Button variant="secondary" disabled={deleting} onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="danger" busy={deleting} onClick={onDelete}>
            {deleting ? t('deleting') : t('delete')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
