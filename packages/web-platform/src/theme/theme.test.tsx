import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, resolvedTheme, setTheme, themeChoice, themeKey, toggleTheme, useTheme } from '.';

/** A system colour scheme the test can flip, as `matchMedia('(prefers-color-scheme: dark)')` reports it. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => (query === '(prefers-color-scheme: dark)' ? media : { matches: false })),
  );
  return (next: boolean) => {
    dark = next;
    for (const listener of listeners) listener();
  };
}

const html = document.documentElement;

describe('the colour theme', () => {
  beforeEach(() => html.removeAttribute('data-theme'));
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system by default: no data-theme, the system scheme on screen', () => {
    const flip = fakeSystem(true);
    expect(themeChoice()).toBe('system');
    expect(resolvedTheme()).toBe('dark');
    applyTheme();
    expect(html.getAttribute('data-theme')).toBeNull();
    flip(false);
    expect(resolvedTheme()).toBe('light');
  });

  it('puts an explicit choice on <html> and remembers it on the device', () => {
    fakeSystem(false);
    setTheme('dark');
    expect(html.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem(themeKey)).toBe('dark');
    expect(localStorage.getItem('baton.theme')).toBe('dark');
    expect(resolvedTheme()).toBe('dark');
    setTheme('light');
    expect(html.getAttribute('data-theme')).toBe('light');
    setTheme('system');
    expect(html.getAttribute('data-theme')).toBeNull();
    expect(localStorage.getItem(themeKey)).toBeNull();
  });

  it('reads the remembered choice, ignoring an unknown one', () => {
    fakeSystem(false);
    localStorage.setItem(themeKey, 'dark');
    expect(themeChoice()).toBe('dark');
    applyTheme();
    expect(html.getAttribute('data-theme')).toBe('dark');
    localStorage.setItem(themeKey, 'sepia');
    expect(themeChoice()).toBe('system');
  });

  it('toggles to the other theme than the one on screen', () => {
    fakeSystem(true);
    toggleTheme();
    expect(themeChoice()).toBe('light');
    toggleTheme();
    expect(themeChoice()).toBe('dark');
    expect(html.getAttribute('data-theme')).toBe('dark');
  });

  it('holds for the visit when storage refuses it', () => {
    fakeSystem(false);
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    setTheme('dark');
    expect(themeChoice()).toBe('dark');
    expect(html.getAttribute('data-theme')).toBe('dark');
    refuse.mockRestore();
    setTheme('system');
    expect(themeChoice()).toBe('system');
  });

  it('re-renders a view on a choice, on a change of the system scheme and on another tab’s choice', () => {
    const flip = fakeSystem(false);
    const { result } = renderHook(() => useTheme());
    expect(result.current).toEqual({ choice: 'system', theme: 'light' });
    act(() => flip(true));
    expect(result.current).toEqual({ choice: 'system', theme: 'dark' });
    act(() => setTheme('light'));
    expect(result.current).toEqual({ choice: 'light', theme: 'light' });
    act(() => {
      localStorage.setItem(themeKey, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: themeKey }));
    });
    expect(result.current).toEqual({ choice: 'dark', theme: 'dark' });
    expect(html.getAttribute('data-theme')).toBe('dark');
  });
});
