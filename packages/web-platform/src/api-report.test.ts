import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkReport,
  compareApis,
  formatReport,
  generateApi,
  nextVersion,
  packageDir,
  packageVersion,
  reportPath,
  versionProblem,
} from '../api/api-report';

/**
 * The shell/remote contract is versioned: the checked-in API report (api/web-platform.api.md) is what the
 * source exports, at a version bumped by the right size for what changed since the version it records, and
 * every remote requires a range of @baton/web-platform that this version satisfies.
 */
describe('the contract of @baton/web-platform', () => {
  let api: string;
  beforeAll(() => {
    api = generateApi();
  }, 120_000);

  it('is the checked-in API report, at a version bumped by the right size for what changed', () => {
    const { problems } = checkReport(readFileSync(reportPath, 'utf8'), api, packageVersion());
    if (problems.length > 0) expect.fail(problems.join('\n'));
  });

  it("is in every remote's range: each remote's build requires a @baton/web-platform this version satisfies", async () => {
    const root = join(packageDir, '../..');
    const remotes = readdirSync(root).filter((name) => name.startsWith('mf-'));
    expect(remotes.length).toBeGreaterThan(0);
    const version = packageVersion();
    for (const remote of remotes) {
      const module = (await import(join(root, remote, 'rspack.config.ts'))) as { default: unknown };
      const config = (
        typeof module.default === 'function' ? module.default({}, { mode: 'production' }) : module.default
      ) as { plugins: { constructor: { name: string }; _options?: { shared?: Record<string, Shared> } }[] };
      const federation = config.plugins.find(
        (plugin) => plugin?.constructor.name === 'ModuleFederationPlugin',
      );
      const range = federation?._options?.shared?.['@baton/web-platform']?.requiredVersion;
      expect(range, `${remote} shares @baton/web-platform`).toBeTypeOf('string');
      expect(
        semver.satisfies(version, range as string),
        `${remote} requires @baton/web-platform ${range}, which ${version} does not satisfy`,
      ).toBe(true);
    }
  }, 60_000);
});

interface Shared {
  requiredVersion?: string;
}

const base = `import { ComponentType } from 'react';
import { BaseQueryFn } from '@reduxjs/toolkit/query';

export interface FolderViewProps {
    folderId: string;
}

export interface Options {
    retries: number;
}

export const platformApi: Api<BaseQueryFn<string>>;

export interface RemoteViews {
    'mf-folders': {
        FolderView: FolderViewProps;
    };
}

export function useThing(options: Options): void;`;

describe('what a change of the contract needs', () => {
  it('nothing when only the comments or the imports changed', () => {
    expect(compareApis(base, base.replace("import { ComponentType } from 'react';\n", '')).level).toBe(
      'none',
    );
    // API Extractor numbers an import that collides with another: the declaration is the same.
    const renamed = base
      .replace(
        "from '@reduxjs/toolkit/query';",
        "from '@reduxjs/toolkit/query';\nimport { BaseQueryFn as Other } from 'x';",
      )
      .replace(
        "import { BaseQueryFn } from '@reduxjs/toolkit/query';",
        "import { BaseQueryFn as BaseQueryFn_2 } from '@reduxjs/toolkit/query';",
      )
      .replace('Api<BaseQueryFn<string>>', 'Api<BaseQueryFn_2<string>>');
    expect(compareApis(base, renamed).level).toBe('none');
  });

  it('additive: a new export, or an optional member added to an interface that is not a view', () => {
    expect(compareApis(base, `${base}\n\nexport const added = 1;`)).toMatchObject({
      level: 'additive',
      added: ['added'],
    });
    const optional = base.replace('    retries: number;', '    retries: number;\n    timeout?: number;');
    expect(compareApis(base, optional)).toMatchObject({ level: 'additive', extended: ['Options'] });
  });

  it('breaking: a removed export, a changed one, a required member, or any change to the remote views', () => {
    expect(
      compareApis(base, base.replace('export function useThing(options: Options): void;', '')),
    ).toMatchObject({ level: 'breaking', removed: ['useThing'] });
    expect(
      compareApis(base, base.replace('    retries: number;', '    retries: number;\n    timeout: number;')),
    ).toMatchObject({ level: 'breaking', changed: ['Options'] });
    // Even an optional prop: the shell would pass what older remotes do not read.
    const viewProp = base.replace('    folderId: string;', '    folderId: string;\n    highlight?: string;');
    expect(compareApis(base, viewProp)).toMatchObject({ level: 'breaking', changed: ['FolderViewProps'] });
    const newView = base.replace(
      '        FolderView: FolderViewProps;',
      '        FolderView: FolderViewProps;\n        Strip: NoProps;',
    );
    expect(compareApis(base, newView)).toMatchObject({ level: 'breaking', changed: ['RemoteViews'] });
  });

  it('0.x: breaking → the next minor, additive → the next patch; from 1.0: major and minor', () => {
    expect(nextVersion('0.2.0', 'breaking')).toBe('0.3.0');
    expect(nextVersion('0.2.3', 'additive')).toBe('0.2.4');
    expect(nextVersion('1.4.2', 'breaking')).toBe('2.0.0');
    expect(nextVersion('1.4.2', 'additive')).toBe('1.5.0');
  });

  it('the version must be bumped by the right size: enough, and not past ^ for an addition', () => {
    const breaking = compareApis(base, base.replace('    retries: number;', '    retries: string;'));
    expect(versionProblem('0.2.0', '0.2.0', breaking)).toMatch(
      /changed Options\. That is a breaking change \(the next minor while 0\.x\): set "version": "0\.3\.0"/,
    );
    expect(versionProblem('0.2.0', '0.2.1', breaking)).toMatch(/"0\.3\.0"/);
    expect(versionProblem('0.2.0', '0.3.0', breaking)).toBeUndefined();
    const additive = compareApis(base, `${base}\n\nexport const added = 1;`);
    expect(versionProblem('0.2.0', '0.2.0', additive)).toMatch(/"version": "0\.2\.1"/);
    expect(versionProblem('0.2.0', '0.2.1', additive)).toBeUndefined();
    expect(versionProblem('0.2.0', '0.3.0', additive)).toMatch(/refuses: use 0\.2\.1/);
    const none = compareApis(base, base);
    expect(versionProblem('0.2.0', '0.2.5', none)).toBeUndefined();
    expect(versionProblem('0.2.0', '0.1.9', none)).toMatch(/below/);
  });

  it('a report at the right version that is not regenerated still fails, saying how to regenerate it', () => {
    const added = `${base}\n\nexport const added = 1;`;
    expect(checkReport(formatReport('0.2.0', base), added, '0.2.1').problems).toEqual([
      expect.stringMatching(/out of date .*run npm run api-report -w @baton\/web-platform/),
    ]);
    expect(checkReport(formatReport('0.2.1', added), added, '0.2.1').problems).toEqual([]);
  });
});
