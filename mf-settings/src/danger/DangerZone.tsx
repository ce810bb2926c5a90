import { Banner, Button, Dialog, TextField } from '@baton/ui';
import { useLogout } from '@baton/web-platform';
import { type FormEvent, useState } from 'react';
import { useDeleteAccountMutation } from '../api';
import { messages } from '../messages';
import { Section } from '../Section';

/** SPEC §5: the typed phrase, trimmed, must be "delete" (any case: the server accepts any case too). */
export const phraseMatches = (typed: string) => typed.trim().toLowerCase() === messages.deletePhrase;

/** Account deletion behind a typed confirmation (SPEC §2 Danger Zone, §4 Delete account). */
export function DangerZone() {
  const [open, setOpen] = useState(false);
  return (
    <Section
      title="Danger Zone"
      danger
      intro="Deleting your account erases your tasks, trusted users and notifications for good. It cannot be undone."
    >
      <div className="settings-form__actions">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </div>
      {open ? <DeleteAccountDialog onCancel={() => setOpen(false)} /> : null}
    </Section>
  );
}

function DeleteAccountDialog({ onCancel }: { onCancel: () => void }) {
  const [typed, setTyped] = useState('');
  const [failed, setFailed] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const logout = useLogout();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!phraseMatches(typed) || isLoading) return;
    setFailed(false);
    let message: string;
    try {
      message = (await deleteAccount(typed.trim()).unwrap()).message;
    } catch {
      setFailed(true);
      return;
    }
    // SPEC §4: an alert, then logout (the account and its sessions are already gone on the server).
    window.alert(message || messages.deleteDone);
    await logout();
  }

  return (
    <Dialog
      open
      role="alertdialog"
      title="Confirm Account Deletion"
      description='This erases your account and everything in it. Type "delete" to confirm.'
      onClose={isLoading ? undefined : onCancel}
    >
      <form className="settings-form" onSubmit={submit} noValidate>
        {failed ? (
          <Banner tone="error" onDismiss={() => setFailed(false)}>
            {messages.deleteFailed}
          </Banner>
        ) : null}
        <TextField
          label='Type "delete" to confirm'
          name="confirmation"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="settings-form__actions">
          <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!phraseMatches(typed)} busy={isLoading}>
            {isLoading ? 'Deleting…' : 'Delete Account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
