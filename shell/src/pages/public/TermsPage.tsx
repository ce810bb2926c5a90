import { useT } from '@baton/web-platform';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { legalBook } from '../../i18n/legal';
import { LegalDocument } from './LegalDocument';

/** Minimum age to hold an account (SPEC §9). */
export const TERMS_MINIMUM_AGE = 16;
/** Lower bound of the liability cap in US dollars (SPEC §9). */
export const TERMS_LIABILITY_FLOOR_USD = 100;

interface TermsSection {
  title: string;
  body: ReactNode;
}

const sections: TermsSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        These Terms of Service ("Terms") govern your access to and use of Baton, including the website, the
        web application and any related services (together, the "Service"). By creating an account or using
        the Service you agree to these Terms. If you do not agree, do not use the Service.
      </p>
    ),
  },
  {
    title: 'Eligibility',
    body: (
      <p>
        You must be at least {TERMS_MINIMUM_AGE} years old to use the Service. The minimum age is{' '}
        {TERMS_MINIMUM_AGE}. By using the Service you confirm that you meet this requirement and that you are
        able to enter into a binding agreement. If you use the Service on behalf of an organisation, you
        confirm that you are authorised to accept these Terms for it.
      </p>
    ),
  },
  {
    title: 'Accounts and Security',
    body: (
      <p>
        You must give accurate information when you sign up and keep it up to date. You are responsible for
        keeping your password confidential and for all activity under your account. Tell us promptly at the
        address in section 18 if you believe your account has been used without your permission. Sessions end
        automatically after a period of inactivity to help protect your account.
      </p>
    ),
  },
  {
    title: 'The Service',
    body: (
      <p>
        Baton lets you keep personal tasks, organise them in folders, delegate tasks to other people by
        assignment or e-mail invitation, receive tasks from others, comment, track progress and attach files.
        We may add, change or remove features over time. We aim to keep the Service available but do not
        promise that it will be uninterrupted or error-free.
      </p>
    ),
  },
  {
    title: 'Acceptable Use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>break any law or infringe anyone else's rights while using the Service;</li>
          <li>send spam, unsolicited invitations or harassing, threatening or unlawful content;</li>
          <li>
            upload malware or try to gain unauthorised access to the Service, other accounts or our systems;
          </li>
          <li>
            interfere with or overload the Service, or scrape it by automated means without our permission;
          </li>
          <li>impersonate another person or misrepresent your connection with anyone.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Your Content',
    body: (
      <p>
        You keep ownership of the tasks, comments, notes and files you add to the Service ("Your Content").
        You give us a limited licence to host, store, copy, process and display Your Content only as needed to
        run the Service for you and for the people you share it with. You are responsible for Your Content and
        confirm that you have the right to share it.
      </p>
    ),
  },
  {
    title: 'Task Invitations and E-mail',
    body: (
      <p>
        When you assign a task or invite someone by e-mail, the Service sends a message on your behalf that
        includes your name and the task details. Only invite people who expect to hear from you. Recipients
        accept a task through the link in the message. Recipients may mark you as a trusted sender, in which
        case later assignments and invitations from you may reach them without a separate e-mail. We also send
        service e-mails such as password resets.
      </p>
    ),
  },
  {
    title: 'Files and Attachments',
    body: (
      <p>
        You may attach files to tasks and add a base file to a folder, within the size limits shown in the
        Service. Files are shared with the people who can see the task or folder. Do not upload content you
        are not allowed to share. We may remove files that break these Terms.
      </p>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <p>
        Our <Link to="/privacy">Privacy Policy</Link> explains what personal data we collect and how we use
        it. By using the Service you acknowledge that your data is handled as described there.
      </p>
    ),
  },
  {
    title: 'Fees',
    body: (
      <p>
        The Service is currently offered free of charge. If we introduce paid plans, we will tell you the
        price and terms in advance, and you will only be charged if you choose a paid plan.
      </p>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <p>
        The Service, including its software, design and branding, belongs to us and our licensors and is
        protected by law. These Terms give you a personal, non-exclusive, non-transferable right to use the
        Service; they do not give you any other rights in it. Feedback you send us may be used without
        obligation to you.
      </p>
    ),
  },
  {
    title: 'Suspension and Termination',
    body: (
      <p>
        You may stop using the Service and delete your account at any time from Settings. We may suspend or
        close your account if you seriously or repeatedly break these Terms, if required by law, or to protect
        the Service or other users. After deletion, your data is removed as described in the Privacy Policy,
        except where we must keep it by law. Sections that by their nature should survive termination will
        survive.
      </p>
    ),
  },
  {
    title: 'Disclaimers',
    body: (
      <p>
        The Service is provided "as is" and "as available". To the extent permitted by law, we disclaim all
        warranties, express or implied, including merchantability, fitness for a particular purpose and
        non-infringement. You are responsible for keeping your own copies of important information.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        To the extent permitted by law, we are not liable for indirect, incidental, special, consequential or
        punitive damages, or for lost profits, revenue or data. Our total liability for all claims relating to
        the Service is limited to the greater of the fees you paid us in the 12 months before the claim or USD{' '}
        {TERMS_LIABILITY_FLOOR_USD}. Nothing in these Terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    title: 'Indemnification',
    body: (
      <p>
        You agree to indemnify and hold us harmless from claims, losses and costs, including reasonable legal
        fees, arising from Your Content, your use of the Service in breach of these Terms, or your violation
        of anyone's rights.
      </p>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <p>
        These Terms are governed by the laws of the place where the operator of the Service is established,
        without regard to conflict-of-law rules. Disputes will be handled by the competent courts of that
        place, unless mandatory consumer law gives you the right to bring proceedings where you live.
      </p>
    ),
  },
  {
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these Terms from time to time. We will change the effective date above and, for material
        changes, notify you in the Service or by e-mail before they take effect. If you keep using the Service
        after the changes take effect, you accept the updated Terms.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Questions about these Terms? Write to <a href="mailto:support@baton.local">support@baton.local</a> or
        visit our <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

export function TermsPage() {
  const t = useT(legalBook);
  return (
    <LegalDocument
      title={t('termsTitle')}
      englishOnly
      meta={
        <>
          {t('effectiveDate')} <time dateTime="2025-08-30">Aug 30 2025</time>
        </>
      }
    >
      <ol className="pub-legal__sections">
        {sections.map((section, index) => {
          const id = `terms-section-${index + 1}`;
          return (
            <li key={section.title}>
              <section className="pub-legal__section">
                <h2 id={id} className="pub-legal__heading">
                  {`${index + 1}. ${section.title}`}
                </h2>
                {section.body}
              </section>
            </li>
          );
        })}
      </ol>
    </LegalDocument>
  );
}
