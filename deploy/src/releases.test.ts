import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingReleases, readEnvironment, repoRoot } from '@baton/gateway';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { environmentsTable } from './environments';
import { contentVersion, pointEnvironment, writeRelease } from './releases';

let dir: string;
const build = () => join(dir, 'dist');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baton-release-'));
  mkdirSync(join(build(), 'static/js'), { recursive: true });
  writeFileSync(join(build(), 'mf-manifest.json'), '{"name":"mf_settings"}');
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
