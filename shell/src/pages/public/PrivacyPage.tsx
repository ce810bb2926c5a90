import { useT } from '@baton/web-platform';
import { Link } from 'react-router';
import { legalBook } from '../../i18n/legal';
import { LegalDocument } from './LegalDocument';

export function PrivacyPage() {
  const t = useT(legalBook);
  return (
    <LegalDocument
      title={t('privacyTitle')}
      englishOnly
      meta={
        <>
          {t('effective')} <time dateTime="2025-08-30">2025-08-30</time>
        </>
      }
    >
      <p className="pub-legal__intro">
        This policy explains, in short, what information Baton handles and why. It is a placeholder and will
        be replaced by a full policy.
      </p>
      <section className="pub-legal__section">
        <h2 id="privacy-data" className="pub-legal__heading">
          What we collect
        </h2>
        <ul>
          <li>Account details: your first and last name, e-mail address and a hashed password.</li>
          <li>Work you create: tasks, folders, progress notes, comments and your list of trusted users.</li>
          <li>Files you upload as task attachments or folder base files.</li>
          <li>Notifications about activity on your tasks, and your notification preferences.</li>
        </ul>
      </section>
      <section className="pub-legal__section">
        <h2 id="privacy-use" className="pub-legal__heading">
          How we use it
        </h2>
        <p>
          We use this information only to run the Service: to sign you in, show your tasks, deliver tasks and
          invitations to the people you choose, send service e-mails such as password resets, and keep the
          Service secure. We do not sell your personal data.
        </p>
      </section>
      <section className="pub-legal__section">
        <h2 id="privacy-storage" className="pub-legal__heading">
          Cookies and local storage
        </h2>
        <p>
          To keep you signed in, Baton stores sign-in tokens in your browser: in local storage when "Remember
          me" is on, otherwise in session storage that is cleared when you close the tab. We also store your
          notification sound preference and the time of your last activity. We do not use advertising cookies.
        </p>
      </section>
      <section className="pub-legal__section">
        <h2 id="privacy-sharing" className="pub-legal__heading">
          Sharing and retention
        </h2>
        <p>
          Tasks, comments and files are visible to the people you share them with. We keep your data while
          your account is active and delete it when you delete your account, except where the law requires us
          to keep it. See also our <Link to="/terms">Terms of Service</Link>.
        </p>
      </section>
      <section className="pub-legal__section">
        <h2 id="privacy-contact" className="pub-legal__heading">
          Contact
        </h2>
        <p>
          For questions or requests about your data, write to{' '}
          <a href="mailto:support@baton.local">support@baton.local</a>.
        </p>
      </section>
    </LegalDocument>
  );
}
