import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingReleases, readEnvironment, repoRoot } from '@baton/gateway';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { environmentsTable } from './environments';
import { contentVersion, pointEnvironment, promotionRefusal, writeRelease } from './releases';

let dir: string;
/** A manifest as Module Federation writes one: its entry, and the assets of an exposed view. */
const manifest = (js: string[], order: 'as built' | 'reordered' = 'as built') => {
  const exposes = [
    { id: 'mf_settings:Settings', assets: { js: { sync: js, async: [] }, css: { sync: [], async: [] } } },
  ];
  const metaData = { name: 'mf_settings', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } };
  return order === 'as built'
    ? { id: 'mf_settings', metaData, exposes }
    : { exposes, metaData, id: 'mf_settings' };
};
const build = () => join(dir, 'dist');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baton-release-'));
  mkdirSync(join(build(), 'static/js'), { recursive: true });
  writeFileSync(
    join(build(), 'mf-manifest.json'),
    JSON.stringify(manifest(['static/js/1.abc.js', 'static/js/2.def.js'])),
  );
  writeFileSync(join(build(), 'static/js/2.def.js'), 'export const two = 2;');
  writeFileSync(join(build(), 'mf-stats.json'), '{"chunks":[1,2]}');
  writeFileSync(join(build(), 'remoteEntry.js'), 'var mf_settings;');
  writeFileSync(join(build(), 'remoteEntry.js.map'), '{"mappings":""}');
  writeFileSync(join(build(), 'static/js/1.abc.js'), 'export {};');
  cpSync(join(repoRoot, 'deploy/environments'), join(dir, 'environments'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('releases', () => {
  it('are named by their content: same build, same version; one byte more, another', () => {
    const version = contentVersion(build());
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(contentVersion(build())).toBe(version);
    // Source maps are not part of a release.
    writeFileSync(join(build(), 'remoteEntry.js.map'), '{"mappings":"AAAA"}');
    expect(contentVersion(build())).toBe(version);
    writeFileSync(join(build(), 'static/js/1.abc.js'), 'export {}; ');
    expect(contentVersion(build())).not.toBe(version);
  });

  it('hash what the browser loads, however the build ordered its manifest and statistics', () => {
    const version = contentVersion(build());
    // Another build of the same source: the statistics and the manifest's order differ, nothing loaded does.
    writeFileSync(join(build(), 'mf-stats.json'), '{"chunks":[2,1]}');
    writeFileSync(
      join(build(), 'mf-manifest.json'),
      JSON.stringify(manifest(['static/js/2.def.js', 'static/js/1.abc.js'], 'reordered'), null, 2),
    );
    expect(contentVersion(build())).toBe(version);
    // A file the manifest names, and the entry, are what the version is of.
    writeFileSync(join(build(), 'static/js/2.def.js'), 'export const two = 3;');
    const changed = contentVersion(build());
    expect(changed).not.toBe(version);
    writeFileSync(join(build(), 'remoteEntry.js'), 'var mf_settings = 1;');
    expect(contentVersion(build())).not.toBe(changed);
  });

  it('are written once, whole, without source maps, and never rewritten', () => {
    const releases = join(dir, 'releases');
    const version = writeRelease('mf-settings', build(), releases);
    const folder = join(releases, 'mf-settings', version);
    expect(readFileSync(join(folder, 'static/js/1.abc.js'), 'utf8')).toBe('export {};');
    expect(existsSync(join(folder, 'remoteEntry.js.map'))).toBe(false);
    writeFileSync(join(folder, 'mf-manifest.json'), 'tampered');
    expect(writeRelease('mf-settings', build(), releases)).toBe(version);
    expect(readFileSync(join(folder, 'mf-manifest.json'), 'utf8')).toBe('tampered');
    expect(() => writeRelease('mf-settings', join(dir, 'nothing'), releases)).toThrow(
      'holds no build of mf-settings',
    );
  });

  it('go live in an environment by one changed line, which a rollback changes back', () => {
    const environments = join(dir, 'environments');
    const file = join(environments, 'staging-mf-settings.json');
    const before = readFileSync(file, 'utf8');
    const previous = readEnvironment(environments, 'staging-mf-settings')['mf-settings'];
    pointEnvironment(environments, 'staging-mf-settings', 'mf-settings', 'abcdefabcdef');
    const after = readFileSync(file, 'utf8');
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed).toEqual(['    "mf-settings": "abcdefabcdef"']);
    expect(readEnvironment(environments, 'staging-mf-settings')['mf-settings']).toBe('abcdefabcdef');
    expect(readEnvironment(environments, 'production')['mf-settings']).toBe(previous);
    pointEnvironment(environments, 'staging-mf-settings', 'mf-settings', previous as string);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(() => pointEnvironment(environments, 'staging-mf-settings', 'mf-settings', 'latest')).toThrow(
      /12 hex digits/,
    );
  });
});

describe("this repository's environments", () => {
  it('name only releases the store holds, and the table shows what each runs', () => {
    const environments = join(repoRoot, 'deploy/environments');
    const releases = join(repoRoot, 'deploy/releases');
    const table = environmentsTable(environments, releases);
    expect(table[0]).toMatch(
      /^environment\s+mf-tasks\s+mf-folders\s+mf-notifications\s+mf-settings\s+what it is$/,
    );
    const names = table.slice(1).map((row) => row.split(/\s+/)[0]);
    expect(names).toEqual(expect.arrayContaining(['local', 'production', 'staging', 'staging-mf-settings']));
    for (const name of names)
      expect(missingReleases(readEnvironment(environments, name as string), releases)).toEqual([]);
    expect(table.join('\n')).not.toContain('(missing)');
  });

  it('marks a release the store lacks', () => {
    const environments = join(dir, 'environments');
    pointEnvironment(environments, 'staging', 'mf-tasks', 'abcdefabcdef');
    const staging = environmentsTable(environments, join(repoRoot, 'deploy/releases')).find((row) =>
      row.startsWith('staging '),
    );
    expect(staging).toContain('abcdefabcdef (missing)');
  });
});

describe('promotion', () => {
  const releasesDir = () => join(dir, 'releases');
  /** A release of mf-settings asking for `range` of the shell/remote contract. */
  function released(range: string) {
    const built = JSON.parse(readFileSync(join(build(), 'mf-manifest.json'), 'utf8'));
    built.shared = [{ name: '@baton/web-platform', requiredVersion: range }];
    writeFileSync(join(build(), 'mf-manifest.json'), JSON.stringify(built));
    return writeRelease('mf-settings', build(), releasesDir());
  }
  const refusal = (version: string, running = version) =>
    promotionRefusal({
      remote: 'mf-settings',
      version,
      running,
      from: 'staging',
      releasesDir: releasesDir(),
    });

  it('takes the release the source environment runs, when the store has it and the shell meets its contract', () => {
    const shell = JSON.parse(
      readFileSync(join(repoRoot, 'packages/web-platform/package.json'), 'utf8'),
    ).version;
    expect(refusal(released(`^${shell}`))).toBeNull();
  });

  it('refuses, saying why in one line, anything else', () => {
    const good = released('>=0.0.0');
    expect(refusal('dist')).toBe(
      "staging runs this checkout's build of mf-settings, not a release: publish it first.",
    );
    expect(refusal('deadbeef')).toBe('"deadbeef" is not a release version (12 hex digits).');
    expect(refusal('deadbeef0000')).toBe('mf-settings@deadbeef0000 is not in the release store.');
    expect(refusal(good, 'abcdefabcdef')).toBe(
      `mf-settings@${good} is not what staging runs (abcdefabcdef).`,
    );
    const tooNew = released('^99.0.0');
    expect(refusal(tooNew)).toMatch(
      /^mf-settings@\w{12} needs @baton\/web-platform \^99\.0\.0; the shell has /,
    );
  });

  it('from the command line: a missing version exits non-zero with its reason, and changes nothing', () => {
    const production = readFileSync(join(repoRoot, 'deploy/environments/production.json'), 'utf8');
    const run = spawnSync(
      'npx',
      [
        'tsx',
        'deploy/src/release.ts',
        'promote',
        'mf-tasks',
        '--from',
        'staging-mf-tasks',
        '--to',
        'production',
        '--version',
        'deadbeef0000',
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('mf-tasks@deadbeef0000 is not in the release store.');
    expect(readFileSync(join(repoRoot, 'deploy/environments/production.json'), 'utf8')).toBe(production);
  });
});
