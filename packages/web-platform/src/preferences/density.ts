import { useSyncExternalStore } from 'react';

/** How much a task card shows at once: compact (the default) or comfortable. Shared by every tab of the device. */
export type Density = 'compact' | 'comfortable';
export const densities: readonly Density[] = ['compact', 'comfortable'];

export const densityPreferenceKey = 'baton.density';

/** Raised in this tab on a change (the storage event only reaches the other tabs). */
const changeEvent = 'baton:density';

/** The choice when storage refuses it (private mode, quota): it holds for this visit. */
let unsaved: Density | undefined;

export function density(): Density {
  if (unsaved) return unsaved;
  try {
    return localStorage.getItem(densityPreferenceKey) === 'comfortable' ? 'comfortable' : 'compact';
  } catch {
    return 'compact';
  }
}

export function setDensity(next: Density) {
  try {
    localStorage.setItem(densityPreferenceKey, next);
    unsaved = undefined;
  } catch {
    unsaved = next;
  }
  window.dispatchEvent(new Event(changeEvent));
}

/** Calls `listener` with the new value when this tab or another one changes the preference. */
export function onDensityChange(listener: (density: Density) => void): () => void {
  const inThisTab = () => listener(density());
  const inAnotherTab = (event: StorageEvent) => {
    if (event.key === densityPreferenceKey || event.key === null) listener(density());
  };
  window.addEventListener(changeEvent, inThisTab);
  window.addEventListener('storage', inAnotherTab);
  return () => {
    window.removeEventListener(changeEvent, inThisTab);
    window.removeEventListener('storage', inAnotherTab);
  };
}

export const useDensity = () => useSyncExternalStore(onDensityChange, density, (): Density => 'compact');
