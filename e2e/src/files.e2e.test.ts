/// <reference lib="dom" />

import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileMessages, limits } from '@baton/contracts/constants';
import { samples } from '@baton/files/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { openWorkspace, useAppInBrowser } from './stack';

/**
 * Attachments in Chromium against `npm start` (local store): a PNG and a PDF attached in the task form and
 * previewed from their cards, a download in a new tab, replace and remove with undo, and the 25 MB limit.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;

const png = { name: 'pixel.png', mimeType: 'image/png', buffer: samples.png };
const pdf = { name: 'plan.pdf', mimeType: 'application/pdf', buffer: samples.pdf('Quarterly plan') };
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** Opens the task form: "Add Tasks", or "Edit" in the (only) card's "More actions" menu. */
async function openForm(page: Page, button: string) {
  if (button === 'Edit') {
    await page
      .getByRole('article')
      .getByRole('button', { name: /^More actions/ })
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
  } else await page.getByRole('button', { name: button }).first().click();
  return page.getByRole('dialog', { name: button === 'Edit' ? 'Edit task' : button });
}

async function attach(form: Locator, file: typeof png) {
  await form.getByLabel('Attachment').setInputFiles(file);
  await form.getByText(/^Uploaded/).waitFor();
}

async function addTaskWithFile(page: Page, title: string, file: typeof png) {
  const form = await openForm(page, 'Add Tasks');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Due date').fill('2054-12-20');
  await form.getByLabel('Priority').selectOption('Moderate');
  await attach(form, file);
  await form.getByRole('button', { name: 'Add Tasks' }).click();
  await form.waitFor({ state: 'detached' });
  await card(page, title).getByText(file.name).waitFor();
}

/** Opens the card's preview and returns the dialog. */
async function preview(page: Page, title: string, name: string) {
  await card(page, title)
    .getByRole('button', { name: /^More actions/ })
    .click();
  await card(page, title)
    .getByRole('menuitem', { name: `Preview attachment ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'File preview' });
  await dialog.waitFor();
  return dialog;
}

describe('attachments in the browser', () => {
  it('attaches a PNG and a PDF, previews both from their cards and downloads one in a new tab', async () => {
    const ana = await existingPerson();
    const { context, page } = await newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Refused|Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await openWorkspace(page, ana);
    await addTaskWithFile(page, 'Logo review', png);
    await addTaskWithFile(page, 'Plan review', pdf);
    await card(page, 'Logo review').getByText('69 B').waitFor();

    const image = (await preview(page, 'Logo review', 'pixel.png')).getByRole('img', { name: 'pixel.png' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await page
      .getByRole('dialog', { name: 'File preview' })
      .getByRole('button', { name: 'Close' })
      .first()
      .click();

    const pdfShown = page.waitForResponse(
      (r) => r.url().includes('/files/objects/') && r.request().method() === 'GET',
    );
    const dialog = await preview(page, 'Plan review', 'plan.pdf');
    await dialog.locator('iframe[title="plan.pdf"]').waitFor();
    const shown = await pdfShown;
    expect(shown.status()).toBe(200);
    expect(shown.headers()['content-type']).toBe('application/pdf');
    expect(shown.headers()['content-disposition']).toMatch(/^inline; filename="plan.pdf"/);

    // A new tab opens and closes as its download starts; Chromium reports the download on the opener.
    const tab = context.waitForEvent('page');
    const downloaded = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await tab;
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('plan.pdf');
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf.buffer)).toBe(true);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('replaces and removes with undo, and refuses a 26 MB file with the limit message', async () => {
    const ben = await existingPerson();
    const { context, page } = await newPage({ bypassCSP: true });
    await openWorkspace(page, ben);
    await addTaskWithFile(page, 'Brief', png);

    let form = await openForm(page, 'Edit');
    await form.getByText('pixel.png').waitFor();
    await form.getByRole('button', { name: 'Remove' }).click();
    await form.getByText('will be removed when you save').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Undo' }).click();
    await form.getByRole('button', { name: 'Replace' }).waitFor();
    await attach(form, pdf);
    await form.getByText('replaces pixel.png when you save').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Undo' }).click();
    await form.getByRole('button', { name: 'Replace' }).waitFor();
    await attach(form, pdf);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    await card(page, 'Brief').getByText('plan.pdf').waitFor();
    expect(await card(page, 'Brief').getByText('pixel.png').count()).toBe(0);
    await preview(page, 'Brief', 'plan.pdf');
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('dialog', { name: 'File preview' })
      .getByRole('button', { name: 'Close' })
      .first()
      .click();

    form = await openForm(page, 'Edit');
    await form.getByRole('button', { name: 'Remove' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => card(page, 'Brief').getByText('plan.pdf').count()).toBe(0);

    form = await openForm(page, 'Add Tasks');
    let presigned = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/uploads/presign/')) presigned += 1;
    });
    // A file on disk, one byte over the limit (sparse: written in no time); a path, not 25 MB sent to
    // the browser over its protocol.
    const dir = await mkdtemp(join(tmpdir(), 'baton-files-'));
    const huge = join(dir, 'huge.bin');
    await writeFile(huge, '');
    await truncate(huge, limits.fileBytes + 1);
    await form.getByLabel('Attachment').setInputFiles(huge);
    await form.getByText(fileMessages.tooLarge).waitFor();
    expect(presigned).toBe(0);
    await rm(dir, { recursive: true });
    await page.setViewportSize({ width: 380, height: 800 });
    await context.close();
  });
});
