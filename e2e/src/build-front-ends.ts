import { buildFrontEnds } from './browser';

/**
 * vitest's global setup of the browser tests: the shell and every remote, built once from the current source.
 * `npm test` builds them once itself before its two lanes of browser tests start (E2E_FRONT_ENDS_BUILT=1), so
 * the lanes do not build them twice, at once, into the same folders.
 */
export default function setup() {
  if (process.env.E2E_FRONT_ENDS_BUILT !== '1') buildFrontEnds();
}
