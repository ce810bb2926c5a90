import { limits } from '@baton/contracts/constants';
import { Button, NewPasswordField, NoticeBanner, PasswordField, useNotice } from '@baton/ui';
import { failureMessage, translate, useCurrentUser, useLocalize, useT } from '@baton/web-platform';
import { type FormEvent, useId, useState } from 'react';
import { type PasswordChange, useChangePasswordMutation } from '../api';
import { book } from '../messages';

const empty: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The first rule of SPEC §5 "Change password" that the fields break, or null. */
export function passwordChangeProblem(fields: PasswordChange): string | null {
  const t = translate(book);
  if (!fields.currentPassword || !fields.newPassword || !fields.confirmPassword) return t('passwordFillAll');
  if (fields.newPassword !== fields.confirmPassword) return t('passwordMismatch');
  if (fields.newPassword.length < limits.passwordMin) return t('passwordTooShort');
  return null;
}

/** Current, new and confirmed password; other devices are signed out by the server, this one stays. */
export function ChangePasswordForm() {
  const t = useT(book);
  const localize = useLocalize();
  const [fields, setFields] = useState(empty);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { notice, show, clear } = useNotice();
  const headingId = useId();
  const user = useCurrentUser();

  const field = (name: keyof PasswordChange) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((f) => ({ ...f, [name]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordChangeProblem(fields);
    if (problem) return show('error', problem);
    clear();
    try {
      const result = await changePassword(fields).unwrap();
      setFields(empty);
      show('success', result.message ? localize(result.message) : t('passwordChanged'));
    } catch (error) {
      show('error', failureMessage(error, t('passwordFailed')));
    }
  }

  return (
    <form className="settings-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h3 id={headingId} className="settings-form__title">
        {t('changePassword')}
      </h3>
      <NoticeBanner notice={notice} onDismiss={clear} />
      <PasswordField
        label={t('currentPassword')}
        autoComplete="current-password"
        required
        {...field('currentPassword')}
      />
      <NewPasswordField
        label={t('newPassword')}
        required
        hint={t('newPasswordHint')}
        personal={user ? [user.email, user.firstName, user.lastName] : []}
        {...field('newPassword')}
      />
      <PasswordField
        label={t('confirmPassword')}
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
      />
      <div className="settings-form__actions">
        <Button type="submit" busy={isLoading}>
          {isLoading ? t('updating') : t('updatePassword')}
        </Button>
      </div>
    </form>
  );
}
