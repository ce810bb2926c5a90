import { useT } from '@baton/web-platform';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { badgeLabel } from './badge';
import { book } from './messages';
import { NotificationPanel } from './NotificationPanel';
import { useBrowserTimeZone } from './timezone';
import { useNotifications } from './useNotifications';
import './notifications.css';

function BellIcon() {
  return (
    <svg
      className="nb-bell__icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/**
 * The notification centre (SPEC §2): a bell with the unread count that opens a dropdown panel. Exposed to the
 * shell as `mf-notifications/NotificationBell`, shown at the right of the workspace header. Being on every
 * page of a session, it also gives the account the browser's time zone (`useBrowserTimeZone`).
 */
export default function NotificationBell() {
  const t = useT(book);
  const items = useNotifications();
  useBrowserTimeZone();
  const unread = items.filter((item) => !item.is_read).length;
  const badge = badgeLabel(unread);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const bellRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) bellRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    // Not modal: a click anywhere else on the page closes the panel.
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const onBellKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (open && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <div ref={rootRef} className="nb-centre">
      <button
        ref={bellRef}
        type="button"
        className="nb-bell"
        aria-label={unread > 0 ? t('bellLabelUnread', { unread }) : t('bellLabel')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onBellKeyDown}
      >
        <BellIcon />
        {badge ? (
          <span className="nb-bell__badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <NotificationPanel
          id={panelId}
          items={items}
          onClose={() => close(true)}
          onLeave={() => close(false)}
        />
      ) : null}
    </div>
  );
}
