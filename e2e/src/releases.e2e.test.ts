/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseServerUrl, freePort, natsUrl, startSmtpCapture } from '@baton/test-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrontEnds, launchBrowser } from './browser';
import { signUpAndLogin } from './flows';
import { serveProbeRemote } from './probe-remote';
import { AppProcess, cleanEnv, repoRoot } from './process';
import { openCategory, openWorkspace } from './stack';

/**
 * Shipping one remote alone (deploy/README.md "Environments"): today's mf-settings is published to staging
 * with the README's command, one set of services runs behind two gateways (production and staging), and a
 * browser shows each environment running its own releases with today's shell: production runs the releases
 * kept in the store (built before the remote contract was typed), staging the new mf-settings. Then a
 * rollback of one line, and a remote built for another platform showing its fallback.
 */
const store = mkdtempSync(join(tmpdir(), 'baton-releases-'));
const environmentsDir = join(store, 'environments');
const releasesDir = join(store, 'releases');
const storeEnv = { ENVIRONMENTS_DIR: environmentsDir, RELEASES_DIR: releasesDir };
const environment = (name: string) =>
  JSON.parse(readFileSync(join(environmentsDir, `${name}.json`), 'utf8')) as {
    remotes: Record<string, string>;
  };

let services: AppProcess | undefined;
let staging: AppProcess | undefined;
let probe: Server | undefined;
let browser: Browser | undefined;
let mail: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;
const urls = { production: '', staging: '', probe: '' };
let person: { email: string; password: string };
let previous: string;
let published: string;
const ports: Record<string, number> = {};

function publishRemote(args: string[]) {
  const run = spawnSync('npx', ['tsx', 'deploy/src/publish.ts', ...args], {
    cwd: repoRoot,
    env: cleanEnv(storeEnv),
    encoding: 'utf8',
  });
  if (run.status !== 0)
    throw new Error(`publish-remote ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/** A gateway for `environment` in front of the running services. */
async function startGateway(name: string) {
  const gateway = new AppProcess(
    'npx',
    ['tsx', 'gateway/src/main.ts'],
    cleanEnv({
      ...storeEnv,
      BATON_ENVIRONMENT: name,
      PORT: String(ports.staging),
      PUBLIC_URL: urls.staging,
      NATS_URL: natsUrl(),
      IDENTITY_URL: `http://127.0.0.1:${ports.identity}`,
      TASKS_URL: `http://127.0.0.1:${ports.tasks}`,
      NOTIFICATIONS_URL: `http://127.0.0.1:${ports.notifications}`,
      FILES_URL: `http://127.0.0.1:${ports.files}`,
      FOLDERS_URL: `http://127.0.0.1:${ports.folders}`,
    }),
  );
  await gateway.waitForOk(`${urls.staging}/readyz`, 60_000);
  return gateway;
}

beforeAll(async () => {
  buildFrontEnds();
  cpSync(join(repoRoot, 'deploy/environments'), environmentsDir, { recursive: true });
  cpSync(join(repoRoot, 'deploy/releases'), releasesDir, { recursive: true });
  previous = environment('production').remotes['mf-settings'] as string;
  // The README's command: builds mf-settings, writes its release and names it in staging.
  publishRemote(['mf-settings', '--to', 'staging', '--skip-tests']);
  published = environment('staging').remotes['mf-settings'] as string;

  for (const name of [
    'production',
    'staging',
    'probe',
    'identity',
    'tasks',
    'notifications',
    'files',
    'folders',
  ])
    ports[name] = await freePort();
  urls.production = `http://localhost:${ports.production}`;
  urls.staging = `http://localhost:${ports.staging}`;
  urls.probe = `http://localhost:${ports.probe}`;
  probe = await serveProbeRemote(ports.probe as number, 'incompatible');
  mail = await startSmtpCapture();
  services = new AppProcess(
    'npm',
    ['run', 'start:distributed'],
    cleanEnv({
      ...storeEnv,
      BATON_ENVIRONMENT: 'production',
      REMOTE_OVERRIDE_ORIGINS: urls.probe,
      DATABASE_URL: databaseServerUrl(),
      NATS_URL: natsUrl(),
      GATEWAY_PORTS: String(ports.production),
      IDENTITY_PORT: String(ports.identity),
      TASKS_PORT: String(ports.tasks),
      NOTIFICATIONS_PORT: String(ports.notifications),
      FILES_PORT: String(ports.files),
      FOLDERS_PORT: String(ports.folders),
      PUBLIC_URL: urls.production,
      SMTP_URL: mail.smtpUrl,
    }),
  );
  await services.waitForOk(`${urls.production}/readyz`, 120_000);
  staging = await startGateway('staging');
  ({ user: person } = await signUpAndLogin(urls.production));
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await staging?.stop();
  await services?.stop();
  await mail?.stop();
  probe?.close();
  rmSync(store, { recursive: true, force: true });
});

/** Signs in at `base`, opens Settings and returns the remote files the page asked for, by remote. */
async function settingsAt(base: string, query = '') {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const loaded: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/mf/')) loaded.push(path);
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openWorkspace(page, person);
  if (query) await page.goto(`/home${query}`);
  await openCategory(page, 'Settings');
  return { context, page, loaded, errors };
}

/** The release folder each remote's files came from ("dist" for a build served at /mf/<name>/). */
const versionsLoaded = (loaded: string[]) => {
  const versions: Record<string, Set<string>> = {};
  for (const path of loaded) {
    const [, , remote, folder] = path.split('/') as [string, string, string, string];
    const seen = versions[remote] ?? new Set<string>();
    seen.add(/^[0-9a-f]{12}$/.test(folder) ? folder : 'dist');
    versions[remote] = seen;
  }
  return Object.fromEntries(Object.entries(versions).map(([remote, set]) => [remote, [...set]]));
};

const settingsShown = (page: Page) =>
  page.getByRole('heading', { level: 2, name: 'Account Settings' }).waitFor();

describe('a remote released alone, environment by environment', () => {
  it('publishes a new content-addressed release of mf-settings and names it in staging only', () => {
    expect(published).toMatch(/^[0-9a-f]{12}$/);
    expect(published).not.toBe(previous);
    expect(environment('production').remotes['mf-settings']).toBe(previous);
    expect(readFileSync(join(releasesDir, 'mf-settings', published, 'mf-manifest.json'), 'utf8')).toContain(
      'mf_settings',
    );
  });

  it("production runs the previous releases with today's shell, staging the new mf-settings beside them", async () => {
    const production = environment('production').remotes;
    for (const [base, settings] of [
      [urls.production, previous],
      [urls.staging, published],
    ] as const) {
      const { context, page, loaded } = await settingsAt(base);
      await settingsShown(page);
      // The bell (mf-notifications) and, on Personal Tasks, the list (mf-tasks) and folder strip (mf-folders).
      await page.getByRole('button', { name: /^Notifications/ }).waitFor();
      await openCategory(page, 'Personal Tasks');
      await page.getByText('Create your first task to get started.').waitFor();
      await page.getByRole('region', { name: 'Folders' }).waitFor();
      expect(versionsLoaded(loaded), base).toEqual({
        'mf-tasks': [production['mf-tasks']],
        'mf-folders': [production['mf-folders']],
        'mf-notifications': [production['mf-notifications']],
        'mf-settings': [settings],
      });
      await context.close();
    }
  });

  it('rolls staging back by one line, which its gateway serves once restarted', async () => {
    const before = readFileSync(join(environmentsDir, 'staging.json'), 'utf8').split('\n');
    publishRemote(['mf-settings', '--to', 'staging', '--version', previous]);
    const after = readFileSync(join(environmentsDir, 'staging.json'), 'utf8').split('\n');
    expect(after.filter((line, i) => line !== before[i])).toEqual([`    "mf-settings": "${previous}"`]);
    await staging?.stop();
    staging = await startGateway('staging');
    const { context, page, loaded } = await settingsAt(urls.staging);
    await settingsShown(page);
    expect(versionsLoaded(loaded)['mf-settings']).toEqual([previous]);
    await context.close();
  });

  it('a remote built for another platform shows its fallback, and the console says which requirement failed', async () => {
    const override = `?remote=${encodeURIComponent(`mf-settings@${urls.probe}/mf-manifest.json`)}`;
    const { context, page, errors } = await settingsAt(urls.production, override);
    await page.getByRole('alert').getByText('is unavailable right now.').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Account Settings' }).count()).toBe(0);
    expect(errors.join('\n')).toMatch(/@baton\/web-platform.*\^1\.0\.0/s);
    // The rest of the workspace still runs.
    await openCategory(page, 'Personal Tasks');
    await page.getByText('Create your first task to get started.').waitFor();
    await context.close();
  });
});
