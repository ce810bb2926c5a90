import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { density, densityPreferenceKey, onDensityChange, setDensity, useDensity } from './density';

describe('the card density preference', () => {
  it('is compact when unset or unknown, and kept as baton.density in localStorage', () => {
    expect(density()).toBe('compact');
    setDensity('comfortable');
    expect(localStorage.getItem('baton.density')).toBe('comfortable');
    expect(density()).toBe('comfortable');
    localStorage.setItem(densityPreferenceKey, 'roomy');
    expect(density()).toBe('compact');
  });

  it('tells this tab and hears other tabs', () => {
    const heard = vi.fn();
    const stop = onDensityChange(heard);
    setDensity('comfortable');
    expect(heard).toHaveBeenLastCalledWith('comfortable');
    localStorage.setItem(densityPreferenceKey, 'compact');
    window.dispatchEvent(new StorageEvent('storage', { key: densityPreferenceKey }));
    expect(heard).toHaveBeenLastCalledWith('compact');
    window.dispatchEvent(new StorageEvent('storage', { key: 'baton.lastActive' }));
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    setDensity('comfortable');
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('holds for the visit when storage refuses it', () => {
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    setDensity('comfortable');
    expect(density()).toBe('comfortable');
    refuse.mockRestore();
    setDensity('compact');
    expect(density()).toBe('compact');
  });

  it('re-renders a view that uses it', () => {
    const { result } = renderHook(() => useDensity());
    expect(result.current).toBe('compact');
    act(() => setDensity('comfortable'));
    expect(result.current).toBe('comfortable');
  });
});
