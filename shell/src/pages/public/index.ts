export { ContactPage } from './ContactPage';
export { LandingPage, type LandingPageProps } from './LandingPage';
export { PrivacyPage } from './PrivacyPage';
export { PublicLayout, type PublicLayoutProps } from './PublicLayout';
export { TermsPage } from './TermsPage';
