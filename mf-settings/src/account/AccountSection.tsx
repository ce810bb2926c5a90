import { useCurrentUser } from '@baton/web-platform';
import { Section } from '../Section';
import { ChangePasswordForm } from './ChangePasswordForm';

/** Who is signed in (the e-mail cannot be changed) and the password change. */
export function AccountSection() {
  const user = useCurrentUser();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <Section title="Account Settings">
      <dl className="settings-account">
        <div className="settings-account__row">
          <dt>Name</dt>
          <dd>{name || '—'}</dd>
        </div>
        <div className="settings-account__row">
          <dt>Email</dt>
          <dd>
            {user?.email}
            <span className="settings-hint">Your email address cannot be changed.</span>
          </dd>
        </div>
      </dl>
      <ChangePasswordForm />
    </Section>
  );
}
