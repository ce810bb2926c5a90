import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ContactPage, LandingPage, PrivacyPage, PublicLayout, TermsPage } from './index';

function renderAt(ui: ReactElement, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

describe('PublicLayout', () => {
  it('renders header, main and footer landmarks with the product name and auth links', () => {
    renderAt(
      <PublicLayout>
        <p>Body</p>
      </PublicLayout>,
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Baton' })).toHaveAttribute('href', '/');
    const nav = within(header).getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(within(screen.getByRole('main')).getByText('Body')).toBeInTheDocument();
  });

  it('links the footer to privacy, terms and contact and shows the copyright', () => {
    renderAt(
      <PublicLayout>
        <p>Body</p>
      </PublicLayout>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(footer).getByText(/© 2023/)).toBeInTheDocument();
  });

  it('has no links without an accessible name', () => {
    renderAt(<LandingPage onLogin={() => {}} />);
    for (const link of screen.getAllByRole('link')) {
      expect(link).toHaveAccessibleName();
      expect(link).toHaveAttribute('href');
    }
  });
});

describe('LandingPage', () => {
  it('shows a single h1, the banner and both badges', () => {
    renderAt(<LandingPage onLogin={() => {}} />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('New: Workspaces & Timelines')).toBeInTheDocument();
    const badges = screen.getByRole('list', { name: 'Highlights' });
    expect(within(badges).getByText('No credit card')).toBeInTheDocument();
    expect(within(badges).getByText('Setup in minutes')).toBeInTheDocument();
  });

  it('shows three feature cards and four detailed feature cards', () => {
    renderAt(<LandingPage onLogin={() => {}} />);
    const features = screen.getByRole('region', { name: 'Features' });
    expect(within(features).getAllByRole('article')).toHaveLength(3);
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    const details = screen.getByRole('region', { name: 'Built for teams that ship' });
    expect(within(details).getAllByRole('article')).toHaveLength(4);
    expect(within(details).getByRole('heading', { name: 'Trusted senders' })).toBeInTheDocument();
  });

  it('links "Get Started" to /signup', () => {
    renderAt(<LandingPage onLogin={() => {}} />);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });

  it('calls onLogin when "Login" is clicked, and the button is keyboard reachable', async () => {
    const user = userEvent.setup();
    const onLogin = vi.fn();
    renderAt(<LandingPage onLogin={onLogin} />);
    const button = screen.getByRole('button', { name: 'Login' });
    await user.click(button);
    expect(onLogin).toHaveBeenCalledTimes(1);
    button.focus();
    await user.keyboard('{Enter}');
    expect(onLogin).toHaveBeenCalledTimes(2);
  });

  it('includes the footer links and copyright', () => {
    renderAt(<LandingPage onLogin={() => {}} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(footer).getByText(/© 2023/)).toBeInTheDocument();
  });
});

describe('TermsPage', () => {
  it('has one h1 and 18 numbered sections from "1. Acceptance of Terms" to "18. Contact"', () => {
    renderAt(<TermsPage />, '/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(18);
    headings.forEach((heading, index) => {
      expect(heading.textContent).toMatch(new RegExp(`^${index + 1}\\. \\S`));
    });
    expect(headings[0]).toHaveTextContent('1. Acceptance of Terms');
    expect(headings[17]).toHaveTextContent('18. Contact');
  });

  it('shows the effective date', () => {
    renderAt(<TermsPage />, '/terms');
    expect(screen.getByText('Aug 30 2025')).toBeInTheDocument();
  });

  it('states the minimum age of 16 in the eligibility section', () => {
    renderAt(<TermsPage />, '/terms');
    const heading = screen.getByRole('heading', { name: /Eligibility/ });
    expect(heading.closest('section')).toHaveTextContent(/at least 16 years old/);
    expect(heading.closest('section')).toHaveTextContent(/minimum age is 16/);
  });

  it('caps liability at the greater of 12 months of fees or USD 100', () => {
    renderAt(<TermsPage />, '/terms');
    const heading = screen.getByRole('heading', { name: /Limitation of Liability/ });
    expect(heading.closest('section')).toHaveTextContent(
      /the greater of the fees you paid us in the 12 months before the claim or USD 100/,
    );
  });

  it('links to the privacy policy', () => {
    renderAt(<TermsPage />, '/terms');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});

describe('PrivacyPage', () => {
  it('shows its heading and the effective date 2025-08-30', () => {
    renderAt(<PrivacyPage />, '/privacy');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
    expect(screen.getByText('2025-08-30')).toBeInTheDocument();
  });
});

describe('ContactPage', () => {
  it('offers e-mail support through a mailto link', () => {
    renderAt(<ContactPage />, '/contact');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'support@baton.local' })).toHaveAttribute(
      'href',
      'mailto:support@baton.local',
    );
  });
});
