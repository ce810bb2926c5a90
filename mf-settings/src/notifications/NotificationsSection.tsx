import { Checkbox, NoticeBanner, useNotice } from '@baton/ui';
import { setSoundEnabled, useSoundEnabled, useT } from '@baton/web-platform';
import { useEffect, useRef } from 'react';
import { usePreferencesQuery, useSavePreferencesMutation } from '../api';
import { book } from '../messages';
import { Section } from '../Section';
import { PreferencesPanel } from './PreferencesPanel';
import { PushToggle } from './PushToggle';

/** The sound and push of this device, then what Baton tells the person about and how. */
export function NotificationsSection() {
  const t = useT(book);
  return (
    <Section title={t('notificationsTitle')}>
      <SoundToggle />
      <PushToggle />
      <PreferencesPanel />
    </Section>
  );
}

/**
 * The notification sound (SPEC §3 `notificationSoundEnabled`, on when unset). The device's setting applies at
 * once (the bell hears the toggle); the account keeps a copy so the choice follows the person to other devices.
 */
function SoundToggle() {
  const t = useT(book);
  const enabled = useSoundEnabled();
  const { data: saved } = usePreferencesQuery();
  const [save] = useSavePreferencesMutation();
  const { notice, show, clear } = useNotice();
  const touched = useRef(false);

  // The account's choice wins over this device's, unless the person already changed it here.
  useEffect(() => {
    if (saved && !touched.current) setSoundEnabled(saved.notificationSoundEnabled);
  }, [saved]);

  async function toggle(next: boolean) {
    touched.current = true;
    setSoundEnabled(next);
    clear();
    try {
      await save({ notificationSoundEnabled: next }).unwrap();
    } catch {
      show('error', t('soundSaveFailed'));
    }
  }

  return (
    <>
      <NoticeBanner notice={notice} onDismiss={clear} />
      <Checkbox
        label={t('sound')}
        hint={t('soundHint')}
        checked={enabled}
        onChange={(event) => toggle(event.target.checked)}
      />
    </>
  );
}
