import { onSoundToggle, soundEnabled } from '@baton/web-platform';
import { useCallback, useEffect, useRef } from 'react';
import { logMessages } from './messages';

/** SPEC §9: the notification sound plays at volume 0.6. */
export const soundVolume = 0.6;

/** Rspack emits the file as an asset and gives its address on the remote's own origin. */
export const chimeUrl = new URL('./assets/chime.wav', import.meta.url).href;

export interface NotificationSound {
  /** Plays the chime from the start, unless the person turned the sound off. */
  play(): void;
  /** Stops the chime and rewinds it. */
  stop(): void;
  /** Stops listening to the sound-toggle event. */
  dispose(): void;
}

/** The chime of SPEC §4; turning the sound off (the sound-toggle event, any tab) stops it at once. */
export function createNotificationSound(url: string = chimeUrl): NotificationSound {
  let audio: HTMLAudioElement | undefined;
  const stop = () => {
    if (!audio) return;
    audio.pause();
    audio.currentTime = 0;
  };
  const unsubscribe = onSoundToggle((enabled) => {
    if (!enabled) stop();
  });
  return {
    play() {
      if (!soundEnabled()) return;
      audio ??= new Audio(url);
      audio.volume = soundVolume;
      audio.currentTime = 0;
      // Browsers refuse to play before the person has interacted with the page; nothing to tell them.
      audio.play()?.catch((error: unknown) => console.error(logMessages.soundFailed, error));
    },
    stop,
    dispose: unsubscribe,
  };
}

/** A `play` function for a component's lifetime. */
export function useNotificationSound(): () => void {
  const sound = useRef<NotificationSound | null>(null);
  useEffect(() => {
    const current = createNotificationSound();
    sound.current = current;
    return () => {
      current.dispose();
      sound.current = null;
    };
  }, []);
  return useCallback(() => sound.current?.play(), []);
}
