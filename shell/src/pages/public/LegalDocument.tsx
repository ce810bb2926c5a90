import type { ReactNode } from 'react';
import { PublicLayout } from './PublicLayout';
import './public.css';

export interface LegalDocumentProps {
  /** Page heading (the only h1 of the page). */
  title: string;
  /** Line under the heading, e.g. the effective date. */
  meta: ReactNode;
  children: ReactNode;
}

/** Frame for the legal and contact pages: one readable column inside the public layout. */
export function LegalDocument({ title, meta, children }: LegalDocumentProps) {
  return (
    <PublicLayout>
      <title>{`${title} · Baton`}</title>
      <article className="pub-container pub-legal" aria-labelledby="pub-legal-title">
        <header className="pub-legal__header">
          <h1 id="pub-legal-title" className="pub-legal__title">
            {title}
          </h1>
          <p className="pub-legal__meta">{meta}</p>
        </header>
        {children}
      </article>
    </PublicLayout>
  );
}
