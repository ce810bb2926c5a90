import { type Translate, useT } from '@baton/web-platform';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { landingBook } from '../../i18n/landing';
import { PublicLayout } from './PublicLayout';
import './public.css';

export interface LandingPageProps {
  /** Called when the visitor presses "Login"; the caller checks the stored session and navigates. */
  onLogin: () => void;
}

type Key = Parameters<Translate<(typeof landingBook)['en']>>[0];

/** A feature card: its title and text are keys of the book. */
interface Feature {
  title: Key;
  text: Key;
  icon: ReactNode;
}

/** Decorative line icon (hidden from assistive technology). */
function Icon({
  children,
  size = 24,
  className,
}: {
  children: ReactNode;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const features: Feature[] = [
  {
    title: 'personalTitle',
    text: 'personalText',
    icon: (
      <Icon>
        <path d="M9 11l3 3 8-8" />
        <path d="M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9" />
      </Icon>
    ),
  },
  {
    title: 'delegateTitle',
    text: 'delegateText',
    icon: (
      <Icon>
        <path d="M22 2L11 13" />
        <path d="M22 2l-7 20-4-9-9-4 20-7z" />
      </Icon>
    ),
  },
  {
    title: 'realtimeTitle',
    text: 'realtimeText',
    icon: (
      <Icon>
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      </Icon>
    ),
  },
];

const details: Feature[] = [
  {
    title: 'foldersTitle',
    text: 'foldersText',
    icon: (
      <Icon>
        <path d="M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z" />
      </Icon>
    ),
  },
  {
    title: 'commentsTitle',
    text: 'commentsText',
    icon: (
      <Icon>
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </Icon>
    ),
  },
  {
    title: 'progressTitle',
    text: 'progressText',
    icon: (
      <Icon>
        <path d="M3 3v18h18" />
        <path d="M7 15l4-4 3 3 5-6" />
      </Icon>
    ),
  },
  {
    title: 'trustedTitle',
    text: 'trustedText',
    icon: (
      <Icon>
        <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
        <path d="M9 12l2 2 4-4" />
      </Icon>
    ),
  },
];

function FeatureCard({ feature, detailed }: { feature: Feature; detailed?: boolean }) {
  const t = useT(landingBook);
  return (
    <li className="pub-feature-list__item">
      <article className={detailed ? 'pub-card pub-card--detail' : 'pub-card'}>
        <span className="pub-card__icon">{feature.icon}</span>
        <h3 className="pub-card__title">{t(feature.title)}</h3>
        <p className="pub-card__text">{t(feature.text)}</p>
      </article>
    </li>
  );
}

export function LandingPage({ onLogin }: LandingPageProps) {
  const t = useT(landingBook);
  return (
    <PublicLayout>
      <title>{t('documentTitle')}</title>
      <section className="pub-hero" aria-labelledby="pub-hero-title">
        <div className="pub-container pub-hero__inner">
          <p className="pub-banner">
            <span className="pub-banner__dot" aria-hidden="true" />
            {t('banner')}
          </p>
          <h1 id="pub-hero-title" className="pub-hero__title">
            {t('heroTitle')}
          </h1>
          <p className="pub-hero__subtitle">{t('heroText')}</p>
          <div className="pub-hero__actions">
            <Link to="/signup" className="b-button b-button--primary pub-hero__button">
              {t('getStarted')}
            </Link>
            <button type="button" className="b-button b-button--secondary pub-hero__button" onClick={onLogin}>
              {t('login')}
            </button>
          </div>
          <ul className="pub-badges" aria-label={t('highlights')}>
            <li className="pub-badge">
              <Icon size={16} className="pub-badge__icon">
                <path d="M20 6L9 17l-5-5" />
              </Icon>
              {t('noCard')}
            </li>
            <li className="pub-badge">
              <Icon size={16} className="pub-badge__icon">
                <path d="M20 6L9 17l-5-5" />
              </Icon>
              {t('setup')}
            </li>
          </ul>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="pub-features-title">
        <div className="pub-container">
          <h2 id="pub-features-title" className="pub-section__title">
            {t('features')}
          </h2>
          <p className="pub-section__lead">{t('featuresLead')}</p>
          <ul className="pub-feature-list pub-feature-list--3">
            {features.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} />
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="pub-details-title">
        <div className="pub-container">
          <h2 id="pub-details-title" className="pub-section__title">
            {t('detailsTitle')}
          </h2>
          <p className="pub-section__lead">{t('detailsLead')}</p>
          <ul className="pub-feature-list pub-feature-list--2">
            {details.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} detailed />
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="pub-cta-title">
        <div className="pub-container pub-cta">
          <h2 id="pub-cta-title" className="pub-section__title">
            {t('ctaTitle')}
          </h2>
          <p className="pub-section__lead">{t('ctaLead')}</p>
          <Link to="/signup" className="b-button b-button--primary">
            {t('createAccount')}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
