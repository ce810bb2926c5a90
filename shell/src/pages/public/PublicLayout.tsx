import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import './public.css';

export interface PublicLayoutProps {
  children: ReactNode;
}

/** Shared frame of the public pages: skip link, header with product name and auth links, main, footer. */
export function PublicLayout({ children }: PublicLayoutProps) {
  return (
    <div className="pub-layout">
      <a className="pub-skip-link" href="#pub-main">
        Skip to main content
      </a>
      <header className="pub-header">
        <div className="pub-container pub-header__inner">
          <Link to="/" className="pub-brand">
            <span className="pub-brand__mark" aria-hidden="true">
              B
            </span>
            Baton
          </Link>
          <nav className="pub-header__nav" aria-label="Account">
            <NavLink to="/login" className="pub-nav-link">
              Login
            </NavLink>
            <NavLink to="/signup" className="b-button b-button--primary pub-nav-cta">
              Sign up
            </NavLink>
          </nav>
        </div>
      </header>
      <main id="pub-main" className="pub-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="pub-footer">
        <div className="pub-container pub-footer__inner">
          <nav aria-label="Legal">
            <ul className="pub-footer__links">
              <li>
                <NavLink to="/privacy" className="pub-footer__link">
                  Privacy
                </NavLink>
              </li>
              <li>
                <NavLink to="/terms" className="pub-footer__link">
                  Terms
                </NavLink>
              </li>
              <li>
                <NavLink to="/contact" className="pub-footer__link">
                  Contact
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
