import { Button } from '@baton/ui';
import { useT } from '@baton/web-platform';
import { findBook } from './messages';

/** A filtered list with nothing left: says so, with the way back to the whole list. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  const t = useT(findBook);
  return (
    <div className="task-list__state task-list__empty">
      <p className="task-list__empty-title">{t('emptyTitle')}</p>
      <p>{t('emptyHint')}</p>
      <Button variant="secondary" onClick={onClear}>
        {t('clearAll')}
      </Button>
    </div>
  );
}
