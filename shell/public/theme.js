// Before the first paint: the theme chosen on this device (Settings › Appearance, the command palette) goes on
// <html>, so no page flashes the other theme first. No choice: the styles follow the system's colour scheme.
// Kept in step with @baton/web-platform's theme module (src/theme: the key `baton.theme`, `data-theme`).
try {
  const choice = localStorage.getItem('baton.theme');
  if (choice === 'light' || choice === 'dark') document.documentElement.setAttribute('data-theme', choice);
} catch {
  // Storage refused (private mode): the system's scheme it is.
}
