import { Button, Dialog, dateTimeLabel } from '@baton/ui';
import { useLanguage } from '@baton/web-platform';
import { type ProgressLog, useProgressLogsQuery } from '../api';
import { useTasksT } from '../i18n';

/** SPEC §7: duplicates (same author, time and progress) are dropped; newest first. */
export function historyEntries(logs: readonly ProgressLog[]) {
  const seen = new Set<string>();
  return [...logs]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .filter((log) => {
      const key = `${log.author_name}|${log.created_at}|${log.progress}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The progress log of one task (SPEC §2 "History"). */
export function HistoryDialog({
  taskId,
  title,
  onClose,
}: {
  taskId: string;
  title: string;
  onClose: () => void;
}) {
  const t = useTasksT();
  const language = useLanguage();
  const { data, isLoading, isError } = useProgressLogsQuery(taskId);
  return (
    <Dialog open title={t('historyTitle')} description={title} onClose={onClose}>
      {isLoading ? <p role="status">{t('historyLoading')}</p> : null}
      {isError ? <p role="alert">{t('historyFailed')}</p> : null}
      {data && data.length === 0 ? <p>{t('historyEmpty')}</p> : null}
      {data && data.length > 0 ? (
        <ol className="task-history">
          {historyEntries(data).map((log) => (
            <li key={log.id} className="task-history__item">
              <div className="task-history__meta">
                <strong>{log.author_name}</strong> {t('setItTo')} <strong>{log.progress}%</strong>
                <time dateTime={log.created_at}>{dateTimeLabel(log.created_at, language)}</time>
              </div>
              {log.message ? <p className="task-history__note">{log.message}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="task-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
    </Dialog>
  );
}
