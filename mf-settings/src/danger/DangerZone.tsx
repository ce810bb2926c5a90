import { Banner, Button, Dialog, PasswordField, TextField, useToast } from '@baton/ui';
import { failureMessage, type PlatformQueryError, useLogout } from '@baton/web-platform';
import { type FormEvent, useState } from 'react';
import { useDeleteAccountMutation } from '../api';
import { messages } from '../messages';
import { Section } from '../Section';

/** SPEC §5: the typed phrase, trimmed, must be "delete" (any case: the server accepts any case too). */
export const phraseMatches = (typed: string) => typed.trim().toLowerCase() === messages.deletePhrase;

/** Account deletion behind a typed confirmation and the password (SPEC §2 Danger Zone, §4 Delete account). */
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

/** A 400 names what to fix (a wrong password); any other failure gets SPEC's own sentence. */
const deleteFailure = (error: unknown) =>
  (error as Partial<PlatformQueryError>)?.status === 400
    ? failureMessage(error, messages.deleteFailed)
    : messages.deleteFailed;

function DeleteAccountDialog({ onCancel }: { onCancel: () => void }) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const logout = useLogout();
  const toast = useToast();
  const ready = phraseMatches(typed) && password !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || isLoading) return;
    setFailure(null);
    let message: string;
    try {
      message = (await deleteAccount({ confirmation: typed.trim(), password }).unwrap()).message;
    } catch (error) {
      setFailure(deleteFailure(error));
      return;
    }
    // The account and its sessions are gone on the server. The page's toast outlives this view, so the
    // goodbye stays readable over the sign-in page that logout leads to (SPEC §4's alert, without a browser one).
    toast(message || messages.deleteDone, 'success');
    await logout();
  }

  return (
    <Dialog
      open
      role="alertdialog"
      title="Confirm Account Deletion"
      description='This erases your account and everything in it. Type "delete" and your password to confirm.'
      onClose={isLoading ? undefined : onCancel}
    >
      <form className="settings-form" onSubmit={submit} noValidate>
        {failure ? (
          <Banner tone="error" onDismiss={() => setFailure(null)}>
            {failure}
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
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="settings-form__actions">
          <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!ready} busy={isLoading}>
            {isLoading ? 'Deleting…' : 'Delete Account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
