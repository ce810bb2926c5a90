import type { DashboardSummary } from '@baton/contracts';
import { useTasksT } from '../i18n';

const segments = [
  { key: 'completed', label: 'statusCompleted', color: 'var(--b-color-success)' },
  { key: 'inProgress', label: 'statusInProgress', color: 'var(--b-color-primary)' },
  { key: 'notStarted', label: 'statusNotStarted', color: 'var(--b-color-border-strong)' },
] as const;

/** Task Progress Overview: a ring of the three buckets, with the numbers in a legend beside it. */
export function StatusChart({ status }: { status: DashboardSummary['status'] }) {
  const t = useTasksT();
  const total = status.completed + status.inProgress + status.notStarted;
  const radius = 15.915; // circumference 100, so a share is its own dash length
  let offset = 25; // start at 12 o'clock
  const summary = segments.map((s) => `${t(s.label)} ${status[s.key]}`).join(', ');
  return (
    <div className="status-chart">
      <svg
        viewBox="0 0 42 42"
        className="status-chart__ring"
        role="img"
        aria-label={t('statusSummary', { summary })}
      >
        <circle cx="21" cy="21" r={radius} fill="none" stroke="var(--b-color-hover)" strokeWidth="6" />
        {total > 0
          ? segments.map((s) => {
              const share = (status[s.key] / total) * 100;
              const dash = (
                <circle
                  key={s.key}
                  cx="21"
                  cy="21"
                  r={radius}
                  fill="none"
                  stroke={s.color}
                  strokeWidth="6"
                  strokeDasharray={`${share} ${100 - share}`}
                  strokeDashoffset={offset}
                />
              );
              offset -= share;
              return dash;
            })
          : null}
        <text x="21" y="23.5" textAnchor="middle" className="status-chart__total">
          {total}
        </text>
      </svg>
      <ul className="status-chart__legend">
        {segments.map((s) => (
          <li key={s.key}>
            <span className="status-chart__swatch" style={{ background: s.color }} aria-hidden="true" />
            {t(s.label)}: <strong>{status[s.key]}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
