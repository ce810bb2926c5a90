import { type ReactNode, type RefObject, useEffect, useEffectEvent, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { tabbables } from './focus';

export interface DialogProps {
  open: boolean;
  /** Heading of the dialog; it names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Short text under the title; it describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** Called on Escape (and on a click on the backdrop of a plain dialog). Without it the dialog only closes when `open` turns false. */
  onClose?: () => void;
  /** 'alertdialog' for confirmations and urgent messages; defaults to 'dialog'. */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
  /** The dialog covers the whole page (e.g. the session modal, a file preview). */
  fullScreen?: boolean;
  /** Element to focus on open; defaults to the first focusable element inside, else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
}

/** Open modal dialogs, innermost last: only the innermost one handles keys. */
const stack: HTMLElement[] = [];
let savedOverflow = '';

/**
 * A modal dialog rendered into document.body. Moves focus inside on open, keeps Tab and Shift+Tab inside,
 * closes on Escape when `onClose` is given and gives focus back to where it was on close.
 */
export function Dialog({ open, ...props }: DialogProps) {
  if (!open) return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({
  title,
  description,
  onClose,
  role = 'dialog',
  children,
  fullScreen = false,
  initialFocus,
  className,
}: Omit<DialogProps, 'open'>) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const hasDescription = description != null && description !== false && description !== '';

  const handleKey = useEffectEvent((event: KeyboardEvent, node: HTMLElement) => {
    if (event.key === 'Escape') {
      if (onClose && !event.defaultPrevented && !event.isComposing) {
        event.preventDefault();
        onClose();
      }
      return;
    }
    if (event.key !== 'Tab') return;
    const items = tabbables(node);
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    const outside = !active || !node.contains(active) || active === node;
    if (!first || !last) {
      event.preventDefault();
      node.focus();
    } else if (event.shiftKey && (outside || active === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (outside || active === last)) {
      event.preventDefault();
      first.focus();
    }
  });
  // A press on the backdrop itself (not inside the dialog) closes a plain dialog; the mouse-only
  // counterpart of Escape, so it is a native listener rather than a handler on a static element.
  const handleBackdrop = useEffectEvent((event: MouseEvent) => {
    if (event.target === event.currentTarget && role === 'dialog' && !fullScreen) onClose?.();
  });
  const focusOnOpen = useEffectEvent((node: HTMLElement) => {
    (initialFocus?.current ?? tabbables(node)[0] ?? node).focus();
  });

  useEffect(() => {
    const node = ref.current;
    const backdrop = node?.parentElement;
    if (!node || !backdrop) return;
    const before = document.activeElement;
    const previous = before instanceof HTMLElement && !node.contains(before) ? before : null;
    stack.push(node);
    if (stack.length === 1) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    focusOnOpen(node);
    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] === node) handleKey(event, node);
    };
    document.addEventListener('keydown', onKeyDown);
    backdrop.addEventListener('mousedown', handleBackdrop);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      backdrop.removeEventListener('mousedown', handleBackdrop);
      stack.splice(stack.indexOf(node), 1);
      if (stack.length === 0) document.body.style.overflow = savedOverflow;
      // Give focus back unless the user has already put it somewhere else.
      const active = document.activeElement;
      const focusLost = !active || active === document.body || node.contains(active);
      if (previous?.isConnected && focusLost) previous.focus();
    };
  }, []);

  return (
    <div className={cx('b-dialog-backdrop', fullScreen && 'b-dialog-backdrop--fullscreen')}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is always 'dialog' or 'alertdialog', both take aria-modal. */}
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={hasDescription ? descriptionId : undefined}
        tabIndex={-1}
        className={cx('b-dialog', fullScreen && 'b-dialog--fullscreen', className)}
      >
        <h2 id={titleId} className="b-dialog__title">
          {title}
        </h2>
        {hasDescription && (
          <div id={descriptionId} className="b-dialog__description">
            {description}
          </div>
        )}
        <div className="b-dialog__body">{children}</div>
      </div>
    </div>
  );
}
