import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage();
const rows: Promise<string>[] = [];
page.on('response', (r) => { if (['script','stylesheet'].includes(r.request().resourceType())) rows.push(r.request().sizes().then((s) => `${(s.responseBodySize/1024).toFixed(1).padStart(7)} ${r.url()}`)); });
await page.goto(`http://localhost:8080${process.argv[2] ?? '/'}`, { waitUntil: 'networkidle' });
console.log((await Promise.all(rows)).join('\n'));
await browser.close();
