import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** One test file's tests, failures and whole time, as .ci/run's summary reads them (deploy/src/areas.ts). */
export interface FileTime {
  file: string;
  tests: number;
  failed: number;
  ms: number;
}

/**
 * Writes each test file's whole time: setting up, importing, its hooks and its tests. vitest's JSON report times
 * a file from its first test's start to its last test's end, so a file that starts an app or a topology in
 * `beforeAll` looked seconds shorter than it was.
 */
export default class FileTimesReporter implements Reporter {
  constructor(private readonly options: { outputFile: string }) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const times: FileTime[] = testModules.map((module) => {
      const d = module.diagnostic();
      const tests = [...module.children.allTests()];
      return {
        file: module.moduleId,
        tests: tests.length,
        failed: tests.filter((test) => test.result().state === 'failed').length,
        ms: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
      };
    });
    writeFileSync(this.options.outputFile, JSON.stringify(times));
  }
}
