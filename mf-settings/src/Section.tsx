import { cx } from '@baton/ui';
import { type ReactNode, useId } from 'react';

/** One titled card of the Settings page; `danger` marks the Danger Zone. */
export function Section({
  title,
  intro,
  danger = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cx('settings-section', danger && 'settings-section--danger')}
    >
      <h2 id={headingId} className="settings-section__title">
        {title}
      </h2>
      {intro ? <p className="settings-section__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
