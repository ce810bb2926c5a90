import { useT } from '@baton/web-platform';
import { legalBook } from '../../i18n/legal';
import { LegalDocument } from './LegalDocument';

export const SUPPORT_EMAIL = 'support@baton.local';

export function ContactPage() {
  const t = useT(legalBook);
  return (
    <LegalDocument title={t('contactTitle')} meta={t('contactMeta')}>
      <section className="pub-legal__section pub-contact">
        <h2 id="contact-support" className="pub-legal__heading">
          {t('contactHeading')}
        </h2>
        <p>
          {t('contactText')}{' '}
          <a className="pub-contact__email" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
        <p>{t('contactHelp')}</p>
      </section>
    </LegalDocument>
  );
}
