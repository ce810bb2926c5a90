import { Banner } from '@baton/ui';
import { useOnline } from '@baton/web-platform';

export const offlineText =
  "You're offline. What you see may be out of date, and changes are refused until the connection returns; Baton catches up by itself then.";

/** Says so while the browser has no connection (changes are refused at once then, each with its reason). */
export function OfflineBanner() {
  return useOnline() ? null : (
    <Banner tone="warning" className="offline-banner">
      {offlineText}
    </Banner>
  );
}
