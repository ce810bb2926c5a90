/**
 * The folder whose view was just left with Back: the strip gives its card the focus when it shows again,
 * so keyboard users land where they were. Module state, shared by the strip and the view of this remote.
 */
let returnTo: string | null = null;

export const rememberReturn = (folderId: string) => {
  returnTo = folderId;
};

/** Takes the remembered folder id, once. */
export function takeReturn() {
  const id = returnTo;
  returnTo = null;
  return id;
}
