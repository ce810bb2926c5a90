import { useCurrentUser, useT } from '@baton/web-platform';
import { book } from '../messages';
import { Section } from '../Section';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LanguageField } from './LanguageField';

/** Who is signed in (the e-mail cannot be changed) and the password change. */
export function AccountSection() {
  const t = useT(book);
  const user = useCurrentUser();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <Section title={t('accountTitle')}>
      <dl className="settings-account">
        <div className="settings-account__row">
          <dt>{t('name')}</dt>
          <dd>{name || '—'}</dd>
        </div>
        <div className="settings-account__row">
          <dt>{t('email')}</dt>
          <dd>
            {user?.email}
            <span className="settings-hint">{t('emailFixed')}</span>
          </dd>
        </div>
      </dl>
      <LanguageField />
      <ChangePasswordForm />
    </Section>
  );
}
