import type { Folder } from '@baton/contracts';
import { Banner, Button, Dialog } from '@baton/ui';
import { useState } from 'react';
import { useDeleteFolderMutation } from '../folders/api';
import { messages } from '../messages';

/**
 * The delete confirmation (SPEC §2 Dialogs): the folder goes, its tasks stay, back in Personal Tasks
 * (unfiled). A failure says "Failed to delete folder. Please try again." and keeps the dialog open.
 */
export function DeleteFolderDialog({
  folder,
  onClose,
  onDeleted,
}: {
  folder: Pick<Folder, 'id' | 'name' | 'task_count'>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [remove, { isLoading }] = useDeleteFolderMutation();
  const [failed, setFailed] = useState(false);

  async function confirm() {
    setFailed(false);
    try {
      await remove(folder.id).unwrap();
      onDeleted();
    } catch {
      setFailed(true);
    }
  }

  return (
    <Dialog
      open
      role="alertdialog"
      title="Delete folder?"
      description={`“${folder.name}” will be deleted. Its tasks are kept: they go back to Personal Tasks.`}
      onClose={isLoading ? undefined : onClose}
    >
      {failed ? (
        <Banner tone="error" onDismiss={() => setFailed(false)} autoDismissMs={0}>
          {messages.deleteFailed}
        </Banner>
      ) : null}
      <div className="folder-dialog__actions">
        <Button variant="secondary" disabled={isLoading} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" busy={isLoading} onClick={confirm}>
          {isLoading ? 'Deleting…' : 'Delete folder'}
        </Button>
      </div>
    </Dialog>
  );
}
