import { Button, Dialog } from '@baton/ui';
import { type MessageKey, useT } from '@baton/web-platform';
import { Fragment } from 'react';
import { shortcutsBook } from './messages';
import './shortcuts.css';

type Words = MessageKey<typeof shortcutsBook.en>;

/**
 * Every shortcut a list answers, and the shell's palette: what the help dialog lists, each as the keys to press
 * (alternatives joined by "or", a chord's keys by "+").
 */
export const shortcutList: { keys: string[][]; action: Words }[] = [
  {
    keys: [
      ['Ctrl', 'K'],
      ['⌘', 'K'],
    ],
    action: 'palette',
  },
  { keys: [['c']], action: 'create' },
  { keys: [['j']], action: 'next' },
  { keys: [['k']], action: 'previous' },
  { keys: [['x']], action: 'select' },
  { keys: [['Shift', 'X']], action: 'selectRange' },
  { keys: [['e']], action: 'edit' },
  { keys: [['Enter']], action: 'open' },
  { keys: [['Shift', 'C']], action: 'complete' },
  { keys: [['m']], action: 'move' },
  { keys: [['/']], action: 'search' },
  { keys: [['?']], action: 'help' },
  { keys: [['Esc']], action: 'clear' },
];

/** The help dialog `?` opens. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(shortcutsBook);
  return (
    <Dialog open={open} title={t('helpTitle')} description={t('helpIntro')} onClose={onClose}>
      <table className="task-shortcuts">
        <thead>
          <tr>
            <th scope="col">{t('keyColumn')}</th>
            <th scope="col">{t('actionColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {shortcutList.map(({ keys, action }) => (
            <tr key={action}>
              <td>
                {keys.map((chord, i) => (
                  <Fragment key={chord.join('+')}>
                    {i > 0 ? ` ${t('or')} ` : null}
                    <kbd>
                      {chord.map((key, j) => (
                        <Fragment key={key}>
                          {j > 0 ? '+' : null}
                          <kbd>{key}</kbd>
                        </Fragment>
                      ))}
                    </kbd>
                  </Fragment>
                ))}
              </td>
              <td>{t(action)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="task-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
    </Dialog>
  );
}
