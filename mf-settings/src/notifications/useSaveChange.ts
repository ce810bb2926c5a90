import type { NotificationPreferencesUpdate } from '@baton/contracts';
import { failureMessage, useT } from '@baton/web-platform';
import { useCallback, useRef, useState } from 'react';
import { useUpdateNotificationPreferencesMutation } from '../api';
import { book } from '../messages';

/** Which part of the preferences a change was made in: its outcome is told beside it. */
export type SavePlace = 'events' | 'digest' | 'timezone';

export interface SaveOutcome {
  place: SavePlace;
  /** `saving` clears the last "Saved", so the next one is announced again. */
  state: 'saving' | 'saved' | 'failed';
  error: string | null;
}

/**
 * Saves each change as it is made (only the changed part; the cached preferences change at once and go back
 * when the server refuses), and says how it went beside the control: "Saved", or the reason it was not.
 */
export function useSaveChange() {
  const t = useT(book);
  const [update] = useUpdateNotificationPreferencesMutation();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  // The last change's outcome is shown: an earlier one answering late must not overwrite it.
  const latest = useRef(0);

  const save = useCallback(
    async (place: SavePlace, change: NotificationPreferencesUpdate) => {
      latest.current += 1;
      const mine = latest.current;
      setOutcome({ place, state: 'saving', error: null });
      try {
        await update(change).unwrap();
        if (mine === latest.current) setOutcome({ place, state: 'saved', error: null });
      } catch (error) {
        // A refusal is always told, even when a later change already replaced the status.
        const reason = failureMessage(error, t('preferencesSaveFailed'));
        setOutcome({ place, state: 'failed', error: `${reason} ${t('preferencesRolledBack')}` });
      }
    },
    [update, t],
  );
  const dismiss = useCallback(() => setOutcome(null), []);
  return { save, outcome, dismiss };
}
