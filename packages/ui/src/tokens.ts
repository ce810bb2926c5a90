/** Task priorities in their sort order (SPEC §9: Immediate, Moderate, Lenient; numeric 0, 1, 2). */
export const priorities = ['Immediate', 'Moderate', 'Lenient'] as const;

export type Priority = (typeof priorities)[number];

export interface PriorityColor {
  /** CSS custom property reference, e.g. `var(--b-priority-immediate)`; prefer this in styles. */
  cssVar: string;
  /** The same colour as a hex value, for canvases, charts and SVG that cannot read CSS variables. */
  hex: string;
  /** Its hex value in the dark theme (lighter, for contrast on dark backgrounds). */
  darkHex: string;
}

/** Immediate red, Moderate yellow, Lenient green. Always pair the colour with the priority's name. */
export const priorityColors: Readonly<Record<Priority, PriorityColor>> = {
  Immediate: { cssVar: 'var(--b-priority-immediate)', hex: '#c53030', darkHex: '#f27a7a' },
  Moderate: { cssVar: 'var(--b-priority-moderate)', hex: '#d69e2e', darkHex: '#e9c046' },
  Lenient: { cssVar: 'var(--b-priority-lenient)', hex: '#2f855a', darkHex: '#5cc98a' },
};

/** Maps the stored number to a priority: 0 Immediate, 1 Moderate, 2 Lenient, anything else 'Unknown'. */
export function priorityFromNumber(n: number): Priority | 'Unknown' {
  return Number.isInteger(n) ? (priorities[n] ?? 'Unknown') : 'Unknown';
}

/** The inverse of priorityFromNumber: Immediate 0, Moderate 1, Lenient 2. */
export function priorityToNumber(priority: Priority): number {
  return priorities.indexOf(priority);
}
