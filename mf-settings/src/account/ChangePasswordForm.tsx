import { limits } from '@baton/contracts/constants';
import { Button, NewPasswordField, NoticeBanner, PasswordField, useNotice } from '@baton/ui';
import { failureMessage, useCurrentUser } from '@baton/web-platform';
import { type FormEvent, useId, useState } from 'react';
import { type PasswordChange, useChangePasswordMutation } from '../api';
import { messages } from '../messages';

const empty: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The first rule of SPEC §5 "Change password" that the fields break, or null. */
export function passwordChangeProblem(fields: PasswordChange): string | null {
  if (!fields.currentPassword || !fields.newPassword || !fields.confirmPassword)
    return messages.passwordFillAll;
  if (fields.newPassword !== fields.confirmPassword) return messages.passwordMismatch;
  if (fields.newPassword.length < limits.passwordMin) return messages.passwordTooShort;
  return null;
}

/** Current, new and confirmed password; other devices are signed out by the server, this one stays. */
export function ChangePasswordForm() {
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
      show('success', result.message || messages.passwordChanged);
    } catch (error) {
      show('error', failureMessage(error, messages.passwordFailed));
    }
  }

  return (
    <form className="settings-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h3 id={headingId} className="settings-form__title">
        Change password
      </h3>
      <NoticeBanner notice={notice} onDismiss={clear} />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        {...field('currentPassword')}
      />
      <NewPasswordField
        label="New password"
        required
        hint="At least 8 characters."
        personal={user ? [user.email, user.firstName, user.lastName] : []}
        {...field('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
      />
      <div className="settings-form__actions">
        <Button type="submit" busy={isLoading}>
          {isLoading ? 'Updating…' : 'Update password'}
        </Button>
      </div>
    </form>
  );
}
