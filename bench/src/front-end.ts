/// <reference lib="dom" />
/**
 * Bytes the browser downloads, as a person's browser gets them (compressed by the gateway):
 * the JavaScript and CSS of the first load of `/`, `/login` and `/home`, and the gzipped size of each
 * built remote's remoteEntry.js and mf-manifest.json. Needs a running app (`npm start`) and Chromium.
 *
 *   BASE_URL=http://localhost:8080 npm run bench:front-end -w bench
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { signUp } from '@baton/test-kit';
import { chromium, type Page } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const repoRoot = resolve(import.meta.dirname, '../..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** JS and CSS bytes the page fetches while `action` runs. */
async function measure(page: Page, action: () => Promise<unknown>) {
  const sizes = { js: 0, css: 0, files: 0, byRemote: {} as Record<string, number> };
  const seen: Promise<void>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    seen.push(
      response
        .request()
        .sizes()
        .then(({ responseBodySize }) => {
          const bytes = Math.max(0, responseBodySize);
          sizes[type === 'script' ? 'js' : 'css'] += bytes;
          sizes.files += 1;
          const remote = /\/mf\/(mf-[\w-]+)\//.exec(new URL(response.url()).pathname)?.[1];
          if (remote) sizes.byRemote[remote] = (sizes.byRemote[remote] ?? 0) + bytes;
        }),
    );
  };
  page.on('response', onResponse);
  await action();
  page.off('response', onResponse);
  await Promise.all(seen);
  return sizes;
}

const firstLoad = (page: Page, path: string) =>
  measure(page, () => page.goto(`${base}${path}`, { waitUntil: 'networkidle' }));
const line = (label: string, s: { js: number; css: number; files: number }) =>
  console.log(
    `  ${label.padEnd(10)} JS ${kb(s.js).padStart(10)}   CSS ${kb(s.css).padStart(9)}   (${s.files} files)`,
  );

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
console.log(`Front-end bytes on the wire from ${base} (compressed as served, first load, empty cache)`);
for (const path of ['/', '/login']) {
  const page = await browser.newPage();
  line(path, await firstLoad(page, path));
  await page.close();
}

// /home needs a session: sign up and in through the API, then store it as login does.
const person = await signUp((path, init) => fetch(`${base}${path}`, init));
const body = { tokens: { access: person.access, refresh: person.refresh } };
const context = await browser.newContext();
await context.addInitScript(
  ({ tokens, email }) => {
    localStorage.setItem('baton.accessToken', tokens.access);
    localStorage.setItem('baton.refreshToken', tokens.refresh);
    localStorage.setItem('baton.email', email);
  },
  { tokens: body.tokens, email: person.email },
);
const homePage = await context.newPage();
// /home opens on Personal Tasks: the tasks remote, and the folders remote's strip above it.
const home = await firstLoad(homePage, '/home');
line('/home', home);
for (const [remote, bytes] of Object.entries(home.byRemote).sort())
  console.log(`    of which ${remote.padEnd(17)} ${kb(bytes).padStart(10)} (JS and CSS)`);
// Opening Settings then loads the mf-settings remote (its entry, the exposed view and its CSS).
line(
  '+Settings',
  await measure(homePage, async () => {
    await homePage.getByRole('button', { name: 'Settings', exact: true }).click();
    await homePage.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await homePage.waitForLoadState('networkidle');
  }),
);
await browser.close();

console.log('Remotes (gzip -6 of the built files)');
for (const name of ['mf-tasks', 'mf-folders', 'mf-notifications', 'mf-settings']) {
  const dist = join(repoRoot, name, 'dist');
  if (!existsSync(dist)) {
    console.log(`  ${name.padEnd(17)} not built`);
    continue;
  }
  const gz = (file: string) =>
    existsSync(join(dist, file)) ? gzipSync(readFileSync(join(dist, file))).length : 0;
  console.log(
    `  ${name.padEnd(17)} remoteEntry.js ${kb(gz('remoteEntry.js'))}   mf-manifest.json ${kb(gz('mf-manifest.json'))}`,
  );
}
