import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import type { Mail } from './mailer';

/**
 * html-to-text as React Email's `plainText: true` runs it, plus: headings keep their case, and a link whose
 * label is not its address gets the address in angle brackets (RFC 3986 appendix C), so it stays whole.
 */
const textOptions = {
  selectors: [
    {
      selector: 'a',
      options: { linkBrackets: ['<', '>'] as [string, string], hideLinkHrefIfSameAsText: true },
    },
    ...(['h1', 'h2', 'h3'] as const).map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/**
 * A mail with an HTML part and its text part. React escapes every value the element carries; the text part
 * comes from the same HTML (what `render(…, { plainText: true })` does, without rendering twice).
 */
export async function renderMail(
  element: ReactElement,
  envelope: { to: string; subject: string; headers?: Record<string, string> | undefined },
): Promise<Mail> {
  const html = await render(element);
  const text = toPlainText(html, textOptions);
  const { headers, ...rest } = envelope;
  return { ...rest, html, text, ...(headers ? { headers } : {}) };
}
