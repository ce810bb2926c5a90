import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTheme, themeKey } from '@baton/web-platform';
import { afterEach, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const bootScript = readFileSync(join(here, '../../public/theme.js'), 'utf8');
const page = readFileSync(join(here, '../index.html'), 'utf8');
const html = document.documentElement;

/** Runs public/theme.js as the page's head does, before any bundle. */
const runBootScript = () => new Function(bootScript)();

describe('the theme before the first paint (public/theme.js)', () => {
  afterEach(() => html.removeAttribute('data-theme'));

  it('is a blocking script in the head of every page, before the bundles', () => {
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<script src="/theme.js"></script>');
    expect(head).not.toMatch(/<script[^>]*(defer|async|type="module")[^>]*src="\/theme\.js"/);
  });

  it('puts the choice the theme module remembered on <html>', () => {
    setTheme('dark');
    html.removeAttribute('data-theme');
    runBootScript();
    expect(html).toHaveAttribute('data-theme', 'dark');
    setTheme('light');
    html.removeAttribute('data-theme');
    runBootScript();
    expect(html).toHaveAttribute('data-theme', 'light');
  });

  it('leaves <html> alone for System or an unknown value, so the styles follow the system', () => {
    setTheme('system');
    runBootScript();
    expect(html).not.toHaveAttribute('data-theme');
    localStorage.setItem(themeKey, 'sepia');
    runBootScript();
    expect(html).not.toHaveAttribute('data-theme');
  });
});
