import type { ImportFormat, ImportReport } from '@baton/contracts';
import { PriorityBadge } from '@baton/ui';
import { rowsCount, tasksCount } from '../messages';

/** The formats in words, as the person knows the files. */
export const formatNames: Record<ImportFormat, string> = {
  'todoist-csv': 'a Todoist CSV export',
  'trello-json': 'a Trello board JSON export',
  'baton-csv': 'a Baton CSV export',
  'baton-json': 'a Baton JSON export',
};

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
  return (
    <>
      <p>
        {fileName ? (
          <>
            <span className="settings-import__file-name">{fileName}</span> is{' '}
          </>
        ) : (
          'The file was '
        )}
        {formatNames[report.format]}.
      </p>
      <dl className="settings-import__counts">
        <div>
          <dt>{confirmed ? 'Created' : 'To create'}</dt>
          <dd>{tasksCount(created)}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{rowsCount(skipped.length)}</dd>
        </div>
        <div>
          <dt>{confirmed ? 'Refused' : 'Cannot be imported'}</dt>
          <dd>{rowsCount(refused.length)}</dd>
        </div>
      </dl>
    </>
  );
}

/** The rows left out and why, folded when there are many. */
export function LeftOut({ report }: { report: ImportReport }) {
  const { confirmed, skipped, refused } = report;
  return (
    <>
      <LeftOutList
        title={confirmed ? 'Skipped: already there' : 'Will be skipped: already there'}
        rows={skipped}
      />
      <LeftOutList title={confirmed ? 'Refused' : 'Cannot be imported'} rows={refused} />
    </>
  );
}

function LeftOutList({ title, rows }: { title: string; rows: LeftOut }) {
  if (rows.length === 0) return null;
  const shown = rows.slice(0, leftOutShown);
  return (
    <details className="settings-import__left-out" open={rows.length <= leftOutOpen}>
      <summary>
        {title} ({rowsCount(rows.length)})
      </summary>
      <ul>
        {shown.map((row) => (
          <li key={`${row.row}-${row.title}`}>
            <span className="settings-muted">Row {row.row}</span>{' '}
            <span className="settings-import__title">{row.title || '(no title)'}</span>: {row.reason}
          </li>
        ))}
      </ul>
      {rows.length > shown.length ? (
        <p className="settings-muted">And {rowsCount(rows.length - shown.length)} more.</p>
      ) : null}
    </details>
  );
}

const head = 'settings-import__cell settings-import__cell--head';
const value = 'settings-import__cell settings-import__cell--nowrap';

/** The first tasks the import makes: title, due date, priority. */
export function PreviewTable({ report }: { report: ImportReport }) {
  const rows = report.tasks.slice(0, previewRows);
  return (
    <div className="settings-import__table-wrap">
      <table className="settings-import__table">
        <caption>
          {rows.length < report.created
            ? `The first ${rows.length} of ${tasksCount(report.created)}`
            : `The ${report.created === 1 ? 'task' : tasksCount(report.created)}`}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              Title
            </th>
            <th scope="col" className={head}>
              Due date
            </th>
            <th scope="col" className={head}>
              Priority
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((task) => (
            <tr key={task.row}>
              <th scope="row" className="settings-import__cell">
                {task.title}
              </th>
              <td className={value}>{task.dueDate ?? <span className="settings-muted">None</span>}</td>
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
