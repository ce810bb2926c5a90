import { setSoundEnabled } from '@baton/web-platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chimeUrl, createNotificationSound, soundVolume } from './sound';
import { stubMedia } from './testing';

describe('the notification sound', () => {
  let media: ReturnType<typeof stubMedia>;

  beforeEach(() => {
    media = stubMedia();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('plays the chime at volume 0.6 when the preference is unset (on)', () => {
    const sound = createNotificationSound();
    sound.play();
    expect(media.play).toHaveBeenCalledTimes(1);
    const audio = media.play.mock.contexts[0] as HTMLAudioElement;
    expect(soundVolume).toBe(0.6);
    expect(audio.volume).toBe(0.6);
    expect(audio.src).toBe(chimeUrl);
    expect(chimeUrl).toMatch(/chime\.wav$/);
    sound.dispose();
  });

  it('stays quiet when the sound is off', () => {
    setSoundEnabled(false);
    const sound = createNotificationSound();
    sound.play();
    expect(media.play).not.toHaveBeenCalled();
    sound.dispose();
  });

  it('stops and rewinds when the sound is turned off (the sound-toggle event)', () => {
    const sound = createNotificationSound();
    sound.play();
    const audio = media.play.mock.contexts[0] as HTMLAudioElement;
    setSoundEnabled(false);
    expect(media.pause).toHaveBeenCalledTimes(1);
    expect(media.pause.mock.contexts[0]).toBe(audio);
    expect(audio.currentTime).toBe(0);
    sound.dispose();
    // After dispose it no longer listens.
    setSoundEnabled(true);
    setSoundEnabled(false);
    expect(media.pause).toHaveBeenCalledTimes(1);
  });

  it('only logs when the browser refuses to play', async () => {
    const refused = new DOMException('Autoplay blocked', 'NotAllowedError');
    media.play.mockRejectedValueOnce(refused);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sound = createNotificationSound();
    sound.play();
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Could not play the notification sound.', refused),
    );
    sound.dispose();
  });
});
