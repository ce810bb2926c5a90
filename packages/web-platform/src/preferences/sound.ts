import { useSyncExternalStore } from 'react';

/** SPEC §3 "Local preference": the notification sound, on when unset. Shared by every tab of the device. */
export const soundPreferenceKey = 'notificationSoundEnabled';

/** The sound-toggle event of SPEC §4: whoever plays the sound listens and stops at once when it turns off. */
const toggleEvent = 'baton:notification-sound';

export const soundEnabled = () => localStorage.getItem(soundPreferenceKey) !== 'false';

export function setSoundEnabled(enabled: boolean) {
  localStorage.setItem(soundPreferenceKey, String(enabled));
  window.dispatchEvent(new CustomEvent(toggleEvent, { detail: enabled }));
}

/** Calls `listener` with the new value when this tab or another one changes the preference. */
export function onSoundToggle(listener: (enabled: boolean) => void): () => void {
  const inThisTab = () => listener(soundEnabled());
  const inAnotherTab = (event: StorageEvent) => {
    if (event.key === soundPreferenceKey || event.key === null) listener(soundEnabled());
  };
  window.addEventListener(toggleEvent, inThisTab);
  window.addEventListener('storage', inAnotherTab);
  return () => {
    window.removeEventListener(toggleEvent, inThisTab);
    window.removeEventListener('storage', inAnotherTab);
  };
}

export const useSoundEnabled = () => useSyncExternalStore(onSoundToggle, soundEnabled, () => true);
