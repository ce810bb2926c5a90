import { useT } from '@baton/web-platform';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { landingBook } from '../../i18n/landing';
import './public.css';

export interface PublicLayoutProps {
  children: ReactNode;
}

/** Shared frame of the public pages: skip link, header with product name and auth links, main, footer. */
export function PublicLayout({ children }: PublicLayoutProps) {
  const t = useT(landingBook);
  return (
    <div className="pub-layout">
      <a className="pub-skip-link" href="#pub-main">
        {t('skip')}
      </a>
      <header className="pub-header">
        <div className="pub-container pub-header__inner">
          <Link to="/" className="pub-brand">
            <span className="pub-brand__mark" aria-hidden="true">
              B
            </span>
            Baton
          </Link>
          <nav className="pub-header__nav" aria-label={t('account')}>
            <NavLink to="/login" className="pub-nav-link">
              {t('login')}
            </NavLink>
            <NavLink to="/signup" className="b-button b-button--primary pub-nav-cta">
              {t('signUp')}
            </NavLink>
          </nav>
        </div>
      </header>
      <main id="pub-main" className="pub-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="pub-footer">
        <div className="pub-container pub-footer__inner">
          <nav aria-label={t('legal')}>
            <ul className="pub-footer__links">
              <li>
                <NavLink to="/privacy" className="pub-footer__link">
                  {t('privacy')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/terms" className="pub-footer__link">
                  {t('terms')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/contact" className="pub-footer__link">
                  {t('contact')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <p className="pub-footer__copy">© 2023 Baton</p>
        </div>
      </footer>
    </div>
  );
}
