import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticConfigOf } from './config';
import { environmentChain, environmentNames, manifestUrls, readEnvironment } from './environments';
import { directoryStore, missingReleases } from './release-store';

let dir: string;
const environments = () => join(dir, 'environments');
const all = (version: string) => ({
  'mf-tasks': version,
  'mf-folders': version,
  'mf-notifications': version,
  'mf-settings': version,
});

/** Writes environment `name`: its settings and one pointer file per remote it sets. */
async function environment(name: string, settings: object, remotes: Record<string, unknown> = {}) {
  await mkdir(join(environments(), name), { recursive: true });
  await writeFile(join(environments(), name, 'environment.json'), JSON.stringify(settings));
  for (const [remote, version] of Object.entries(remotes))
    await writeFile(
      join(environments(), name, `${remote}.json`),
      JSON.stringify(typeof version === 'string' ? { version, previous: [] } : version),
    );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-environments-'));
  await mkdir(join(dir, 'releases/mf-settings/bbbbbbbbbbbb'), { recursive: true });
  await writeFile(join(dir, 'releases/mf-settings/bbbbbbbbbbbb/mf-manifest.json'), '{}');
  for (const remote of ['mf-tasks', 'mf-folders', 'mf-notifications']) {
    await mkdir(join(dir, `releases/${remote}/aaaaaaaaaaaa`), { recursive: true });
    await writeFile(join(dir, `releases/${remote}/aaaaaaaaaaaa/mf-manifest.json`), '{}');
  }
  await environment('production', {}, { ...all('aaaaaaaaaaaa'), 'mf-settings': 'bbbbbbbbbbbb' });
  await environment('staging', { extends: 'production' });
  await environment('staging-mf-settings', { extends: 'staging' }, { 'mf-settings': 'dist' });
  await environment('broken', {}, { ...all('aaaaaaaaaaaa'), 'mf-bogus': 'aaaaaaaaaaaa' });
  await environment('partial', {}, { 'mf-tasks': 'aaaaaaaaaaaa' });
  await environment('loop-a', { extends: 'loop-b' });
  await environment('loop-b', { extends: 'loop-a' });
  await environment('not-a-version', {}, all('latest'));
  await environment('extra-field', {}, { ...all('aaaaaaaaaaaa'), 'mf-tasks': { version: 'dist', by: 'me' } });
  await environment('unreleased', { extends: 'production' }, { 'mf-tasks': 'cccccccccccc' });
  await mkdir(join(environments(), 'not-an-environment'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('environments', () => {
  it("name a version (or this checkout's build) per remote, one file each, one extending another", () => {
    const staging = readEnvironment(environments(), 'staging-mf-settings');
    expect(staging).toEqual({ ...all('aaaaaaaaaaaa'), 'mf-settings': 'dist' });
    expect(environmentChain(environments(), 'staging-mf-settings')).toEqual([
      'staging-mf-settings',
      'staging',
      'production',
    ]);
    expect(manifestUrls(staging)).toEqual({
      'mf-tasks': '/mf/mf-tasks/aaaaaaaaaaaa/mf-manifest.json',
      'mf-folders': '/mf/mf-folders/aaaaaaaaaaaa/mf-manifest.json',
      'mf-notifications': '/mf/mf-notifications/aaaaaaaaaaaa/mf-manifest.json',
      'mf-settings': '/mf/mf-settings/mf-manifest.json',
    });
    expect(environmentNames(environments())).not.toContain('not-an-environment');
    expect(environmentNames(environments())).toContain('staging-mf-settings');
  });

  it('refuse unknown remotes, missing remotes, loops, names that are not versions and unknown fields', () => {
    const read = (name: string) => () => readEnvironment(environments(), name);
    expect(read('broken')).toThrow(/no remote is called mf-bogus\.json/);
    expect(read('partial')).toThrow(
      'environment "partial" names no version of mf-folders, mf-notifications, mf-settings',
    );
    expect(read('loop-a')).toThrow('environments extend each other in a loop: loop-a → loop-b → loop-a');
    expect(read('not-a-version')).toThrow(/a release version is 12 hex digits/);
    expect(read('extra-field')).toThrow(/by/);
    expect(read('nowhere')).toThrow(/no environment "nowhere"/);
    expect(read('../production')).toThrow('"../production" is not an environment name');
  });

  it('tell which releases an environment names that the store does not hold, and a gateway will not start on it', async () => {
    const store = directoryStore(join(dir, 'releases'));
    expect(await missingReleases(readEnvironment(environments(), 'unreleased'), store.has)).toEqual([
      'mf-tasks@cccccccccccc',
    ]);
    const settings = {
      SHELL_DIR: join(dir, 'shell'),
      ENVIRONMENTS_DIR: environments(),
      RELEASE_STORE: join(dir, 'releases'),
      RELEASE_STORE_REGION: 'us-east-1',
      RELEASE_CACHE_DIR: join(dir, 'cache'),
      REMOTE_OVERRIDE_ORIGINS: [],
    };
    await expect(staticConfigOf({ ...settings, BATON_ENVIRONMENT: 'unreleased' })).rejects.toThrow(
      /names releases not in .*: mf-tasks@cccccccccccc/,
    );
    const production = await staticConfigOf({ ...settings, BATON_ENVIRONMENT: 'production' });
    expect(production.remotes['mf-settings']).toBe('/mf/mf-settings/bbbbbbbbbbbb/mf-manifest.json');
  });
});
