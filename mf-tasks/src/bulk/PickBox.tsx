import { useT } from '@baton/web-platform';
import type { MouseEvent } from 'react';
import { bulkBook } from './messages';

/**
 * A card's checkbox in the selection: a click toggles the card, Shift+click adds the cards from the last one
 * picked. Its click stays off the card, whose own modifier clicks select too.
 */
export function PickBox({
  title,
  picked,
  onPick,
}: {
  title: string;
  picked: boolean;
  onPick: (range: boolean) => void;
}) {
  const t = useT(bulkBook);
  return (
    <input
      type="checkbox"
      className="task-card__pick"
      aria-label={t('selectCard', { title })}
      checked={picked}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      // A checkbox's change comes from its click (mouse or Space), which says whether Shift was held.
      onChange={({ nativeEvent }) => onPick('shiftKey' in nativeEvent && nativeEvent.shiftKey === true)}
    />
  );
}
