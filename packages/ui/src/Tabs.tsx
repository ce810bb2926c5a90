import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cx } from './cx';

export interface TabItem {
  id: string;
  label: ReactNode;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Id of the selected tab. */
  value: string;
  /** Called with the id of the tab the user picks (by click or by arrow keys, Home, End). */
  onChange: (id: string) => void;
  /** The panel of the selected tab. */
  children?: ReactNode;
  /** Accessible name of the tab list, e.g. "Task status". */
  'aria-label'?: string;
  className?: string;
}

/**
 * Controlled tabs (WAI-ARIA APG, automatic activation): only the selected tab is in the Tab order;
 * ArrowLeft/ArrowRight (wrapping), Home and End move to and select another tab.
 */
export function Tabs({ tabs, value, onChange, children, 'aria-label': ariaLabel, className }: TabsProps) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;
  // If `value` matches no tab, the first tab stays reachable with Tab.
  const tabStop = tabs.some((tab) => tab.id === value) ? value : tabs[0]?.id;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === value);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (current + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = current <= 0 ? tabs.length - 1 : current - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    (listRef.current?.children[next] as HTMLElement | undefined)?.focus();
    if (tab.id !== value) onChange(tab.id);
  };

  return (
    <div className={cx('b-tabs', className)}>
      <div ref={listRef} role="tablist" aria-label={ariaLabel} className="b-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === value;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={tab.id === tabStop ? 0 : -1}
              className="b-tabs__tab"
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.id === value ? (
          <div
            key={tab.id}
            role="tabpanel"
            id={panelId(tab.id)}
            aria-labelledby={tabId(tab.id)}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs: the panel is a tab stop in case its content has none.
            tabIndex={0}
            className="b-tabs__panel"
          >
            {children}
          </div>
        ) : (
          // Empty, hidden panels keep every tab's aria-controls pointing at an element.
          <div key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} hidden />
        ),
      )}
    </div>
  );
}
