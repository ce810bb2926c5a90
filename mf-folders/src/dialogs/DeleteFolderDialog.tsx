import type { Folder } from '@baton/contracts';
import { Banner, Button, Dialog } from '@baton/ui';
import { useT } from '@baton/web-platform';
import { useState } from 'react';
import { useDeleteFolderMutation } from '../folders/api';
import { book } from '../messages';

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
  const t = useT(book);
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
      title={t('deleteTitle')}
      description={t('deleteDescription', { name: folder.name })}
      onClose={isLoading ? undefined : onClose}
    >
      {failed ? (
        <Banner tone="error" onDismiss={() => setFailed(false)} autoDismissMs={0}>
          {t('deleteFailed')}
        </Banner>
      ) : null}
      <div className="folder-dialog__actions">
        <Button variant="secondary" disabled={isLoading} onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button variant="danger" busy={isLoading} onClick={confirm}>
          {isLoading ? t('deleting') : t('deleteFolder')}
        </Button>
      </div>
    </Dialog>
  );
}
