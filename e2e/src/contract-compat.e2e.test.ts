/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { freePort } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { serveDirectory } from './probe-remote';
import { repoRoot } from './process';
import { openCategory, openWorkspace, useAppInBrowser } from './stack';

/**
 * The shell/remote contract is versioned (@baton/web-platform, packages/web-platform/api): a remote built
 * against the previous contract version is refused by today's shell, which shows that area's fallback, while
 * today's build of the same remote runs. The old remote is a real build: today's mf-settings, built with its
 * own configuration in a temporary copy where @baton/web-platform is 0.1.0, the version the releases of
 * commit 05bf721 were built with (e2e/fixtures/web-platform-0.1.0.tgz, that commit's package as `npm pack`
 * makes it). Its build requires `^0.1.0` by itself, as every remote requires `^` the version it was built
 * with; nothing overrides it.
 */
const previousContract = { version: '0.1.0', tarball: join(repoRoot, 'e2e/fixtures/web-platform-0.1.0.tgz') };
const currentContract = (
  JSON.parse(readFileSync(join(repoRoot, 'packages/web-platform/package.json'), 'utf8')) as {
    version: string;
  }
).version;

const work = mkdtempSync(join(tmpdir(), 'baton-contract-compat-'));
let oldRemote: Server | undefined;
let oldBase = '';

/**
 * Builds mf-settings in `work` against the previous contract: `work/mf-settings` is a copy of the remote,
 * whose node_modules has only @baton/web-platform (the tarball, unpacked beside it, outside any node_modules,
 * so the build compiles its TypeScript as it does the workspace's); everything else resolves through
 * `work/node_modules`, a link to the repository's.
 */
function buildAgainstPreviousContract() {
  symlinkSync(join(repoRoot, 'node_modules'), join(work, 'node_modules'));
  const platform = join(work, `web-platform-${previousContract.version}`);
  mkdirSync(platform);
  const untar = spawnSync('tar', ['-xzf', previousContract.tarball, '-C', platform, '--strip-components=1'], {
    encoding: 'utf8',
  });
  if (untar.status !== 0) throw new Error(`unpacking ${previousContract.tarball} failed: ${untar.stderr}`);
  const source = join(repoRoot, 'mf-settings');
  const remote = join(work, 'mf-settings');
  cpSync(source, remote, {
    recursive: true,
    filter: (path) => !/^(dist|node_modules)(\/|$)/.test(relative(source, path)),
  });
  mkdirSync(join(remote, 'node_modules/@baton'), { recursive: true });
  symlinkSync(platform, join(remote, 'node_modules/@baton/web-platform'));
  const built = spawnSync(join(repoRoot, 'node_modules/.bin/rspack'), ['build', '--mode', 'production'], {
    cwd: remote,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`mf-settings build failed:\n${built.stdout}\n${built.stderr}`);
  return join(remote, 'dist');
}

const stack = useAppInBrowser({
  env: async () => {
    const dist = buildAgainstPreviousContract();
    const port = await freePort();
    oldBase = `http://localhost:${port}`;
    oldRemote = await serveDirectory(dist, port);
    // A tester may load a remote from there for one tab (`?remote=mf-settings@…`).
    return { REMOTE_OVERRIDE_ORIGINS: oldBase };
  },
});

afterAll(() => {
  oldRemote?.close();
  rmSync(work, { recursive: true, force: true });
});

/** What a remote's manifest says it needs of @baton/web-platform, and what it was built with. */
async function platformOf(manifestUrl: string) {
  const manifest = (await (await fetch(manifestUrl)).json()) as {
    shared: { name: string; version: string; requiredVersion: string }[];
  };
  return manifest.shared.find((shared) => shared.name === '@baton/web-platform');
}

/** Settings opened in a new signed-in tab, with `query` on /home; the console's errors as they come. */
async function openSettings(query = '') {
  const { context, page } = await stack.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openWorkspace(page, await stack.existingPerson());
  if (query) await page.goto(`/home${query}`);
  await openCategory(page, 'Settings');
  return { context, page, errors };
}

const settingsView = (page: Page) => page.getByRole('heading', { level: 2, name: 'Account Settings' });
const settingsFallback = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Settings is unavailable right now.' });

describe('a remote and the contract version it was built against', () => {
  it(`built against @baton/web-platform ${previousContract.version}: the shell (${currentContract}) shows the fallback and says why`, async () => {
    expect(currentContract).not.toBe(previousContract.version);
    // The build requires what it was built with, by itself.
    expect(await platformOf(`${oldBase}/mf-manifest.json`)).toMatchObject({
      version: previousContract.version,
      requiredVersion: `^${previousContract.version}`,
    });
    const { context, page, errors } = await openSettings(
      `?remote=${encodeURIComponent(`mf-settings@${oldBase}/mf-manifest.json`)}`,
    );
    await settingsFallback(page).waitFor({ timeout: 20_000 });
    expect(await settingsView(page).count()).toBe(0);
    // The federation runtime's reason, for this remote (mf_settings), naming the range it needs.
    const reason = errors.find(
      (error) =>
        error.includes('@baton/web-platform') &&
        error.includes('mf_settings') &&
        error.includes(`^${previousContract.version}`),
    );
    expect(reason, `console errors:\n${errors.join('\n')}`).toBeDefined();
    // The rest of the workspace still runs.
    await openCategory(page, 'Personal Tasks');
    await page.getByText('Create your first task to get started.').waitFor();
    await context.close();
  });

  it(`built against @baton/web-platform ${currentContract} (today's build): its view runs in the shell`, async () => {
    // The manifest the gateway names for mf-settings (no override): this checkout's build.
    const { remotes } = (await (await fetch(`${stack.base}/remotes.json`)).json()) as {
      remotes: Record<string, string>;
    };
    const manifest = new URL(remotes['mf-settings'] as string, stack.base).href;
    expect(await platformOf(manifest)).toMatchObject({
      version: currentContract,
      requiredVersion: `^${currentContract}`,
    });
    const { context, page } = await openSettings();
    await settingsView(page).waitFor();
    expect(await settingsFallback(page).count()).toBe(0);
    await context.close();
  });
});
