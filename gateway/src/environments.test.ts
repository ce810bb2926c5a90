import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticConfigOf } from './config';
import { manifestUrls, missingReleases, readEnvironment } from './environments';

let dir: string;
const env = (name: string) => join(dir, 'environments', `${name}.json`);
const all = (version: string) => ({
  'mf-tasks': version,
  'mf-folders': version,
  'mf-notifications': version,
  'mf-settings': version,
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-environments-'));
  await mkdir(join(dir, 'environments'));
  await mkdir(join(dir, 'releases/mf-settings/bbbbbbbbbbbb'), { recursive: true });
  await writeFile(join(dir, 'releases/mf-settings/bbbbbbbbbbbb/mf-manifest.json'), '{}');
  for (const remote of ['mf-tasks', 'mf-folders', 'mf-notifications']) {
    await mkdir(join(dir, `releases/${remote}/aaaaaaaaaaaa`), { recursive: true });
    await writeFile(join(dir, `releases/${remote}/aaaaaaaaaaaa/mf-manifest.json`), '{}');
  }
  await writeFile(
    env('production'),
    JSON.stringify({ remotes: { ...all('aaaaaaaaaaaa'), 'mf-settings': 'bbbbbbbbbbbb' } }),
  );
  await writeFile(
    env('staging-mf-settings'),
    JSON.stringify({ extends: 'production', remotes: { 'mf-settings': 'dist' } }),
  );
  await writeFile(
    env('broken'),
    JSON.stringify({ remotes: { ...all('aaaaaaaaaaaa'), 'mf-bogus': 'aaaaaaaaaaaa' } }),
  );
  await writeFile(env('partial'), JSON.stringify({ remotes: { 'mf-tasks': 'aaaaaaaaaaaa' } }));
  await writeFile(env('loop-a'), JSON.stringify({ extends: 'loop-b' }));
  await writeFile(env('loop-b'), JSON.stringify({ extends: 'loop-a' }));
  await writeFile(env('not-a-version'), JSON.stringify({ remotes: all('latest') }));
  await writeFile(
    env('unreleased'),
    JSON.stringify({ extends: 'production', remotes: { 'mf-tasks': 'cccccccccccc' } }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('environments', () => {
  it("names a version (or this checkout's build) per remote, one extending another", () => {
    const staging = readEnvironment(join(dir, 'environments'), 'staging-mf-settings');
    expect(staging).toEqual({ ...all('aaaaaaaaaaaa'), 'mf-settings': 'dist' });
    expect(manifestUrls(staging)).toEqual({
      'mf-tasks': '/mf/mf-tasks/aaaaaaaaaaaa/mf-manifest.json',
      'mf-folders': '/mf/mf-folders/aaaaaaaaaaaa/mf-manifest.json',
      'mf-notifications': '/mf/mf-notifications/aaaaaaaaaaaa/mf-manifest.json',
      'mf-settings': '/mf/mf-settings/mf-manifest.json',
    });
  });

  it('refuses unknown remotes, missing remotes, loops, names that are not versions and unknown files', () => {
    const read = (name: string) => () => readEnvironment(join(dir, 'environments'), name);
    expect(read('broken')).toThrow(/mf-bogus/);
    expect(read('partial')).toThrow(
      'environment "partial" names no version of mf-folders, mf-notifications, mf-settings',
    );
    expect(read('loop-a')).toThrow('environments extend each other in a loop: loop-a → loop-b → loop-a');
    expect(read('not-a-version')).toThrow(/a release version is 12 hex digits/);
    expect(read('nowhere')).toThrow(/no environment "nowhere"/);
    expect(read('../production')).toThrow('"../production" is not an environment name');
  });

  it('tells which releases an environment names that the store does not hold, and a gateway will not start on it', () => {
    const releases = join(dir, 'releases');
    expect(missingReleases(readEnvironment(join(dir, 'environments'), 'unreleased'), releases)).toEqual([
      'mf-tasks@cccccccccccc',
    ]);
    const settings = {
      SHELL_DIR: join(dir, 'shell'),
      ENVIRONMENTS_DIR: join(dir, 'environments'),
      RELEASES_DIR: releases,
      REMOTE_OVERRIDE_ORIGINS: [],
    };
    expect(() => staticConfigOf({ ...settings, BATON_ENVIRONMENT: 'unreleased' })).toThrow(
      /names releases not in .*: mf-tasks@cccccccccccc/,
    );
    expect(staticConfigOf({ ...settings, BATON_ENVIRONMENT: 'production' }).remotes['mf-settings']).toBe(
      '/mf/mf-settings/bbbbbbbbbbbb/mf-manifest.json',
    );
  });
});
