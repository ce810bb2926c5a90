import { LegalDocument } from './LegalDocument';

export const SUPPORT_EMAIL = 'support@baton.local';

export function ContactPage() {
  return (
    <LegalDocument title="Contact" meta="We usually reply within one business day.">
      <section className="pub-legal__section pub-contact">
        <h2 id="contact-support" className="pub-legal__heading">
          E-mail support
        </h2>
        <p>
          Questions, feedback or trouble signing in? Our support team is reachable by e-mail at{' '}
          <a className="pub-contact__email" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
        <p>
          To help us help you faster, include the e-mail address of your Baton account and, if your question
          is about a task, its title.
        </p>
      </section>
    </LegalDocument>
  );
}
