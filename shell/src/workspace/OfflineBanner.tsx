import { Banner } from '@baton/ui';
import { useOnline, useT } from '@baton/web-platform';
import { shellBook } from '../i18n/shell';

/** Says so while the browser has no connection (changes are refused at once then, each with its reason). */
export function OfflineBanner() {
  const t = useT(shellBook);
  return useOnline() ? null : (
    <Banner tone="warning" className="offline-banner">
      {t('offline')}
    </Banner>
  );
}
