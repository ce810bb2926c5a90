/**
 * Baton's colours (packages/ui's tokens) for mail: every text colour meets WCAG AA (4.5:1) on the background it
 * sits on, in light and in dark mode. Styles are inline (clients drop `<style>` or class rules unevenly); the
 * dark ones override them by class, with `!important`, in clients that honour `prefers-color-scheme`.
 */
export const light = {
  page: '#f7fafc',
  surface: '#ffffff',
  text: '#1a202c',
  muted: '#4a5568',
  border: '#cbd5e0',
  primary: '#2b6cb0',
  onPrimary: '#ffffff',
} as const;

export const dark = {
  page: '#171923',
  surface: '#1a202c',
  text: '#f7fafc',
  muted: '#cbd5e0',
  border: '#4a5568',
  primary: '#90cdf4',
  onPrimary: '#1a202c',
} as const;

export const font =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** Class names the dark-mode rules hook onto (inline styles carry the light look). */
export const cls = {
  page: 'b-page',
  card: 'b-card',
  text: 'b-text',
  muted: 'b-muted',
  link: 'b-link',
  button: 'b-button',
  rule: 'b-rule',
} as const;

export const darkModeCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; }
.${cls.page} { background-color: ${light.page}; }
@media (prefers-color-scheme: dark) {
  .${cls.page} { background-color: ${dark.page} !important; }
  .${cls.card} { background-color: ${dark.surface} !important; border-color: ${dark.border} !important; }
  .${cls.text} { color: ${dark.text} !important; }
  .${cls.muted} { color: ${dark.muted} !important; }
  .${cls.link} { color: ${dark.primary} !important; }
  .${cls.button} { background-color: ${dark.primary} !important; color: ${dark.onPrimary} !important; }
  .${cls.rule} { border-color: ${dark.border} !important; }
}
`;
