import { useCallback, useRef, useState } from 'react';
import { Banner, type BannerTone } from './Banner';

export interface Notice {
  tone: BannerTone;
  text: string;
  /** A new id per message restarts the banner's 5 s timer, even for the same words. */
  id: number;
}

/** The one message a form or section shows after an action: success, info or error. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const next = useRef(0);
  const show = useCallback((tone: BannerTone, text: string) => {
    next.current += 1;
    setNotice({ tone, text, id: next.current });
  }, []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}

/** The notice as a banner (SPEC §8: it goes after 5 seconds, or when dismissed). */
export function NoticeBanner({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <Banner key={notice.id} tone={notice.tone} onDismiss={onDismiss}>
      {notice.text}
    </Banner>
  );
}
