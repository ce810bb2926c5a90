import { Banner, Button, Dialog, PasswordField, TextField, useToast } from '@baton/ui';
import {
  failureMessage,
  type PlatformQueryError,
  type Translate,
  useLocalize,
  useLogout,
  useT,
} from '@baton/web-platform';
import { type FormEvent, useState } from 'react';
import { useDeleteAccountMutation } from '../api';
import { book, deletePhrase } from '../messages';
import { Section } from '../Section';

/** SPEC §5: the typed phrase, trimmed, must be "delete" (any case: the server accepts any case too). */
export const phraseMatches = (typed: string) => typed.trim().toLowerCase() === deletePhrase;

/** Account deletion behind a typed confirmation and the password (SPEC §2 Danger Zone, §4 Delete account). */
export function DangerZone() {
  const t = useT(book);
  const [open, setOpen] = useState(false);
  return (
    <Section title={t('dangerTitle')} danger intro={t('dangerIntro')}>
      <div className="settings-form__actions">
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('deleteAccount')}
        </Button>
      </div>
      {open ? <DeleteAccountDialog onCancel={() => setOpen(false)} /> : null}
    </Section>
  );
}

/** A 400 names what to fix (a wrong password); any other failure gets SPEC's own sentence. */
const deleteFailure = (error: unknown, t: Translate<(typeof book)['en']>) =>
  (error as Partial<PlatformQueryError>)?.status === 400
    ? failureMessage(error, t('deleteFailed'))
    : t('deleteFailed');

function DeleteAccountDialog({ onCancel }: { onCancel: () => void }) {
  const t = useT(book);
  const localize = useLocalize();
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
      setFailure(deleteFailure(error, t));
      return;
    }
    // The account and its sessions are gone on the server. The page's toast outlives this view, so the
    // goodbye stays readable over the sign-in page that logout leads to (SPEC §4's alert, without a browser one).
    toast(message ? localize(message) : t('deleteDone'), 'success');
    await logout();
  }

  return (
    <Dialog
      open
      role="alertdialog"
      title={t('confirmDeletion')}
      description={t('confirmDeletionText')}
      onClose={isLoading ? undefined : onCancel}
    >
      <form className="settings-form" onSubmit={submit} noValidate>
        {failure ? (
          <Banner tone="error" onDismiss={() => setFailure(null)}>
            {failure}
          </Banner>
        ) : null}
        <TextField
          label={t('typeDelete')}
          name="confirmation"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <PasswordField
          label={t('password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="settings-form__actions">
          <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={!ready} busy={isLoading}>
            {isLoading ? t('deleting') : t('deleteAccount')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
