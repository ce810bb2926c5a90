import { useCallback, useState } from 'react';

/** A polite live region for what the keys did ("Task 3 of 12: Print posters", "2 tasks selected"). */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => setMessage(text), []);
  const region = (
    <p className="b-visually-hidden" role="status" aria-atomic="true">
      {message}
    </p>
  );
  return { announce, region };
}
