import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onSoundToggle, setSoundEnabled, soundEnabled, soundPreferenceKey, useSoundEnabled } from './sound';

describe('the notification sound preference', () => {
  it('is on when unset, and kept as notificationSoundEnabled in localStorage', () => {
    expect(soundEnabled()).toBe(true);
    setSoundEnabled(false);
    expect(localStorage.getItem('notificationSoundEnabled')).toBe('false');
    expect(soundEnabled()).toBe(false);
    setSoundEnabled(true);
    expect(soundEnabled()).toBe(true);
  });

  it('raises the sound-toggle event in this tab and hears other tabs', () => {
    const heard = vi.fn();
    const stop = onSoundToggle(heard);
    setSoundEnabled(false);
    expect(heard).toHaveBeenLastCalledWith(false);
    localStorage.setItem(soundPreferenceKey, 'true');
    window.dispatchEvent(new StorageEvent('storage', { key: soundPreferenceKey }));
    expect(heard).toHaveBeenLastCalledWith(true);
    window.dispatchEvent(new StorageEvent('storage', { key: 'baton.lastActive' }));
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    setSoundEnabled(false);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('re-renders a view that shows it', () => {
    const { result } = renderHook(() => useSoundEnabled());
    expect(result.current).toBe(true);
    act(() => setSoundEnabled(false));
    expect(result.current).toBe(false);
  });
});
