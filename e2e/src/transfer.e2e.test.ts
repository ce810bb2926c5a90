/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { transferMessages } from '@baton/contracts/constants';
import { jsonRequest, readJson } from '@baton/test-kit';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { card, openCategory, openWorkspace, type Person, type SignedUp, useAppInBrowser } from './stack';

/**
 * Settings → Your data in Chromium against the real stack: the import wizard with a Todoist CSV and a Trello
 * board JSON (the tasks then in Personal Tasks), the CSV and JSON exports as downloads, and the calendar feed
 * served without a session, whose address a new one replaces. Screenshots of each step at 1280 and 390 px go
 * to /tmp/shots-h5.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;
const shots = '/tmp/shots-h5';
beforeAll(() => mkdirSync(shots, { recursive: true }));

const todoistCsv = [
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG',
  'section,Home,,,,,,,,,,,,',
  'task,Pay the rent,Transfer it before noon,1,1,Ada (1),,2030-02-01,en,Europe/Berlin,,,,',
  'task,Water the plants,,4,1,Ada (1),,6 Mar 2030,en,Europe/Berlin,,,,',
  'task,Read a book,,2,1,Ada (1),,,en,Europe/Berlin,,,,',
  'task,Call mum,,3,1,Ada (1),,every monday,en,Europe/Berlin,,,,',
  'note,Bring flowers,,,,,,,,,,,,',
  '',
].join('\n');

const trelloJson = JSON.stringify({
  id: 'board-1',
  name: 'Holidays',
  lists: [
    { id: 'list-open', name: 'To do', closed: false },
    { id: 'list-old', name: 'Old ideas', closed: true },
  ],
  cards: [
    {
      id: 'c1',
      name: 'Plan the trip',
      desc: 'Flights and hotel',
      due: '2030-04-10T10:00:00.000Z',
      idList: 'list-open',
      closed: false,
    },
    { id: 'c2', name: 'Book the vet', desc: '', due: null, idList: 'list-open', closed: false },
    { id: 'c3', name: 'Archived card', desc: '', due: null, idList: 'list-open', closed: true },
    { id: 'c4', name: 'Card of an archived list', desc: '', due: null, idList: 'list-old', closed: false },
  ],
});

/** Settings' "Your data" card. */
const dataSection = (page: Page) => page.locator('#settings-data');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

/** A table's rows as their cells' words: "Pay the rent | 2030-02-01 | Immediate". */
const rowsOf = (table: Locator) =>
  table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent?.trim()).join(' | '),
      ),
    );

/** Opens Settings at Your data (its own path, as a reload or a link would). */
async function openData(page: Page, person: Person) {
  await openWorkspace(page, person);
  await page.goto('/home/settings/data');
  await dataSection(page).getByRole('heading', { level: 2, name: 'Your data' }).waitFor();
}

/** The wizard's current step, by its heading. */
const stepHeading = (page: Page, text: string) =>
  dataSection(page).getByRole('heading', { level: 4, name: new RegExp(text) });

/** The page as seen (the workspace around the section), at the viewport's width. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()?.width}.png` });
}

/** The whole card; the sticky header is let go for the shot, or it would cover a part of a tall card. */
async function shootSection(page: Page, name: string) {
  await dataSection(page).screenshot({
    path: `${shots}/${name}-${page.viewportSize()?.width}.png`,
    // The skip link waits just above the viewport: a shot taller than the viewport would show it.
    style: '.workspace__header { position: static !important; } .workspace__skip { display: none; }',
  });
}

/** Imports `content` through the API, as the wizard would once confirmed. */
const importByApi = async (person: SignedUp, fileName: string, content: string) =>
  readJson(
    fetch(
      `${stack.base}/api/import/`,
      jsonRequest('POST', { fileName, content, confirm: true }, person.access),
    ),
  );

async function downloaded(download: Download) {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('Your data: the import wizard', () => {
  it('imports a Todoist CSV: preview, confirm, report; the tasks are in Personal Tasks; again, all are skipped', async () => {
    const person = await existingPerson();
    const { context, page } = await newPage({ bypassCSP: true });
    await openData(page, person);
    await shoot(page, 'section');
    await shootSection(page, 'step1');

    await dataSection(page)
      .getByLabel('File to import')
      .setInputFiles({
        name: 'todoist-export.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(todoistCsv),
      });
    await dataSection(page).getByRole('button', { name: 'Preview the import' }).click();
    await stepHeading(page, 'Step 2 of 3: Check what will be imported').waitFor();
    expect(await focusedText(page)).toContain('Step 2 of 3');
    const section = dataSection(page);
    await section.getByText('todoist-export.csv is a Todoist CSV export.').waitFor();
    const table = section.getByRole('table', { name: 'The 3 tasks' });
    expect(await rowsOf(table)).toEqual([
      'Title | Due date | Priority',
      'Pay the rent | 2030-02-01 | Immediate',
      'Water the plants | 2030-03-06 | Lenient',
      'Read a book | None | Moderate',
    ]);
    expect(await section.getByRole('listitem').filter({ hasText: 'Call mum' }).innerText()).toBe(
      `Row 6 Call mum: ${transferMessages.badDate}`,
    );
    await section
      .getByRole('status')
      .filter({ hasText: '3 tasks will be created, 1 row left out.' })
      .waitFor({ state: 'attached' });
    expect(await seriousViolations(page)).toEqual([]);
    await shootSection(page, 'step2');

    // By keyboard from the focused heading: Tab reaches "Import 3 tasks".
    const importButton = section.getByRole('button', { name: 'Import 3 tasks' });
    await importButton.focus();
    await page.keyboard.press('Enter');
    await stepHeading(page, 'Step 3 of 3: Import finished').waitFor();
    expect(await focusedText(page)).toContain('Step 3 of 3');
    await section.getByText(transferMessages.imported(3)).first().waitFor();
    expect(await section.locator('.settings-import__counts').innerText()).toMatch(
      /Created\s+3 tasks\s+Skipped\s+0 rows\s+Refused\s+1 row/,
    );
    await shootSection(page, 'step3');

    // The same file again: every task is there already.
    await section.getByRole('button', { name: 'Import another file' }).click();
    expect(await focusedText(page)).toContain('Step 1 of 3');
    await section.getByLabel('File to import').setInputFiles({
      name: 'todoist-export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(todoistCsv),
    });
    await section.getByRole('button', { name: 'Preview the import' }).click();
    await section.getByText(/Nothing in this file can be imported/).waitFor();
    await section.getByText('Will be skipped: already there (3 rows)').waitFor();
    expect(await section.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
    await shootSection(page, 'step2-nothing');

    await openCategory(page, 'Personal Tasks');
    for (const title of ['Pay the rent', 'Water the plants', 'Read a book'])
      await card(page, title).waitFor();
    expect(await card(page, 'Call mum').count()).toBe(0);
    await context.close();
  });

  it('imports a Trello board JSON at 390 px wide, refusing archived cards, and the cards become tasks', async () => {
    const person = await existingPerson();
    const { context, page } = await newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await openData(page, person);
    await shoot(page, 'section');
    const section = dataSection(page);
    await shootSection(page, 'step1');

    // Too large is said before anything is sent.
    await section.getByLabel('File to import').setInputFiles({
      name: 'huge.json',
      mimeType: 'application/json',
      buffer: Buffer.alloc(8 * 1024 * 1024 + 1, 32),
    });
    await section.getByRole('alert').getByText(transferMessages.importTooLarge).waitFor();

    await section.getByLabel('File to import').setInputFiles({
      name: 'trello-board.json',
      mimeType: 'application/json',
      buffer: Buffer.from(trelloJson),
    });
    await section.getByRole('button', { name: 'Preview the import' }).click();
    await stepHeading(page, 'Step 2 of 3').waitFor();
    expect(await focusedText(page)).toContain('Step 2 of 3');
    await section.getByText('trello-board.json is a Trello board JSON export.').waitFor();
    expect(await rowsOf(section.getByRole('table', { name: 'The 2 tasks' }))).toEqual([
      'Title | Due date | Priority',
      'Plan the trip | 2030-04-10 | Moderate',
      'Book the vet | None | Moderate',
    ]);
    await section.getByText('Cannot be imported (2 rows)').waitFor();
    expect(await section.getByRole('listitem').filter({ hasText: 'Archived card' }).innerText()).toBe(
      `Row 3 Archived card: ${transferMessages.closedCard}`,
    );
    expect(
      await section.getByRole('listitem').filter({ hasText: 'Card of an archived list' }).innerText(),
    ).toBe(`Row 4 Card of an archived list: ${transferMessages.closedList}`);
    // Nothing sticks out past the phone's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shootSection(page, 'step2');

    await section.getByRole('button', { name: 'Import 2 tasks' }).click();
    await stepHeading(page, 'Step 3 of 3').waitFor();
    expect(await focusedText(page)).toContain('Step 3 of 3');
    await section.getByText(transferMessages.imported(2)).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shootSection(page, 'step3');

    await page.goto('/home');
    await card(page, 'Plan the trip').waitFor();
    await card(page, 'Book the vet').waitFor();
    await context.close();
  });
});

describe('Your data: exports', () => {
  it('downloads every task as CSV and as JSON, under the names the server gives', async () => {
    const person = await existingPerson();
    expect((await importByApi(person, 'todoist.csv', todoistCsv)).created).toBe(3);
    const { context, page } = await newPage();
    await openData(page, person);
    const section = dataSection(page);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Export as CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvText = await downloaded(csv);
    expect(csvText.split('\n')[0]?.toLowerCase()).toContain('title');
    for (const title of ['Pay the rent', 'Water the plants', 'Read a book']) expect(csvText).toContain(title);
    await section.getByRole('status').getByText(`${csv.suggestedFilename()} downloaded.`).waitFor();

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Export as JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);
    const exported = JSON.parse(await downloaded(json)) as {
      tasks: { title: string; dueDate: string | null }[];
    };
    expect(exported.tasks.map((t) => t.title).sort()).toEqual([
      'Pay the rent',
      'Read a book',
      'Water the plants',
    ]);
    expect(exported.tasks.find((t) => t.title === 'Pay the rent')?.dueDate).toMatch(/^2030-02-01/);

    // Its own export reads back as a Baton file, every task a duplicate.
    await section.getByLabel('File to import').setInputFiles({
      name: json.suggestedFilename(),
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    });
    await section.getByRole('button', { name: 'Preview the import' }).click();
    await section.getByText(`${json.suggestedFilename()} is a Baton JSON export.`).waitFor();
    await section.getByText('Will be skipped: already there (3 rows)').waitFor();
    await context.close();
  });
});

describe('Your data: the calendar feed', () => {
  it('gives a secret address served without a session; a new address makes the old one 404', async () => {
    const person = await existingPerson();
    await importByApi(person, 'todoist.csv', todoistCsv);
    const { context, page } = await newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.base });
    await openData(page, person);
    const section = dataSection(page);
    const address = section.getByRole('textbox', { name: 'Your calendar address' });
    await expect.poll(() => address.inputValue()).toMatch(/\/api\/calendar\/[\w-]+\/tasks\.ics$/);
    const first = await address.inputValue();
    expect(first.startsWith(stack.base)).toBe(true);
    await shootSection(page, 'feed');

    await section.getByRole('button', { name: 'Copy' }).click();
    await section.getByRole('status').getByText('Address copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // No session, no cookie: the address is the credential.
    const feed = await fetch(first);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('SUMMARY:Pay the rent');
    expect(ics).toContain('20300201');

    await section.getByRole('button', { name: 'Make a new address' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Make a new calendar address?' });
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await section.getByRole('status').getByText(transferMessages.feedRotated).waitFor();
    await expect.poll(() => address.inputValue()).not.toBe(first);
    const second = await address.inputValue();

    expect((await fetch(first)).status).toBe(404);
    const renewed = await fetch(second);
    expect(renewed.status).toBe(200);
    expect(await renewed.text()).toContain('SUMMARY:Pay the rent');
    // The same address after a reload: it stays until replaced.
    await page.reload();
    await expect.poll(() => address.inputValue()).toBe(second);
    await context.close();
  });

  it('fits a 390 px screen', async () => {
    const person = await existingPerson();
    const { context, page } = await newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await openData(page, person);
    const section = dataSection(page);
    await section.getByRole('textbox', { name: 'Your calendar address' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shootSection(page, 'feed');
    await context.close();
  });
});
