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
  const hex = (name: string) => {
    const value = tokens[name] ?? '';
    const full = value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
    expect(full, name).toMatch(/^#[0-9a-f]{6}$/i);
    return full;
  };
  const luminance = (colour: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(colour.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(hex(a)), luminance(hex(b))].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };

  it('defines the agreed token names and values', () => {
    expect(tokens).toMatchObject({
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
      '--b-radius': '8px',
      '--b-space-1': '4px',
      '--b-space-2': '8px',
      '--b-space-3': '12px',
      '--b-space-4': '16px',
      '--b-space-5': '24px',
      '--b-space-6': '32px',
    });
    for (const name of ['--b-font', '--b-color-primary-hover', '--b-shadow', '--b-priority-moderate']) {
      expect(tokens[name], name).toBeTruthy();
    }
    for (const p of priorities) expect(tokens[`--b-priority-${p.toLowerCase()}`]).toBe(priorityColors[p].hex);
  });

  // [text, background] pairs the component classes use.
  it.each([
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
  ])('%s on %s meets WCAG AA (4.5:1)', (text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('control borders meet the 3:1 non-text contrast', () => {
    expect(contrast('--b-color-border-strong', '--b-color-surface')).toBeGreaterThanOrEqual(3);
  });
});
