import type { ImportFormat, ImportReport } from '@baton/contracts';
import { PriorityBadge } from '@baton/ui';
import { useLocalize, useT } from '@baton/web-platform';
import { book } from '../messages';

/** The format in words, as the person knows the files (its key in the book). */
const formatKey = (format: ImportFormat) => `format_${format}` as const;

/** Rows of the preview table: enough to recognise the file, not the whole of it. */
export const previewRows = 10;
/** Left-out rows listed one by one; past this the list says how many more. */
const leftOutShown = 100;
/** Up to this many left-out rows the list starts open; more start folded. */
const leftOutOpen = 5;

type LeftOut = ImportReport['skipped'];

/** The format found and the counts. */
export function ImportSummary({ report, fileName }: { report: ImportReport; fileName?: string }) {
  const { confirmed, created, skipped, refused } = report;
  const t = useT(book);
  return (
    <>
      <p>
        {fileName ? (
          <>
            <span className="settings-import__file-name">{fileName}</span> {t('fileIs')}{' '}
          </>
        ) : (
          `${t('fileWas')} `
        )}
        {t(formatKey(report.format))}.
      </p>
      <dl className="settings-import__counts">
        <div>
          <dt>{confirmed ? t('created') : t('toCreate')}</dt>
          <dd>{t('tasks', { count: created })}</dd>
        </div>
        <div>
          <dt>{t('skipped')}</dt>
          <dd>{t('rows', { count: skipped.length })}</dd>
        </div>
        <div>
          <dt>{confirmed ? t('refused') : t('cannotImport')}</dt>
          <dd>{t('rows', { count: refused.length })}</dd>
        </div>
      </dl>
    </>
  );
}

/** The rows left out and why, folded when there are many. */
export function LeftOut({ report }: { report: ImportReport }) {
  const { confirmed, skipped, refused } = report;
  const t = useT(book);
  return (
    <>
      <LeftOutList title={confirmed ? t('skippedThere') : t('willSkipThere')} rows={skipped} />
      <LeftOutList title={confirmed ? t('refused') : t('cannotImport')} rows={refused} />
    </>
  );
}

function LeftOutList({ title, rows }: { title: string; rows: LeftOut }) {
  const t = useT(book);
  const localize = useLocalize();
  if (rows.length === 0) return null;
  const shown = rows.slice(0, leftOutShown);
  return (
    <details className="settings-import__left-out" open={rows.length <= leftOutOpen}>
      <summary>
        {title} ({t('rows', { count: rows.length })})
      </summary>
      <ul>
        {shown.map((row) => (
          <li key={`${row.row}-${row.title}`}>
            <span className="settings-muted">{t('row', { row: row.row })}</span>{' '}
            <span className="settings-import__title">{row.title || t('noTitle')}</span>:{' '}
            {localize(row.reason)}
          </li>
        ))}
      </ul>
      {rows.length > shown.length ? (
        <p className="settings-muted">
          {t('andMore', { rows: t('rows', { count: rows.length - shown.length }) })}
        </p>
      ) : null}
    </details>
  );
}

const head = 'settings-import__cell settings-import__cell--head';
const value = 'settings-import__cell settings-import__cell--nowrap';

/** The first tasks the import makes: title, due date, priority. */
export function PreviewTable({ report }: { report: ImportReport }) {
  const t = useT(book);
  const rows = report.tasks.slice(0, previewRows);
  return (
    <div className="settings-import__table-wrap">
      <table className="settings-import__table">
        <caption>
          {rows.length < report.created
            ? t('firstOf', { shown: rows.length, tasks: t('tasks', { count: report.created }) })
            : report.created === 1
              ? t('theTask')
              : t('theTasks', { tasks: t('tasks', { count: report.created }) })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              {t('title')}
            </th>
            <th scope="col" className={head}>
              {t('dueDate')}
            </th>
            <th scope="col" className={head}>
              {t('priority')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((task) => (
            <tr key={task.row}>
              <th scope="row" className="settings-import__cell">
                {task.title}
              </th>
              <td className={value}>{task.dueDate ?? <span className="settings-muted">{t('none')}</span>}</td>
              <td className={value}>
                <PriorityBadge priority={task.priority} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
