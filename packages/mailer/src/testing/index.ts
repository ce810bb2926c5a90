export { describeAxeChecks, launchChromium, mailViolations } from './browser';
export { hrefsOf, linesOf } from './inspect';
export * from './samples';
