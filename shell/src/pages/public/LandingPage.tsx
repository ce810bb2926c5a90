import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicLayout } from './PublicLayout';
import './public.css';

export interface LandingPageProps {
  /** Called when the visitor presses "Login"; the caller checks the stored session and navigates. */
  onLogin: () => void;
}

interface Feature {
  title: string;
  text: string;
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
    title: 'Personal tasks',
    text: 'Capture everything on your plate with priorities, due dates and attachments, then sort by what matters now.',
    icon: (
      <Icon>
        <path d="M9 11l3 3 8-8" />
        <path d="M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9" />
      </Icon>
    ),
  },
  {
    title: 'Delegate by assignment or invitation',
    text: 'Hand work to a teammate directly, or invite anyone by e-mail. They accept with one link and the task is theirs.',
    icon: (
      <Icon>
        <path d="M22 2L11 13" />
        <path d="M22 2l-7 20-4-9-9-4 20-7z" />
      </Icon>
    ),
  },
  {
    title: 'Real-time notifications',
    text: 'Know the moment a task is accepted, updated or completed, with an inbox grouped by day and an optional sound.',
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
    title: 'Coloured folders with base files',
    text: 'Group personal tasks into colour-coded folders and pin a base file, such as a brief or a spec, that everyone in the folder can preview or download. Drag tasks onto a folder to file them.',
    icon: (
      <Icon>
        <path d="M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z" />
      </Icon>
    ),
  },
  {
    title: 'Live comments',
    text: 'Discuss a delegated task right where the work lives. Comments appear instantly for everyone involved, with no refresh and no long e-mail threads.',
    icon: (
      <Icon>
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </Icon>
    ),
  },
  {
    title: 'Progress tracking with notes',
    text: 'Move a progress slider in steps of 5% and add a short note explaining what changed. The full history shows who moved the work forward, and when.',
    icon: (
      <Icon>
        <path d="M3 3v18h18" />
        <path d="M7 15l4-4 3 3 5-6" />
      </Icon>
    ),
  },
  {
    title: 'Trusted senders',
    text: 'Mark the people you work with every day as trusted. Their future assignments and invitations reach you without an e-mail each time.',
    icon: (
      <Icon>
        <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
        <path d="M9 12l2 2 4-4" />
      </Icon>
    ),
  },
];

function FeatureCard({ feature, detailed }: { feature: Feature; detailed?: boolean }) {
  return (
    <li className="pub-feature-list__item">
      <article className={detailed ? 'pub-card pub-card--detail' : 'pub-card'}>
        <span className="pub-card__icon">{feature.icon}</span>
        <h3 className="pub-card__title">{feature.title}</h3>
        <p className="pub-card__text">{feature.text}</p>
      </article>
    </li>
  );
}

export function LandingPage({ onLogin }: LandingPageProps) {
  return (
    <PublicLayout>
      <title>Baton · Mission control for productivity</title>
      <section className="pub-hero" aria-labelledby="pub-hero-title">
        <div className="pub-container pub-hero__inner">
          <p className="pub-banner">
            <span className="pub-banner__dot" aria-hidden="true" />
            New: Workspaces &amp; Timelines
          </p>
          <h1 id="pub-hero-title" className="pub-hero__title">
            Mission control for your productivity
          </h1>
          <p className="pub-hero__subtitle">
            Baton keeps your personal tasks, the work you delegate and the work you receive in one place, so
            every task has an owner, a deadline and a visible path to done.
          </p>
          <div className="pub-hero__actions">
            <Link to="/signup" className="b-button b-button--primary pub-hero__button">
              Get Started
            </Link>
            <button type="button" className="b-button b-button--secondary pub-hero__button" onClick={onLogin}>
              Login
            </button>
          </div>
          <ul className="pub-badges" aria-label="Highlights">
            <li className="pub-badge">
              <Icon size={16} className="pub-badge__icon">
                <path d="M20 6L9 17l-5-5" />
              </Icon>
              No credit card
            </li>
            <li className="pub-badge">
              <Icon size={16} className="pub-badge__icon">
                <path d="M20 6L9 17l-5-5" />
              </Icon>
              Setup in minutes
            </li>
          </ul>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="pub-features-title">
        <div className="pub-container">
          <h2 id="pub-features-title" className="pub-section__title">
            Features
          </h2>
          <p className="pub-section__lead">Plan your own work, pass tasks on and stay in the loop.</p>
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
            Built for teams that ship
          </h2>
          <p className="pub-section__lead">
            The details that keep delegated work moving, from the first brief to the last comment.
          </p>
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
            Ready to take control of your work?
          </h2>
          <p className="pub-section__lead">Create a free account and send your first task in minutes.</p>
          <Link to="/signup" className="b-button b-button--primary">
            Create your account
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
