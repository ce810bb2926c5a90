import type { ComponentProps } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ComponentProps<'button'> {
  /** Visual style; defaults to 'primary'. */
  variant?: ButtonVariant;
  /** Work in progress: sets aria-busy and disables the button (pass the busy label as children, e.g. "Adding..."). */
  busy?: boolean;
}

/** A native button; type defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  busy = false,
  disabled,
  type = 'button',
  className,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx('b-button', `b-button--${variant}`, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    />
  );
}
