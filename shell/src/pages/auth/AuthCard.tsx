import { useT } from '@baton/web-platform';
import type { ReactNode } from 'react';
import { shellBook } from '../../i18n/shell';
import { PublicLayout } from '../public';
import './auth.css';

/** The frame of the sign-in pages: the public header and footer around one centred card. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const t = useT(shellBook);
  return (
    <PublicLayout>
      <title>{t('documentTitle', { title })}</title>
      <div className="auth-page">
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth-card__title">
            {title}
          </h1>
          {intro ? <p className="auth-card__intro">{intro}</p> : null}
          {children}
        </section>
      </div>
    </PublicLayout>
  );
}
