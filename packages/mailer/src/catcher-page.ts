import type { CaughtMail } from './catcher';

/**
 * The inbox page runs no script, and a mail's HTML (shown in a sandboxed `srcdoc` frame, which inherits this
 * policy) loads nothing: no script, no remote image or font, no form. Inline styles are all a mail has.
 */
export const inboxHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Addresses in a text part become links (cut before the `<…>` brackets a text part puts around them). */
const linkify = (s: string) =>
  s
    .split(/(https?:\/\/[^\s<>]+)/)
    .map((part, i) =>
      i % 2 === 1
        ? `<a href="${escapeHtml(part)}" rel="noreferrer">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('');

function renderMail(m: CaughtMail) {
  const headers = Object.entries(m.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const html = m.html
    ? `<iframe sandbox="" srcdoc="${escapeHtml(m.html)}" title="HTML part of ${escapeHtml(m.subject)}"></iframe>`
    : '<p class="meta">No HTML part.</p>';
  return `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to.join(', '))} · ${escapeHtml(m.receivedAt)}</p>
${html}
<details${m.html ? '' : ' open'}><summary>Text part</summary><pre>${linkify(m.text)}</pre></details>
<details><summary>Headers</summary><pre>${escapeHtml(headers)}</pre></details></article>`;
}

/** Every caught mail, newest first: its HTML as a mail client shows it, its text part and headers a click away. */
export function renderInbox(mails: CaughtMail[]) {
  const items = [...mails].reverse().map(renderMail).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baton mail catcher</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1a202c}
article{border:1px solid #cbd5e0;border-radius:8px;padding:0 1rem 1rem;margin:1rem 0}.meta{color:#4a5568}
iframe{display:block;width:100%;height:40rem;border:1px solid #cbd5e0;border-radius:4px;background:#fff}
summary{cursor:pointer;margin-top:.75rem}pre{white-space:pre-wrap;word-break:break-word}
a{color:#2b6cb0}</style></head>
<body><h1>Baton mail catcher</h1><p>Mail the app sends while running locally lands here, newest first. Reload to refresh.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
}
