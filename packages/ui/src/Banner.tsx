import { type ComponentProps, useEffect, useEffectEvent } from 'react';
import { cx } from './cx';
import { CloseIcon, type Tone, ToneIcon } from './icons';
import { useUiText } from './text';

export type BannerTone = Tone;

export interface BannerProps extends Omit<ComponentProps<'div'>, 'role'> {
  /** Defaults to 'info'. 'error' banners are announced at once (role="alert"), the others politely (role="status"). */
  tone?: BannerTone;
  /** Called by the "Dismiss" button and, after `autoDismissMs`, by the timer. Without it the banner stays. */
  onDismiss?: () => void;
  /** Milliseconds before `onDismiss` is called (SPEC §8: form error banners go after 5 s). 0 or Infinity: never. */
  autoDismissMs?: number;
}

/** A message strip above a form or page section. Give it a new `key` to restart the timer for a new message. */
export function Banner({
  tone = 'info',
  onDismiss,
  autoDismissMs = 5000,
  className,
  children,
  ...rest
}: BannerProps) {
  const { t } = useUiText();
  const dismiss = useEffectEvent(() => onDismiss?.());
  const timed = onDismiss !== undefined && autoDismissMs > 0 && Number.isFinite(autoDismissMs);

  useEffect(() => {
    if (!timed) return;
    const timer = setTimeout(dismiss, autoDismissMs);
    return () => clearTimeout(timer);
  }, [timed, autoDismissMs]);

  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('b-banner', `b-banner--${tone}`, className)}
      {...rest}
    >
      <ToneIcon tone={tone} />
      <div className="b-banner__message">{children}</div>
      {onDismiss && (
        <button
          type="button"
          className="b-icon-button b-banner__close"
          aria-label={t('dismiss')}
          onClick={onDismiss}
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
