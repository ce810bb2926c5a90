import { languageKey, setLanguage, untranslatedKeys } from '@baton/web-platform';
import { renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderFormDialog, folderFormProblem } from './dialogs/FolderFormDialog';
import { book } from './messages';
import FolderStrip from './strip/FolderStrip';
import { folderOf, folderServer } from './testing/handlers';

const server = mockServer();

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.removeItem(languageKey);
});

describe('the folders in German', () => {
  it('shows the strip, its cards and their counts in German', async () => {
    server.use(...folderServer([folderOf({ name: 'Arbeit', task_count: 3, baseFileKey: 'k1' })]).handlers);
    await act(() => setLanguage('de'));
    renderWithPlatform(<FolderStrip />);
    const strip = screen.getByRole('region', { name: 'Ordner' });
    expect(within(strip).getByRole('button', { name: 'Ordner erstellen' })).toBeInTheDocument();
    expect(within(strip).getByRole('tab', { name: 'Archiviert' })).toBeInTheDocument();
    expect(
      await within(strip).findByRole('button', { name: 'Arbeit 3 Aufgaben hat eine Basisdatei' }),
    ).toBeInTheDocument();
  });

  it('asks for a folder in German, colours by their German names, and refuses in German', async () => {
    await act(() => setLanguage('de'));
    renderWithPlatform(<FolderFormDialog onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Ordner erstellen' });
    expect(within(dialog).getByRole('textbox', { name: 'Ordnername' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Blau' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(folderFormProblem({ name: '', label: '' })).toBe('Der Ordnername ist erforderlich.');
  });

  it('leaves no German word for word English in its book', () => {
    expect(untranslatedKeys(book, ['Orange', 'Pink', 'Indigo', 'Cyan'])).toEqual([]);
  });
});
