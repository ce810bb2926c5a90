import { buildFrontEnds } from './browser';

/** vitest's global setup of the browser tests: the shell and every remote, built once from the current source. */
export default function setup() {
  return buildFrontEnds();
}
