import { useEffect, useState } from 'react';

/** How long typing pauses before a search is asked. */
export const searchDelayMs = 200;

/** `value`, once it has stayed the same for `delay` ms. */
export function useDebounced<T>(value: T, delay = searchDelayMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
