/**
 * A page opens with several remote areas, and on a slow network they share its bandwidth. The main one (the
 * list people came for) goes first; secondary ones (the bell, the folder strip) start loading once it has
 * rendered, so after it has asked for its data, or after `patienceMs` whatever happens to it. Once per page
 * load: later areas find the code cached.
 */
export const patienceMs = 3000;

let markShown: () => void = () => undefined;

/** Settles when the page's main area has rendered its view (or given up), or after `patienceMs`. */
export const mainViewShown = new Promise<void>((resolve) => {
  markShown = resolve;
  setTimeout(resolve, patienceMs);
});

/** Called by the main area once its view (or its fallback) is on the page. */
export const showMainView = () => markShown();
