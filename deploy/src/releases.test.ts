import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bucketStore,
  directoryStore,
  type ReleaseStore,
  readEnvironment,
  readPointers,
  repoRoot,
} from '@baton/gateway';
import { S3_TEST_CREDENTIALS, startS3Server } from '@baton/test-kit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { environmentsTable } from './environments';
import {
  contentVersion,
  environmentKustomization,
  pointEnvironment,
  promotionRefusal,
  releaseRefusal,
  rollBackEnvironment,
  uploadRelease,
} from './releases';

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

  it('are written once, whole, without source maps, and never rewritten (a directory store)', async () => {
    const store = directoryStore(join(dir, 'releases'));
    const { version, outcome } = await uploadRelease('mf-settings', build(), store);
    expect(outcome).toBe('added');
    const folder = (await store.localDir('mf-settings', version)) as string;
    expect(folder).toBe(join(dir, 'releases/mf-settings', version));
    expect(readFileSync(join(folder, 'static/js/1.abc.js'), 'utf8')).toBe('export {};');
    expect(existsSync(join(folder, 'remoteEntry.js.map'))).toBe(false);
    writeFileSync(join(folder, 'mf-manifest.json'), 'tampered');
    expect(await uploadRelease('mf-settings', build(), store)).toEqual({ version, outcome: 'exists' });
    expect(readFileSync(join(folder, 'mf-manifest.json'), 'utf8')).toBe('tampered');
    await expect(uploadRelease('mf-settings', join(dir, 'nothing'), store)).rejects.toThrow(
      'holds no build of mf-settings',
    );
  });
});

describe('environments', () => {
  const environments = () => join(dir, 'environments');
  const pointer = (environment: string, remote: string) =>
    readFileSync(join(environments(), environment, `${remote}.json`), 'utf8');

  it('go live by one pointer file per remote, keeping what ran before, which a rollback goes back to', () => {
    const production = readEnvironment(environments(), 'production');
    const before = pointer('staging-mf-settings', 'mf-settings');
    const earlier = readPointers(environments(), 'staging-mf-settings')['mf-settings'];
    if (!earlier) throw new Error('staging-mf-settings sets no mf-settings');
    pointEnvironment(environments(), 'staging-mf-settings', 'mf-settings', 'abcdefabcdef');
    pointEnvironment(environments(), 'staging-mf-settings', 'mf-settings', 'abcdefabcdee');
    expect(readPointers(environments(), 'staging-mf-settings')['mf-settings']).toEqual({
      version: 'abcdefabcdee',
      previous: ['abcdefabcdef', earlier.version, ...earlier.previous],
    });
    // Nothing else changed: production, and staging's other remotes.
    expect(readEnvironment(environments(), 'production')).toEqual(production);
    expect(readEnvironment(environments(), 'staging-mf-settings')).toEqual({
      ...production,
      'mf-settings': 'abcdefabcdee',
    });
    expect(rollBackEnvironment(environments(), 'staging-mf-settings', 'mf-settings')).toEqual({
      from: 'abcdefabcdee',
      to: 'abcdefabcdef',
    });
    expect(rollBackEnvironment(environments(), 'staging-mf-settings', 'mf-settings')).toEqual({
      from: 'abcdefabcdef',
      to: earlier.version,
    });
    expect(pointer('staging-mf-settings', 'mf-settings')).toBe(before);
    // Back to the first version it ever ran, and no further.
    for (const _ of earlier.previous)
      rollBackEnvironment(environments(), 'staging-mf-settings', 'mf-settings');
    expect(rollBackEnvironment(environments(), 'staging-mf-settings', 'mf-settings')).toBe(
      'staging-mf-settings has no earlier mf-settings to go back to.',
    );
    expect(rollBackEnvironment(environments(), 'staging', 'mf-tasks')).toBe(
      'staging has no earlier mf-tasks to go back to.',
    );
    expect(() => pointEnvironment(environments(), 'staging-mf-settings', 'mf-settings', 'latest')).toThrow(
      /12 hex digits/,
    );
  });

  it("a remote's first pointer in an environment joins the environment's ConfigMap", () => {
    expect(environmentKustomization(environments(), 'staging')).not.toContain('mf-tasks.json');
    pointEnvironment(environments(), 'staging', 'mf-tasks', 'abcdefabcdef');
    const kustomization = readFileSync(join(environments(), 'staging/kustomization.yaml'), 'utf8');
    expect(kustomization).toBe(environmentKustomization(environments(), 'staging'));
    expect(kustomization).toMatch(/- environment\.json\n\s+- mf-tasks\.json\n$/);
  });

  it('in this repository are what their Kustomize files say (regenerate by pointing, or by hand)', () => {
    const environmentsDir = join(repoRoot, 'deploy/environments');
    for (const name of ['local', 'production', 'staging', 'staging-mf-tasks', 'staging-mf-settings'])
      expect(readFileSync(join(environmentsDir, name, 'kustomization.yaml'), 'utf8'), name).toBe(
        environmentKustomization(environmentsDir, name),
      );
  });

  it('are listed with what each runs, marking releases the store lacks', async () => {
    const store = directoryStore(join(dir, 'releases'));
    const { version } = await uploadRelease('mf-settings', build(), store);
    pointEnvironment(environments(), 'staging', 'mf-settings', version);
    pointEnvironment(environments(), 'staging', 'mf-tasks', 'abcdefabcdef');
    const table = await environmentsTable(environments(), store);
    expect(table[0]).toMatch(
      /^environment\s+mf-tasks\s+mf-folders\s+mf-notifications\s+mf-settings\s+what it is$/,
    );
    const row = (name: string) => table.find((line) => line.startsWith(`${name} `)) ?? '';
    expect(table.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(
      expect.arrayContaining(['local', 'production', 'staging', 'staging-mf-settings']),
    );
    expect(row('local')).toMatch(/^local\s+dist\s+dist\s+dist\s+dist\s+This checkout/);
    expect(row('staging')).toContain('abcdefabcdef (missing)');
    expect(row('staging')).toContain(` ${version} `);
    expect(row('staging')).not.toContain(`${version} (missing)`);
  });
});

describe('a bucket store (a real S3-compatible server)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let store: ReleaseStore;
  beforeAll(async () => {
    s3 = await startS3Server('baton-releases');
  });
  afterAll(() => s3?.stop());
  beforeEach(() => {
    store = bucketStore({
      bucket: s3.bucket,
      prefix: 'releases/',
      endpoint: s3.endpoint,
      credentials: S3_TEST_CREDENTIALS,
      cacheDir: join(dir, 'cache'),
    });
  });

  it('holds immutable objects under <remote>/<version>/, cached for good, written once', async () => {
    const { version, outcome } = await uploadRelease('mf-settings', build(), store);
    expect(outcome).toBe('added');
    expect(await store.has('mf-settings', version)).toBe(true);
    const entry = await fetch(`${s3.endpoint}/${s3.bucket}/releases/mf-settings/${version}/remoteEntry.js`);
    // s3rver answers objects to anyone: a public bucket for the browser's files, as a CDN origin would be.
    expect(await entry.text()).toBe('var mf_settings;');
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(entry.headers.get('content-type')).toMatch(/^text\/javascript/);
    const map = await fetch(`${s3.endpoint}/${s3.bucket}/releases/mf-settings/${version}/remoteEntry.js.map`);
    expect(map.status).toBe(404);
    expect(await uploadRelease('mf-settings', build(), store)).toEqual({ version, outcome: 'exists' });
  });

  it("is fetched once into a gateway's cache, and a release it lacks is not there", async () => {
    const { version } = await uploadRelease('mf-settings', build(), store);
    const folder = (await store.localDir('mf-settings', version)) as string;
    expect(folder).toBe(join(dir, 'cache/mf-settings', version));
    expect(readFileSync(join(folder, 'static/js/2.def.js'), 'utf8')).toBe('export const two = 2;');
    expect(readFileSync(join(folder, 'mf-manifest.json'), 'utf8')).toContain('mf_settings');
    expect(await store.localDir('mf-settings', 'deadbeef0000')).toBeUndefined();
    expect(await store.has('mf-settings', 'deadbeef0000')).toBe(false);
  });
});

describe('promotion', () => {
  const environments = () => join(dir, 'environments');
  const store = () => directoryStore(join(dir, 'releases'));
  /** A release of mf-settings asking for `range` of the shell/remote contract. */
  async function released(range: string) {
    const built = JSON.parse(readFileSync(join(build(), 'mf-manifest.json'), 'utf8'));
    built.shared = [{ name: '@baton/web-platform', requiredVersion: range }];
    writeFileSync(join(build(), 'mf-manifest.json'), JSON.stringify(built));
    return (await uploadRelease('mf-settings', build(), store())).version;
  }
  /** Why `version` may not go from staging-mf-settings (running `running`) onwards. */
  const refusal = (version: string, running = version) => {
    pointEnvironment(environments(), 'staging-mf-settings', 'mf-settings', running);
    return promotionRefusal({
      store: store(),
      environmentsDir: environments(),
      remote: 'mf-settings',
      version,
      from: 'staging-mf-settings',
    });
  };

  it('takes a release the source environment runs or ran, when the store has it and the shell meets its contract', async () => {
    const shell = JSON.parse(
      readFileSync(join(repoRoot, 'packages/web-platform/package.json'), 'utf8'),
    ).version;
    const good = await released(`^${shell}`);
    expect(await refusal(good)).toBeNull();
    expect(await refusal(good, 'abcdefabcdef')).toBeNull(); // it ran before: a pointer keeps its history
  });

  it('refuses, saying why in one line, anything else', async () => {
    const good = await released('>=0.0.0');
    expect(await releaseRefusal(store(), 'mf-settings', 'dist')).toBe(
      '"dist" is this checkout\'s build of mf-settings, not a release: upload it first.',
    );
    expect(await refusal('deadbeef', good)).toBe('"deadbeef" is not a release version (12 hex digits).');
    expect(await refusal('deadbeef0000', good)).toBe(
      `mf-settings@deadbeef0000 is not in the release store (${join(dir, 'releases')}).`,
    );
    const other = await released('>=0.0.1');
    const fresh = mkdtempSync(join(tmpdir(), 'baton-env-'));
    cpSync(join(repoRoot, 'deploy/environments'), fresh, { recursive: true });
    expect(
      await promotionRefusal({
        store: store(),
        environmentsDir: fresh,
        remote: 'mf-settings',
        version: other,
        from: 'staging-mf-settings',
      }),
    ).toMatch(new RegExp(`^mf-settings@${other} was never in staging-mf-settings \\(it runs \\w{12}\\)\\.$`));
    rmSync(fresh, { recursive: true, force: true });
    const tooNew = await released('^99.0.0');
    expect(await refusal(tooNew)).toMatch(
      /^mf-settings@\w{12} needs @baton\/web-platform \^99\.0\.0; the shell has /,
    );
  });

  it('from the command line: a missing version exits non-zero with its reason, and changes nothing', () => {
    const production = join(repoRoot, 'deploy/environments/production/mf-tasks.json');
    const before = readFileSync(production, 'utf8');
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
      { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, RELEASE_STORE: join(dir, 'releases') } },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `mf-tasks@deadbeef0000 is not in the release store (${join(dir, 'releases')}).`,
    );
    expect(readFileSync(production, 'utf8')).toBe(before);
  });
});
