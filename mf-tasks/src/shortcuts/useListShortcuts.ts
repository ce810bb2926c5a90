import type { Task } from '@baton/contracts';
import { useT } from '@baton/web-platform';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type HotkeyCallback, useHotkeys } from 'react-hotkeys-hook';
import { shortcutsBook } from './messages';

/** What a list does for its shortcuts; an action left out is not allowed in this list (it is said so). */
export interface ListShortcutActions {
  create: () => void;
  edit?: (task: Task) => void;
  open: (task: Task) => void;
  /** Completes (or reopens, in the Completed tab) these tasks. */
  complete?: (ids: string[]) => void;
  /** Opens the folder menu for the selection; `pick` is a card to select first (nothing was selected). */
  move?: (pick: string | null) => void;
  /** Said when `move` is not offered. */
  moveRefusal?: string;
}

export interface ListShortcutOptions extends ListShortcutActions {
  tasks: readonly Task[];
  /** Every task of the tab, loaded or not (what "Task 3 of 12" counts). */
  total: number;
  /** The list's element: the card holding focus is looked for in it. */
  listRef: RefObject<HTMLElement | null>;
  focusCard: (id: string) => void;
  selected: ReadonlySet<string>;
  select: (id: string, range?: boolean) => void;
  clear: () => void;
  announce: (text: string) => void;
}

/**
 * The keys, as react-hotkeys-hook reads them: by the character typed (`useKey`), so `?` and `/` work on every
 * keyboard layout (Shift+ß and Shift+7 on a German one), with Shift or, where the layout has them bare, without.
 */
export const shortcutBindings = {
  c: 'create',
  j: 'next',
  k: 'previous',
  x: 'select',
  'shift+x': 'selectRange',
  e: 'edit',
  enter: 'open',
  'shift+c': 'complete',
  m: 'move',
  '/': 'search',
  'shift+/': 'search',
  '?': 'help',
  'shift+?': 'help',
  escape: 'clear',
} as const;
type Command = (typeof shortcutBindings)[keyof typeof shortcutBindings];

const nameOf = (hotkey: Parameters<HotkeyCallback>[1]) =>
  `${hotkey.shift ? 'shift+' : ''}${(hotkey.keys ?? []).join('+')}` as keyof typeof shortcutBindings;

/** Whether a dialog (the help, a card's, the palette, the bell's panel) is open: keys are its own then. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * Whether the key goes into a field. react-hotkeys-hook skips textareas, selects, text boxes and contenteditable;
 * of inputs it is let through only checkboxes and radios (a card's checkbox, "Select all"), where nothing is typed.
 */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio';

/**
 * The single-key shortcuts of a list (the help dialog lists them). They never fire while the person types in a
 * field (react-hotkeys-hook skips inputs, textareas, selects, text boxes and contenteditable) or while a
 * dialog is open, and what they do is announced.
 */
export function useListShortcuts(options: ListShortcutOptions) {
  const t = useT(shortcutsBook);
  const [helpOpen, setHelpOpen] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  /** The card holding focus (or holding what holds it). */
  const currentCard = () => {
    const { tasks, listRef } = latest.current;
    const card = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-task-id]');
    if (!card || !listRef.current?.contains(card)) return null;
    return tasks.find((task) => task.id === card.dataset.taskId) ?? null;
  };

  const moveFocus = (step: 1 | -1) => {
    const { tasks, total, focusCard, announce } = latest.current;
    const current = currentCard();
    const at = current ? tasks.indexOf(current) + step : 0;
    const next = tasks[Math.min(Math.max(at, 0), tasks.length - 1)];
    if (!next) return;
    focusCard(next.id);
    announce(
      t('position', {
        index: tasks.indexOf(next) + 1,
        total: Math.max(total, tasks.length),
        title: next.title,
      }),
    );
  };

  /** Runs a command; false when it did not apply (the key then does what it would have done). */
  const run = (command: Command, target: EventTarget | null): boolean => {
    const o = latest.current;
    const card = currentCard();
    const needCard = (act: (task: Task) => void) => {
      if (card) act(card);
      else o.announce(t('noTask'));
    };
    switch (command) {
      case 'create':
        o.create();
        return true;
      case 'next':
        moveFocus(1);
        return true;
      case 'previous':
        moveFocus(-1);
        return true;
      case 'select':
      case 'selectRange':
        needCard((task) => o.select(task.id, command === 'selectRange'));
        return true;
      case 'edit':
        needCard((task) => (o.edit ? o.edit(task) : o.announce(t('cannotEdit'))));
        return true;
      case 'open':
        // Enter on a button or link inside the card is that control's.
        if (!card || (target as HTMLElement | null)?.dataset?.taskId !== card.id) return false;
        o.open(card);
        return true;
      case 'complete': {
        const ids = o.selected.size > 0 ? [...o.selected] : card ? [card.id] : [];
        if (!o.complete) o.announce(t('cannotComplete'));
        else if (ids.length > 0) o.complete(ids);
        else o.announce(t('noTask'));
        return true;
      }
      case 'move': {
        const move = o.move;
        if (!move) o.announce(o.moveRefusal ?? '');
        else if (o.selected.size > 0) move(null);
        else needCard((task) => move(task.id));
        return true;
      }
      case 'search': {
        const search = document.querySelector<HTMLElement>('[data-shortcut="search"]');
        search?.focus();
        return search !== null;
      }
      case 'help':
        setHelpOpen(true);
        return true;
      case 'clear':
        if (o.selected.size === 0) return false;
        o.clear();
        return true;
    }
  };

  useHotkeys(
    Object.keys(shortcutBindings),
    (event, hotkey) => {
      const command = shortcutBindings[nameOf(hotkey)];
      if (command && run(command, event.target)) event.preventDefault();
    },
    {
      useKey: true,
      enableOnFormTags: ['input'],
      ignoreEventWhen: (event) => typing(event.target) || dialogOpen() || event.defaultPrevented,
    },
  );

  // Every change of the selection is said, however it was made (a key, a click, "Select all").
  const count = options.selected.size;
  const said = useRef(count);
  useEffect(() => {
    if (said.current === count) return;
    said.current = count;
    latest.current.announce(t('selected', { count }));
  }, [count, t]);

  return { helpOpen, closeHelp: () => setHelpOpen(false) };
}
