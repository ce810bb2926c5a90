import { cx } from '@baton/ui';
import type { SettingsSection } from '@baton/web-platform';
import { createContext, type ReactNode, useContext, useId } from 'react';

/** Which section of Settings a card is, given by Settings, so its navigation can find the card. */
export const SectionIdContext = createContext<SettingsSection | null>(null);

/** The element id of a section's card (`settings-trusted`). */
export const sectionElementId = (section: SettingsSection) => `settings-${section}`;

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
  const section = useContext(SectionIdContext);
  return (
    <section
      id={section ? sectionElementId(section) : undefined}
      aria-labelledby={headingId}
      className={cx('settings-section', danger && 'settings-section--danger')}
    >
      {/* Focusable by script only: going to a section puts the reader at its title. */}
      <h2 id={headingId} className="settings-section__title" tabIndex={-1}>
        {title}
      </h2>
      {intro ? <p className="settings-section__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
