import type { TaskCategory } from '@baton/web-platform';
import { useState } from 'react';
import { type Sort, sorts } from '../rules';

const keyOf = (category: TaskCategory) => `baton.sort.${category}`;

/** The order the person last chose for this category's list, kept on this device across reloads. */
export function useRememberedSort(category: TaskCategory) {
  const [sort, setSort] = useState<Sort>(() => {
    const stored = readStorage(keyOf(category));
    return sorts.find((s) => s === stored) ?? 'Newly Added';
  });
  const choose = (next: Sort) => {
    setSort(next);
    try {
      localStorage.setItem(keyOf(category), next);
    } catch {
      // Storage full or refused (private mode): the order holds for this visit only.
    }
  };
  return [sort, choose] as const;
}

function readStorage(key: string) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
