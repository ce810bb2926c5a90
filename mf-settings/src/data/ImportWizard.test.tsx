import type { ImportReport } from '@baton/contracts';
import { limits, transferMessages } from '@baton/contracts/constants';
import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ImportFile } from '../api';
import { ImportWizard } from './ImportWizard';

const server = mockServer();

const todoist = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\n';
const csvFile = (name = 'todoist.csv', text = `${todoist}task,Pay rent,,4,1,,,2030-01-01,en,UTC\n`) =>
  new File([text], name, { type: 'text/csv' });

const task = (row: number, title: string, dueDate: string | null = '2030-01-01') => ({
  row,
  title,
  description: '',
  dueDate,
  priority: 'Moderate' as const,
});

function reportOf(overrides: Partial<ImportReport> = {}): ImportReport {
  const tasks = overrides.tasks ?? [task(1, 'Pay rent'), task(2, 'Call the bank', null)];
  const created = overrides.created ?? tasks.length;
  return {
    format: 'todoist-csv',
    confirmed: false,
    created,
    tasks,
    skipped: [],
    refused: [],
    message: transferMessages.imported(created),
    ...overrides,
  };
}

/** The tasks service's import route: records each body, answers `preview` or `done` by `confirm`. */
function importService(answers: {
  preview?: () => Response | Promise<Response>;
  done?: () => Response | Promise<Response>;
}) {
  const bodies: ImportFile[] = [];
  server.use(
    http.post('/api/import/', async ({ request }) => {
      const body = (await request.json()) as ImportFile;
      bodies.push(body);
      const answer = body.confirm ? answers.done : answers.preview;
      return answer ? answer() : HttpResponse.json({ error: 'unexpected' }, { status: 500 });
    }),
  );
  return bodies;
}

const fileInput = () => screen.getByLabelText('File to import') as HTMLInputElement;
const step = (name: RegExp) => screen.getByRole('heading', { level: 4, name });

describe('Import tasks, step 1: choose a file', () => {
  it('says which files it reads, and asks for one before sending anything', async () => {
    const bodies = importService({});
    const { user } = renderWithPlatform(<ImportWizard />);
    // The page opens without moving focus to the wizard.
    expect(step(/Step 1 of 3: Choose a file/)).not.toHaveFocus();
    expect(fileInput()).toHaveAccessibleDescription(/Todoist CSV export, a Trello board JSON export/);
    expect(fileInput()).toHaveAttribute('accept', expect.stringContaining('.csv,.json'));
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a file to import.');
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it("refuses a file over the limit at once, with the server's sentence, and sends nothing", async () => {
    const bodies = importService({});
    const { user } = renderWithPlatform(<ImportWizard />);
    const big = csvFile('big.csv');
    Object.defineProperty(big, 'size', { value: limits.importBytes + 1 });
    await user.upload(fileInput(), big);
    expect(screen.getByRole('alert')).toHaveTextContent(transferMessages.importTooLarge);
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    expect(screen.getByRole('alert')).toHaveTextContent(transferMessages.importTooLarge);
    expect(bodies).toEqual([]);
  });

  it('refuses an empty file', async () => {
    const bodies = importService({});
    const { user } = renderWithPlatform(<ImportWizard />);
    await user.upload(fileInput(), csvFile('empty.csv', ''));
    expect(screen.getByRole('alert')).toHaveTextContent(transferMessages.importEmpty);
    expect(bodies).toEqual([]);
  });

  it("shows the server's sentence when it cannot read the file, and stays on step 1", async () => {
    importService({
      preview: () => HttpResponse.json({ error: transferMessages.importUnknownFormat }, { status: 400 }),
    });
    const { user } = renderWithPlatform(<ImportWizard />);
    await user.upload(fileInput(), new File(['{"hello":1}'], 'notes.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(transferMessages.importUnknownFormat);
    expect(step(/Choose a file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview the import' })).toBeEnabled();
  });
});

describe('Import tasks, step 2: the preview', () => {
  it('sends the file with confirm: false, then shows the format, the count, the first rows and the left-out ones', async () => {
    const call = gate();
    const bodies = importService({
      preview: async () => {
        await call.opened;
        return HttpResponse.json(
          reportOf({
            skipped: [{ row: 4, title: 'Pay rent', reason: transferMessages.duplicate }],
            refused: [{ row: 5, title: '', reason: transferMessages.noTitle }],
          }),
        );
      },
    });
    const { user } = renderWithPlatform(<ImportWizard />);
    const text = `${todoist}task,Pay rent,,4,1,,,2030-01-01,en,UTC\n`;
    await user.upload(fileInput(), csvFile('todoist.csv', text));
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    expect(await screen.findByRole('button', { name: 'Reading the file…' })).toBeDisabled();
    call.open();

    const heading = await screen.findByRole('heading', { name: /Step 2 of 3: Check what will be imported/ });
    expect(heading).toHaveFocus();
    expect(bodies).toEqual([{ fileName: 'todoist.csv', content: text, confirm: false }]);
    expect(screen.getByText(/is a Todoist CSV export/)).toHaveTextContent(
      'todoist.csv is a Todoist CSV export.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('2 tasks will be created, 2 rows left out.');

    const table = screen.getByRole('table', { name: 'The 2 tasks' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['TitleDue datePriority', 'Pay rent2030-01-01Moderate', 'Call the bankNoneModerate']);
    expect(within(table).getByRole('rowheader', { name: 'Call the bank' })).toBeInTheDocument();
    // Few left out: their lists start open, each row with its reason.
    expect(screen.getByText('Will be skipped: already there (1 row)').closest('details')).toHaveAttribute(
      'open',
    );
    expect(screen.getByText(/Row 4/).closest('li')).toHaveTextContent(
      `Row 4 Pay rent: ${transferMessages.duplicate}`,
    );
    expect(screen.getByText(/Row 5/).closest('li')).toHaveTextContent(
      `Row 5 (no title): ${transferMessages.noTitle}`,
    );
    expect(screen.getByRole('button', { name: 'Import 2 tasks' })).toBeEnabled();
  });

  it('shows only the first 10 rows, and folds long lists of left-out rows', async () => {
    const tasks = Array.from({ length: 100 }, (_, i) => task(i + 1, `Task ${i + 1}`));
    const skipped = Array.from({ length: 130 }, (_, i) => ({
      row: 200 + i,
      title: `Old ${i}`,
      reason: transferMessages.duplicate,
    }));
    importService({ preview: () => HttpResponse.json(reportOf({ tasks, created: 1500, skipped })) });
    const { user } = renderWithPlatform(<ImportWizard />);
    await user.upload(fileInput(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    const table = await screen.findByRole('table', { name: 'The first 10 of 1500 tasks' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const details = screen.getByText('Will be skipped: already there (130 rows)').closest('details');
    expect(details).not.toHaveAttribute('open');
    // Listed up to 100, then how many more.
    expect(within(details as HTMLElement).getAllByRole('listitem', { hidden: true })).toHaveLength(100);
    expect(details).toHaveTextContent('And 30 rows more.');
    await user.click(screen.getByText('Will be skipped: already there (130 rows)'));
    expect(details).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Import 1500 tasks' })).toBeInTheDocument();
  });

  it('has nothing to import when every row is left out: no import button, another file instead', async () => {
    const skipped = [{ row: 1, title: 'Pay rent', reason: transferMessages.duplicate }];
    importService({ preview: () => HttpResponse.json(reportOf({ tasks: [], created: 0, skipped })) });
    const { user } = renderWithPlatform(<ImportWizard />);
    await user.upload(fileInput(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    expect(await screen.findByText(/Nothing in this file can be imported/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(step(/Step 1 of 3/)).toHaveFocus();
  });

  it('Cancel goes back to step 1 without importing, its heading focused', async () => {
    const bodies = importService({ preview: () => HttpResponse.json(reportOf()) });
    const { user } = renderWithPlatform(<ImportWizard />);
    await user.upload(fileInput(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(step(/Step 1 of 3: Choose a file/)).toHaveFocus();
    expect(bodies.map((b) => b.confirm)).toEqual([false]);
  });
});

describe('Import tasks, step 3: the import and its report', () => {
  it('sends the same file with confirm: true, then shows the report, announced, and "Import another file"', async () => {
    const call = gate();
    const bodies = importService({
      preview: () => HttpResponse.json(reportOf()),
      done: async () => {
        await call.opened;
        return HttpResponse.json(
          reportOf({
            confirmed: true,
            created: 1,
            tasks: [task(1, 'Pay rent')],
            skipped: [{ row: 2, title: 'Call the bank', reason: transferMessages.duplicate }],
            message: transferMessages.imported(1),
          }),
        );
      },
    });
    const { user } = renderWithPlatform(<ImportWizard />);
    await user.upload(fileInput(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 tasks' }));
    expect(await screen.findByRole('button', { name: 'Importing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    call.open();

    expect(await screen.findByRole('heading', { name: /Step 3 of 3: Import finished/ })).toHaveFocus();
    expect(bodies.map((b) => [b.fileName, b.confirm])).toEqual([
      ['todoist.csv', false],
      ['todoist.csv', true],
    ]);
    expect(bodies[1]?.content).toBe(bodies[0]?.content);
    expect(screen.getByRole('status')).toHaveTextContent('1 task imported.');
    const counts = screen.getByText('Created').closest('dl') as HTMLElement;
    expect(counts).toHaveTextContent('Created1 taskSkipped1 rowRefused0 rows');
    expect(screen.getByText(/Row 2/).closest('li')).toHaveTextContent(transferMessages.duplicate);

    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(step(/Step 1 of 3/)).toHaveFocus();
    expect(fileInput().files).toHaveLength(0);
  });

  it("keeps the preview and says the server's sentence when the import fails", async () => {
    importService({
      preview: () => HttpResponse.json(reportOf()),
      done: () => HttpResponse.json({ error: transferMessages.importTooManyRows }, { status: 400 }),
    });
    const { user } = renderWithPlatform(<ImportWizard />);
    await user.upload(fileInput(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 tasks' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(transferMessages.importTooManyRows);
    expect(step(/Step 2 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 tasks' })).toBeEnabled();
  });

  it('says its own sentence when the server gives none', async () => {
    importService({
      preview: () => HttpResponse.json(reportOf()),
      done: () => new HttpResponse(null, { status: 502 }),
    });
    const { user } = renderWithPlatform(<ImportWizard />);
    await user.upload(fileInput(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 tasks' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not import this file. Please try again.',
    );
  });
});
