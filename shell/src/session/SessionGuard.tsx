import { Button, Dialog } from '@baton/ui';
import {
  accessTokenTimes,
  lastActive,
  loadAuth,
  markActive,
  renewAheadMs,
  useApiClient,
  useLogout,
  useT,
} from '@baton/web-platform';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { shellBook } from '../i18n/shell';
import { type SessionPhase, secondsLeft, sessionPhase } from './clock';

/** SPEC §4: what counts as activity. */
const activityEvents = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;
/** Activity is written at most this often (mousemove fires constantly). */
const ACTIVITY_WRITE_MS = 1000;

type Modal = 'idle' | 'expiring' | null;

/**
 * Watches a signed-in session: records activity, renews the access token before it expires while the
 * person is active, shows the idle or expiry modal, and logs out at `exp` (at once if already past).
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const logout = useLogout();
  const [modal, setModal] = useState<Modal>(null);
  const [now, setNow] = useState(Date.now);
  const refreshFailed = useRef(false);
  const refreshing = useRef(false);
  const modalRef = useRef<Modal>(null);
  modalRef.current = modal;

  const evaluate = useCallback(() => {
    const at = Date.now();
    setNow(at);
    if (!loadAuth()) return void logout(); // Logged out in another tab.
    const times = accessTokenTimes();
    const phase: SessionPhase = sessionPhase({
      now: at,
      lastActive: lastActive(),
      expiresAt: times?.expiresAt ?? null,
      renewAheadMs: times ? renewAheadMs(times) : 0,
      refreshFailed: refreshFailed.current,
    });
    if (phase === 'expired') return void logout();
    if (phase === 'idle' || phase === 'expiring') return setModal((open) => open ?? phase);
    if (phase === 'refresh' && !refreshing.current) {
      refreshing.current = true;
      client.refresh().then((access) => {
        refreshing.current = false;
        refreshFailed.current = access === null;
      });
    }
  }, [client, logout]);

  useEffect(() => {
    if (!lastActive()) markActive();
    let lastWrite = 0;
    const onActivity = () => {
      // Behind the modal, activity does not count: only "Refresh session" brings the session back.
      if (modalRef.current) return;
      const at = Date.now();
      if (at - lastWrite < ACTIVITY_WRITE_MS) return;
      lastWrite = at;
      markActive(at);
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      onActivity();
      evaluate();
    };
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisible);
    evaluate();
    const timer = setInterval(evaluate, 1000);
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, onActivity);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [evaluate]);

  const refreshSession = async () => {
    const access = await client.refresh();
    if (!access) return void logout();
    refreshFailed.current = false;
    markActive();
    setModal(null);
  };

  const expiresAt = accessTokenTimes()?.expiresAt ?? null;
  const left = expiresAt === null ? null : secondsLeft(expiresAt, now);
  return (
    <>
      {children}
      <SessionModal
        variant={modal}
        secondsLeft={left}
        onRefresh={refreshSession}
        onLogout={() => void logout()}
      />
    </>
  );
}

function SessionModal({
  variant,
  secondsLeft,
  onRefresh,
  onLogout,
}: {
  variant: Modal;
  secondsLeft: number | null;
  onRefresh: () => void;
  onLogout: () => void;
}) {
  const t = useT(shellBook);
  const [busy, setBusy] = useState(false);
  if (!variant) return null;
  const idle = variant === 'idle';
  const title = idle ? t('idleTitle') : t('expiringTitle');
  const description = idle
    ? secondsLeft === null
      ? t('idleText')
      : t('idleTextIn', { seconds: secondsLeft })
    : t('expiringText', { seconds: secondsLeft ?? 0 });
  return (
    <Dialog open role="alertdialog" fullScreen title={title} description={description}>
      <div className="session-modal__actions">
        <Button variant="secondary" onClick={onLogout}>
          {t('logout')}
        </Button>
        <Button
          variant="primary"
          busy={busy}
          onClick={async () => {
            setBusy(true);
            await onRefresh();
            setBusy(false);
          }}
        >
          {t('refreshSession')}
        </Button>
      </div>
    </Dialog>
  );
}
