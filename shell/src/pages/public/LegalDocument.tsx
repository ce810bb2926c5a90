import { useLanguage, useT } from '@baton/web-platform';
import type { ReactNode } from 'react';
import { legalBook } from '../../i18n/legal';
import { shellBook } from '../../i18n/shell';
import { PublicLayout } from './PublicLayout';
import './public.css';

export interface LegalDocumentProps {
  /** Page heading (the only h1 of the page). */
  title: string;
  /** Line under the heading, e.g. the effective date. */
  meta: ReactNode;
  /** The text is in English only (its binding version): other languages say so and mark it as English. */
  englishOnly?: boolean;
  children: ReactNode;
}

/** Frame for the legal and contact pages: one readable column inside the public layout. */
export function LegalDocument({ title, meta, englishOnly = false, children }: LegalDocumentProps) {
  const t = useT(legalBook);
  const documentTitle = useT(shellBook)('documentTitle', { title });
  const language = useLanguage();
  const foreign = englishOnly && language !== 'en';
  return (
    <PublicLayout>
      <title>{documentTitle}</title>
      <article className="pub-container pub-legal" aria-labelledby="pub-legal-title">
        <header className="pub-legal__header">
          <h1 id="pub-legal-title" className="pub-legal__title">
            {title}
          </h1>
          <p className="pub-legal__meta">{meta}</p>
          {foreign ? <p className="pub-legal__meta">{t('englishOnly')}</p> : null}
        </header>
        {foreign ? <div lang="en">{children}</div> : children}
      </article>
    </PublicLayout>
  );
}
