import { contractMessages, useLanguage, useT } from '@baton/web-platform';
import { useStorageUsageQuery } from '../api';
import { LoadState } from '../LoadState';
import { book } from '../messages';
import { Section } from '../Section';

/** How much of their file storage a person uses (the quota the files service enforces on uploads). */
export function StorageSection() {
  const t = useT(book);
  const language = useLanguage();
  const { data, isLoading, isError } = useStorageUsageQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Section title={t('storageTitle')} intro={t('storageHint')}>
      <LoadState
        loading={isLoading}
        failed={isError}
        loadingText={t('storageLoading')}
        failedText={t('storageLoadFailed')}
      />
      {data ? (
        <div className="settings-storage">
          <p className="settings-storage__label" id="settings-storage-label">
            {contractMessages(language).file.storageUsed(data.usedBytes, data.quotaBytes)}
          </p>
          <meter
            className="settings-storage__meter"
            aria-labelledby="settings-storage-label"
            min={0}
            max={data.quotaBytes}
            high={data.quotaBytes * 0.9}
            optimum={0}
            value={Math.min(data.usedBytes, data.quotaBytes)}
          />
        </div>
      ) : null}
    </Section>
  );
}
