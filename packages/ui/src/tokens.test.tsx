import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriorityBadge } from './PriorityBadge';
import { priorities, priorityColors, priorityFromNumber, priorityToNumber } from './tokens';

describe('priorityFromNumber', () => {
  it('maps 0, 1, 2 to Immediate, Moderate, Lenient', () => {
    expect(priorityFromNumber(0)).toBe('Immediate');
    expect(priorityFromNumber(1)).toBe('Moderate');
    expect(priorityFromNumber(2)).toBe('Lenient');
  });

  it.each([-1, 3, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('maps %s to Unknown', (n) => {
    expect(priorityFromNumber(n)).toBe('Unknown');
  });

  it('round-trips with priorityToNumber and keeps the sort order', () => {
    expect(priorities).toEqual(['Immediate', 'Moderate', 'Lenient']);
    for (const p of priorities) expect(priorityFromNumber(priorityToNumber(p))).toBe(p);
  });

  it('gives each priority a CSS variable and a hex colour', () => {
    expect(priorityColors.Immediate.cssVar).toBe('var(--b-priority-immediate)');
    expect(priorityColors.Moderate.cssVar).toBe('var(--b-priority-moderate)');
    expect(priorityColors.Lenient.cssVar).toBe('var(--b-priority-lenient)');
    for (const p of priorities) expect(priorityColors[p].hex).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('PriorityBadge', () => {
  it('shows the priority as text, with the colour only as decoration', () => {
    const { container } = render(<PriorityBadge priority="Immediate" />);
    expect(screen.getByText('Immediate')).toHaveClass('b-priority-badge', 'b-priority-badge--immediate');
    expect(container.querySelector('.b-priority-badge__dot')).toHaveAttribute('aria-hidden', 'true');
  });

  it('accepts the stored number and falls back to Unknown', () => {
    render(
      <>
        <PriorityBadge priority={2} />
        <PriorityBadge priority={7} />
      </>,
    );
    expect(screen.getByText('Lenient')).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toHaveClass('b-priority-badge--unknown');
  });
});

describe('styles.css tokens', () => {
  const css = readFileSync(
    fileURLToPath(import.meta.url).replace(/tokens\.test\.tsx$/, 'styles.css'),
    'utf8',
  );
  const root = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {')));
  const tokens = Object.fromEntries(
    [...root.matchAll(/(--b-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1] as string, (m[2] as string).trim()]),
  );
  const colourNames = Object.keys(tokens).filter((name) => /^--b-(color|priority)-/.test(name));
  /** A colour token's value in one theme: the first or second half of its `light-dark(light, dark)`. */
  const value = (name: string, theme: Theme) => {
    const pair = /^light-dark\((.+),\s*(.+)\)$/.exec(tokens[name] ?? '');
    expect(pair, `${name} has a light and a dark value`).toBeTruthy();
    return (pair?.[theme === 'light' ? 1 : 2] ?? '').trim();
  };
  const hex = (name: string, theme: Theme) => {
    const raw = value(name, theme);
    const full = raw.length === 4 ? `#${[...raw.slice(1)].map((c) => c + c).join('')}` : raw;
    expect(full, `${name} (${theme})`).toMatch(/^#[0-9a-f]{6}$/i);
    return full;
  };
  const luminance = (colour: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(colour.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string, theme: Theme) => {
    const [hi, lo] = [luminance(hex(a, theme)), luminance(hex(b, theme))].sort((x, y) => y - x) as [
      number,
      number,
    ];
    return (hi + 0.05) / (lo + 0.05);
  };
  const themes = ['light', 'dark'] as const;
  type Theme = (typeof themes)[number];

  it('defines the agreed token names and light values', () => {
    expect(tokens).toMatchObject({
      '--b-radius': '8px',
      '--b-space-1': '4px',
      '--b-space-2': '8px',
      '--b-space-3': '12px',
      '--b-space-4': '16px',
      '--b-space-5': '24px',
      '--b-space-6': '32px',
    });
    expect(
      Object.fromEntries(
        [
          '--b-color-bg',
          '--b-color-surface',
          '--b-color-text',
          '--b-color-muted',
          '--b-color-border',
          '--b-color-primary',
          '--b-color-primary-contrast',
          '--b-color-danger',
          '--b-color-success',
          '--b-color-warning',
          '--b-color-info',
        ].map((name) => [name, value(name, 'light')]),
      ),
    ).toEqual({
      '--b-color-bg': '#f7fafc',
      '--b-color-surface': '#fff',
      '--b-color-text': '#1a202c',
      '--b-color-muted': '#4a5568',
      '--b-color-border': '#cbd5e0',
      '--b-color-primary': '#2b6cb0',
      '--b-color-primary-contrast': '#fff',
      '--b-color-danger': '#c53030',
      '--b-color-success': '#2f855a',
      '--b-color-warning': '#b7791f',
      '--b-color-info': '#2b6cb0',
    });
    for (const name of ['--b-font', '--b-color-primary-hover', '--b-shadow', '--b-priority-moderate']) {
      expect(tokens[name], name).toBeTruthy();
    }
    for (const p of priorities) {
      expect(value(`--b-priority-${p.toLowerCase()}`, 'light')).toBe(priorityColors[p].hex);
      expect(value(`--b-priority-${p.toLowerCase()}`, 'dark')).toBe(priorityColors[p].darkHex);
    }
  });

  it('gives every colour a light and a dark value, and follows the system unless data-theme says', () => {
    expect(colourNames.length).toBeGreaterThan(20);
    for (const name of colourNames) for (const theme of themes) expect(value(name, theme)).not.toBe('');
    expect(root).toContain('color-scheme: light dark;');
    expect(css).toMatch(/:root\[data-theme="light"\] \{\s*color-scheme: light;/);
    expect(css).toMatch(/:root\[data-theme="dark"\] \{\s*color-scheme: dark;/);
  });

  // [text, background] pairs the component classes use.
  const textPairs = [
    ['--b-color-text', '--b-color-bg'],
    ['--b-color-text', '--b-color-surface'],
    ['--b-color-text', '--b-color-hover'],
    ['--b-color-muted', '--b-color-bg'],
    ['--b-color-muted', '--b-color-surface'],
    ['--b-color-muted', '--b-color-hover'],
    ['--b-color-primary', '--b-color-bg'],
    ['--b-color-primary', '--b-color-surface'],
    ['--b-color-primary', '--b-color-hover'],
    ['--b-color-primary-contrast', '--b-color-primary'],
    ['--b-color-primary-contrast', '--b-color-primary-hover'],
    ['--b-color-primary-contrast', '--b-color-danger'],
    ['--b-color-primary-contrast', '--b-color-danger-hover'],
    ['--b-color-danger', '--b-color-surface'],
    ['--b-color-danger', '--b-color-bg'],
    ['--b-color-text', '--b-color-danger-soft'],
    ['--b-color-text', '--b-color-success-soft'],
    ['--b-color-text', '--b-color-warning-soft'],
    ['--b-color-text', '--b-color-info-soft'],
  ] as const;
  it.each(
    themes.flatMap((theme) => textPairs.map(([text, background]) => [text, background, theme] as const)),
  )('%s on %s meets WCAG AA (4.5:1) in the %s theme', (text, background, theme) => {
    expect(contrast(text, background, theme)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(themes)('control borders meet the 3:1 non-text contrast (%s)', (theme) => {
    expect(contrast('--b-color-border-strong', '--b-color-surface', theme)).toBeGreaterThanOrEqual(3);
  });

  // Always shown beside the priority's name; on dark backgrounds they are lightened to stay visible.
  it('priority colours keep 3:1 against the dark surface', () => {
    for (const p of priorities)
      expect(
        contrast(`--b-priority-${p.toLowerCase()}`, '--b-color-surface', 'dark'),
        p,
      ).toBeGreaterThanOrEqual(3);
  });
});
