import { defaultFolderColor, folderPalette } from '@baton/contracts/constants';

export interface ColourOption {
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

/** The name to announce for a colour: the palette's, "No colour", or the hex value. */
export const colourName = (color: string | null) =>
  color === null ? noColour.name : (paletteEntry(color)?.name ?? color);
