/** One thing the palette can do, listed under a group heading and found by its label (and keywords). */
export interface PaletteCommand {
  id: string;
  label: string;
  /** Other words that find it (the English label in German, a section's other name). */
  keywords?: readonly string[];
  run: () => void;
}

/** Lower case without accents, so "uber" finds "Über". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether every word typed is in the command's label or keywords. */
export function matches(command: PaletteCommand, text: string) {
  const haystack = fold([command.label, ...(command.keywords ?? [])].join(' '));
  return fold(text)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The Ctrl+K (Cmd+K on a Mac) that opens and closes the palette, wherever focus is. */
export const isPaletteKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
