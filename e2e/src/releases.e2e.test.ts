/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverNodeArgs } from '@baton/deploy/node-flags';
import {
  databaseServerUrl,
  freePort,
  natsUrl,
  S3_TEST_CREDENTIALS,
  startS3Server,
  startSmtpCapture,
} from '@baton/test-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { signUpAndLogin } from './flows';
import { AppProcess, cleanEnv, exclusively, repoRoot } from './process';
import { openCategory, openWorkspace } from './stack';

/**
 * Shipping one remote alone (deploy/README.md "Releases"): the remotes are uploaded to a release store in a
 * real S3-compatible server (s3rver) with the README's command, as CI does, production points at them, and a
 * candidate mf-settings goes to staging-mf-settings only. One set of services runs behind two gateways
 * (production and staging-mf-settings), each serving its releases from the bucket, and a browser shows each
 * environment running its own. Then a gated promotion and a rollback. (A remote
 * built for another contract: contract-compat.e2e.test.ts.)
 */
const work = mkdtempSync(join(tmpdir(), 'baton-releases-'));
const environmentsDir = join(work, 'environments');
const candidateDir = join(work, 'candidate');
let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
const storeEnv = () => ({
  ENVIRONMENTS_DIR: environmentsDir,
  RELEASE_STORE: 's3://baton-releases/remotes',
  RELEASE_STORE_ENDPOINT: s3?.endpoint ?? '',
  RELEASE_CACHE_DIR: join(work, 'cache'),
  AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
});
const pointer = (environment: string, remote: string) =>
  JSON.parse(readFileSync(join(environmentsDir, environment, `${remote}.json`), 'utf8')) as {
    version: string;
    previous: string[];
  };

let services: AppProcess | undefined;
let staging: AppProcess | undefined;
let browser: Browser | undefined;
let mail: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;
const urls = { production: '', staging: '' };
let person: { email: string; password: string };
let current: string;
let candidate: string;
const ports: Record<string, number> = {};
let done: (() => Promise<void>) | undefined;

/** `npm run release -- <args>` (its script, without npm's start-up); throws unless it exits with `status`. */
function release(args: string[], status = 0) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'deploy/src/release.ts', ...args], {
    cwd: repoRoot,
    env: cleanEnv(storeEnv()),
    encoding: 'utf8',
  });
  if (run.status !== status)
    throw new Error(`release ${args.join(' ')} exited ${run.status}:\n${run.stdout}\n${run.stderr}`);
  return `${run.stdout}${run.stderr}`.trim();
}

/** A gateway for `environment` in front of the running services. */
async function startGateway(name: string) {
  const gateway = new AppProcess(
    process.execPath,
    serverNodeArgs('gateway/src/main.ts'),
    cleanEnv({
      ...storeEnv(),
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
  // distributed.e2e.test.ts runs start:distributed too, on the same databases and NATS streams.
  done = await exclusively(databaseServerUrl(), 'start:distributed');
  s3 = await startS3Server('baton-releases');
  cpSync(join(repoRoot, 'deploy/environments'), environmentsDir, { recursive: true });
  // CI's release step for each remote: today's builds into the bucket, and production onto them.
  for (const remote of ['mf-tasks', 'mf-folders', 'mf-notifications', 'mf-settings'])
    release(['upload', remote, '--to', 'production']);
  current = pointer('production', 'mf-settings').version;
  // The mf-settings team's candidate (another build: one byte more) goes to its own staging only.
  release(['upload', 'mf-settings', '--to', 'staging-mf-settings']);
  cpSync(join(repoRoot, 'mf-settings/dist'), candidateDir, { recursive: true });
  appendFileSync(join(candidateDir, 'remoteEntry.js'), '\n');
  release(['upload', 'mf-settings', '--dir', candidateDir, '--to', 'staging-mf-settings']);
  candidate = pointer('staging-mf-settings', 'mf-settings').version;

  for (const name of ['production', 'staging', 'identity', 'tasks', 'notifications', 'files', 'folders'])
    ports[name] = await freePort();
  urls.production = `http://localhost:${ports.production}`;
  urls.staging = `http://localhost:${ports.staging}`;
  mail = await startSmtpCapture();
  services = new AppProcess(
    'npm',
    ['run', 'start:distributed'],
    cleanEnv({
      ...storeEnv(),
      BATON_ENVIRONMENT: 'production',
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
  staging = await startGateway('staging-mf-settings');
  ({ user: person } = await signUpAndLogin(urls.production));
  browser = await launchBrowser();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await staging?.stop();
  await services?.stop();
  await mail?.stop();
  await s3?.stop();
  await done?.();
  rmSync(work, { recursive: true, force: true });
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
  it('uploads content-addressed releases once, and names the candidate in its own staging only', () => {
    expect(candidate).toMatch(/^[0-9a-f]{12}$/);
    expect(candidate).not.toBe(current);
    expect(pointer('staging-mf-settings', 'mf-settings').previous[0]).toBe(current);
    expect(pointer('production', 'mf-settings').version).toBe(current);
    // The same build again is the same release: nothing is written.
    expect(release(['upload', 'mf-settings'])).toBe(
      `mf-settings@${current} was already in s3://baton-releases/remotes/ at ${s3?.endpoint}`,
    );
  });

  it('production runs its releases from the bucket, staging-mf-settings the candidate beside them', async () => {
    const production = Object.fromEntries(
      ['mf-tasks', 'mf-folders', 'mf-notifications'].map((remote) => [
        remote,
        pointer('production', remote).version,
      ]),
    );
    for (const [base, settings] of [
      [urls.production, current],
      [urls.staging, candidate],
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

  it('promotes only what the source environment ran and the store holds, saying why not in one line', () => {
    const refused = (args: string[]) => release(['promote', 'mf-settings', ...args], 1);
    expect(refused(['--from', 'staging-mf-settings', '--to', 'staging', '--version', 'deadbeef0000'])).toBe(
      `mf-settings@deadbeef0000 is not in the release store (s3://baton-releases/remotes/ at ${s3?.endpoint}).`,
    );
    expect(refused(['--from', 'production', '--to', 'staging', '--version', candidate])).toBe(
      `mf-settings@${candidate} was never in production (it runs ${current}).`,
    );
    expect(release(['promote', 'mf-settings', '--from', 'staging-mf-settings', '--to', 'staging'])).toBe(
      `staging: mf-settings ${current} → ${candidate} (from staging-mf-settings)`,
    );
    expect(pointer('staging', 'mf-settings')).toEqual({ version: candidate, previous: [] });
  });

  it('rolls staging-mf-settings back to what it ran before, which its gateway serves once restarted', async () => {
    expect(release(['rollback', 'mf-settings', '--env', 'staging-mf-settings'])).toBe(
      `staging-mf-settings: mf-settings ${candidate} → ${current} (rolled back)`,
    );
    await staging?.stop();
    staging = await startGateway('staging-mf-settings');
    const { context, page, loaded } = await settingsAt(urls.staging);
    await settingsShown(page);
    expect(versionsLoaded(loaded)['mf-settings']).toEqual([current]);
    await context.close();
  });
});
