import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button, type ButtonVariant } from './Button';
import { cx } from './cx';

export interface DropdownMenuItem {
  label: ReactNode;
  onSelect: () => void;
  /** Shown but cannot be chosen; arrow keys skip it. */
  disabled?: boolean;
  /** Makes the item one of a set of choices (menuitemradio): whether it is the chosen one. */
  checked?: boolean;
}

/** The items arrow keys reach: menuitem and menuitemradio, not disabled. */
const enabledIn = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])') ?? []);

export interface DropdownMenuProps {
  /** Content of the menu button. */
  label: ReactNode;
  items: DropdownMenuItem[];
  /** Accessible name of the button when `label` is only an icon. */
  'aria-label'?: string;
  /** Style of the menu button; defaults to 'secondary'. */
  variant?: ButtonVariant;
  /** Which edge of the button the menu lines up with; 'end' keeps it on screen near the right edge. */
  align?: 'start' | 'end';
  disabled?: boolean;
  className?: string;
  /** The caret after the label; off for an icon-only button (e.g. "⋯"). */
  caret?: boolean;
}

/**
 * A menu button (WAI-ARIA APG pattern): the button opens a list of actions. Arrow keys, Home and End move
 * between actions, Enter or Space chooses one, Escape closes and gives focus back to the button, and a click
 * outside closes the menu.
 */
export function DropdownMenu({
  label,
  items,
  'aria-label': ariaLabel,
  variant = 'secondary',
  align = 'start',
  disabled,
  className,
  caret = true,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  /** Which item gets focus when the menu opens. */
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const enabled = enabledIn(menuRef.current);
    // A choice menu opens on the current choice (WAI-ARIA APG), other menus on their first or last item.
    const checked = enabled.find((item) => item.getAttribute('aria-checked') === 'true');
    (focusOnOpen === 'last' ? enabled[enabled.length - 1] : (checked ?? enabled[0]))?.focus();
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, focusOnOpen]);

  const openMenu = (at: 'first' | 'last') => {
    setFocusOnOpen(at);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const choose = (item: DropdownMenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = enabledIn(menuRef.current);
    const index = enabled.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      enabled[(to + enabled.length) % enabled.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index < 0 ? -1 : index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(-1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        // Leave focus on the button so that Tab moves on from there once the menu is gone.
        return close(true);
    }
  };

  return (
    <div ref={rootRef} className={cx('b-menu', className)}>
      <Button
        ref={buttonRef}
        id={buttonId}
        variant={variant}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        className="b-menu__button"
      >
        {label}
        {caret ? <span className="b-menu__caret" aria-hidden="true" /> : null}
      </Button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={cx('b-menu__list', align === 'end' && 'b-menu__list--end')}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, i) => (
            // Items have no id of their own; their order is their identity while the menu is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <MenuItem key={i} item={item} onChoose={() => choose(item)} />
          ))}
        </div>
      )}
    </div>
  );
}

/** One item: an action (menuitem), or one of a set of choices (menuitemradio) when it says whether it is checked. */
function MenuItem({ item, onChoose }: { item: DropdownMenuItem; onChoose: () => void }) {
  const props = {
    'aria-disabled': item.disabled || undefined,
    className: 'b-menu__item',
    onClick: onChoose,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onChoose();
      }
    },
  };
  return item.checked === undefined ? (
    <div role="menuitem" tabIndex={-1} {...props}>
      {item.label}
    </div>
  ) : (
    <div role="menuitemradio" aria-checked={item.checked} tabIndex={-1} {...props}>
      {item.label}
    </div>
  );
}
