import { Button, NoticeBanner, useNotice } from '@baton/ui';
import { useApiClient, useT } from '@baton/web-platform';
import { useState } from 'react';
import { transferRoutes } from '../api';
import { book } from '../messages';
import { download } from './download';

const formats = {
  csv: { label: 'exportCsv', path: transferRoutes.exportCsv.path, fallback: 'baton-tasks.csv' },
  json: { label: 'exportJson', path: transferRoutes.exportJson.path, fallback: 'baton-tasks.json' },
} as const;
type Format = keyof typeof formats;

/** Every task the person owns or receives, as a CSV (a spreadsheet) or a JSON file (with comments and notes). */
export function ExportPanel() {
  const t = useT(book);
  const client = useApiClient();
  const { notice, show, clear } = useNotice();
  const [busy, setBusy] = useState<Format | null>(null);

  async function run(format: Format) {
    const { path, fallback } = formats[format];
    setBusy(format);
    clear();
    try {
      show(
        'success',
        t('exportDone', { fileName: await download(client, path, fallback, t('exportFailed')) }),
      );
    } catch (error) {
      show('error', error instanceof Error ? error.message : t('exportFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="settings-data__part">
      <h3 className="settings-form__title">{t('exportTitle')}</h3>
      <p className="settings-muted">{t('exportIntro')}</p>
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
            {busy === format ? t('downloading', { format: format.toUpperCase() }) : t(formats[format].label)}
          </Button>
        ))}
      </div>
    </div>
  );
}
