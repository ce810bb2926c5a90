import { defaultFolderColor, folderPalette } from '@baton/contracts/constants';
import type { Translate } from '@baton/web-platform';
import type { book } from '../messages';

export interface ColourOption {
  /** The palette's name (English, a key of the book), or the stored hex value of a colour from before it. */
  name: string;
  /** Hex value, or null for "No colour". */
  value: string | null;
}

/** The palette of SPEC §3, by name, in its order. */
export const paletteOptions: ColourOption[] = Object.entries(folderPalette).map(([name, value]) => ({
  name,
  value,
}));

export const noColour: ColourOption = { name: 'No colour', value: null };

/** A stored colour as its palette entry (hex compared without case), or null when it is none of them. */
export function paletteEntry(color: string | null | undefined) {
  if (!color) return null;
  return paletteOptions.find((option) => option.value?.toLowerCase() === color.toLowerCase()) ?? null;
}

/** The colour the form starts with: the folder's own (as its palette entry), else Blue for a new folder. */
export function initialColour(folder?: { color: string | null }) {
  if (!folder) return defaultFolderColor;
  return paletteEntry(folder.color)?.value ?? folder.color;
}

/** What the form calls a colour in the person's language: the palette's name, "No colour", or "Current (#hex)". */
export function colourLabel(option: ColourOption, t: Translate<(typeof book)['en']>) {
  if (option.value === null) return t('noColour');
  const entry = paletteEntry(option.value);
  return entry ? t(entry.name as keyof typeof folderPalette) : t('currentColour', { color: option.value });
}
