import { Button, NoticeBanner, useNotice } from '@baton/ui';
import { useApiClient } from '@baton/web-platform';
import { useState } from 'react';
import { transferRoutes } from '../api';
import { messages } from '../messages';
import { download } from './download';

const formats = {
  csv: { label: 'Export as CSV', path: transferRoutes.exportCsv.path, fallback: 'baton-tasks.csv' },
  json: { label: 'Export as JSON', path: transferRoutes.exportJson.path, fallback: 'baton-tasks.json' },
} as const;
type Format = keyof typeof formats;

/** Every task the person owns or receives, as a CSV (a spreadsheet) or a JSON file (with comments and notes). */
export function ExportPanel() {
  const client = useApiClient();
  const { notice, show, clear } = useNotice();
  const [busy, setBusy] = useState<Format | null>(null);

  async function run(format: Format) {
    const { path, fallback } = formats[format];
    setBusy(format);
    clear();
    try {
      show('success', messages.exportDone(await download(client, path, fallback, messages.exportFailed)));
    } catch (error) {
      show('error', error instanceof Error ? error.message : messages.exportFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="settings-data__part">
      <h3 className="settings-form__title">Export your tasks</h3>
      <p className="settings-muted">
        Every task you own or received. CSV opens in a spreadsheet; JSON also holds comments and progress
        notes, and either one can be imported here again.
      </p>
      <NoticeBanner notice={notice} onDismiss={clear} />
      <div className="settings-data__actions">
        {(Object.keys(formats) as Format[]).map((format) => (
          <Button
            key={format}
            variant="secondary"
            busy={busy === format}
            disabled={busy !== null}
            onClick={() => run(format)}
          >
            {busy === format ? `Downloading ${format.toUpperCase()}…` : formats[format].label}
          </Button>
        ))}
      </div>
    </div>
  );
}
