import { setLanguage, themeKey } from '@baton/web-platform';
import { renderWithPlatform } from '@baton/web-platform/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppearanceSection } from './AppearanceSection';

const html = document.documentElement;

describe('Settings › Appearance', () => {
  beforeEach(() => {
    // The device is in its dark scheme.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    html.removeAttribute('data-theme');
    await act(() => setLanguage('en'));
  });

  it('offers System, Light and Dark, System chosen by default and saying what the device uses', () => {
    renderWithPlatform(<AppearanceSection />);
    const group = screen.getByRole('group', { name: 'Theme' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['system', 'light', 'dark']);
    expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'System' })).toHaveAccessibleDescription(
      'Follows your device: Dark now.',
    );
    expect(html).not.toHaveAttribute('data-theme');
  });

  it('applies a choice at once and remembers it on the device', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<AppearanceSection />);
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(html).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem(themeKey)).toBe('light');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    // The arrow keys move through a radio group, choosing as they go.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(html).toHaveAttribute('data-theme', 'dark');
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(html).not.toHaveAttribute('data-theme');
    expect(localStorage.getItem(themeKey)).toBeNull();
  });

  it('speaks German', async () => {
    await act(() => setLanguage('de'));
    renderWithPlatform(<AppearanceSection />);
    expect(screen.getByRole('region', { name: 'Darstellung' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Design' });
    expect(within(group).getByRole('radio', { name: 'Dunkel' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'System' })).toHaveAccessibleDescription(
      'Folgt deinem Gerät: gerade Dunkel.',
    );
  });
});
