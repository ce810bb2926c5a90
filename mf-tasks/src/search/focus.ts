/** The `data-shortcut` of the list's search box, which the `/` shortcut focuses. */
export const searchShortcut = 'search';

/** Puts the focus in the list's search box, its text selected; false when no list (no box) is on screen. */
export function focusSearch(root: ParentNode = document): boolean {
  const box = root.querySelector<HTMLInputElement>(`[data-shortcut="${searchShortcut}"]`);
  if (!box) return false;
  box.focus();
  box.select();
  return true;
}
