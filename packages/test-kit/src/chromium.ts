import { existsSync } from 'node:fs';

/**
 * The Chromium browser tests drive (playwright never downloads one here): CHROMIUM_PATH, else Debian's
 * headless shell (package chromium-headless-shell: Chromium's headless build, without the browser's own UI),
 * else Debian's full chromium. The shell ran tasks' mail checks in 19 s and 11 CPU-seconds, the full browser
 * in 33 s and 21.
 */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/** The full browser, for what the headless shell lacks: the Push API and a service worker's notifications. */
export const fullChromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
