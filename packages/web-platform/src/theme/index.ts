import { useSyncExternalStore } from 'react';

/**
 * The colour theme: the person's choice on this device (System follows the operating system's
 * `prefers-color-scheme`), shown by `data-theme` on <html> for an explicit choice. The design tokens
 * (@baton/ui styles.css) give every colour a light and a dark value and read `data-theme`.
 */
export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];
export type Theme = Exclude<ThemeChoice, 'system'>;

/**
 * Where the choice is kept on this device. shell/public/theme.js reads the same key before the first paint:
 * keep the two together.
 */
export const themeKey = 'baton.theme';

/** Raised in this tab on a change (the storage event only reaches the other tabs). */
const changeEvent = 'baton:theme';
const darkQuery = '(prefers-color-scheme: dark)';

/** The choice when storage refuses it (private mode, quota): it holds for this visit. */
let unsaved: ThemeChoice | undefined;

const isChoice = (value: unknown): value is ThemeChoice => themeChoices.includes(value as ThemeChoice);

/** The choice on this device; System when none was made. */
export function themeChoice(): ThemeChoice {
  if (unsaved) return unsaved;
  try {
    const stored = localStorage.getItem(themeKey);
    return isChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

const systemTheme = (): Theme => (globalThis.matchMedia?.(darkQuery).matches ? 'dark' : 'light');

/** The theme on screen: the explicit choice, else the system's. */
export function resolvedTheme(choice: ThemeChoice = themeChoice()): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

/** Puts the choice on <html>: `data-theme="light"|"dark"`, none for System (the CSS then asks the system). */
export function applyTheme(choice: ThemeChoice = themeChoice()) {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

/** Shows `choice` on every view of the page and remembers it on this device. */
export function setTheme(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(themeKey);
    else localStorage.setItem(themeKey, choice);
    unsaved = undefined;
  } catch {
    unsaved = choice;
  }
  applyTheme(choice);
  window.dispatchEvent(new Event(changeEvent));
}

/** Switches to the other theme than the one on screen (an explicit choice from then on). */
export function toggleTheme() {
  setTheme(resolvedTheme() === 'dark' ? 'light' : 'dark');
}

/** Calls `listener` when this tab or another one changes the choice, or the system changes its scheme. */
function onThemeChange(listener: () => void): () => void {
  const inAnotherTab = (event: StorageEvent) => {
    if (event.key !== themeKey && event.key !== null) return;
    applyTheme();
    listener();
  };
  const media = globalThis.matchMedia?.(darkQuery);
  window.addEventListener(changeEvent, listener);
  window.addEventListener('storage', inAnotherTab);
  media?.addEventListener?.('change', listener);
  return () => {
    window.removeEventListener(changeEvent, listener);
    window.removeEventListener('storage', inAnotherTab);
    media?.removeEventListener?.('change', listener);
  };
}

// One string per state, so useSyncExternalStore sees a stable snapshot.
const snapshot = () => `${themeChoice()} ${resolvedTheme()}`;

/** The choice and the theme on screen; the view renders again when either changes. */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  const [choice, theme] = useSyncExternalStore(onThemeChange, snapshot, () => 'system light').split(' ') as [
    ThemeChoice,
    Theme,
  ];
  return { choice, theme };
}
