import { limits } from '@baton/contracts/constants';
import { Button, Dialog, NoticeBanner, TextField, useNotice, useToast } from '@baton/ui';
import { failureMessage, useSaveViewMutation, useT } from '@baton/web-platform';
import { type FormEvent, useState } from 'react';
import { findBook } from './messages';

/**
 * Saves the list as it is filtered, by a name, to the sidebar's Views (`POST /api/views/`; the same name
 * replaces that view). `query` is the list's URL query, `path` its list's path under /home/.
 */
export function SaveViewDialog({
  query,
  path,
  onClose,
}: {
  query: string;
  path: string;
  onClose: () => void;
}) {
  const t = useT(findBook);
  const [name, setName] = useState('');
  const [save, { isLoading }] = useSaveViewMutation();
  const { notice, show, clear } = useNotice();
  const toast = useToast();
  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const trimmed = name.trim();
    try {
      const view = await save({ name: trimmed, query, path }).unwrap();
      onClose();
      toast(t('saved', { name: view.name }), 'success');
    } catch (error) {
      show('error', failureMessage(error, t('saveFailed')));
    }
  }
  return (
    <Dialog
      open
      title={t('saveTitle')}
      description={t('saveDescription')}
      onClose={isLoading ? undefined : onClose}
    >
      <form className="task-form" onSubmit={submit}>
        <NoticeBanner notice={notice} onDismiss={clear} />
        <TextField
          label={t('viewName')}
          required
          maxLength={limits.viewName}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="task-dialog__actions">
          <Button variant="secondary" disabled={isLoading} onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" busy={isLoading} disabled={name.trim() === ''}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
