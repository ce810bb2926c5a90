import { useStorageUsageQuery } from '../api';
import { LoadState } from '../LoadState';
import { messages } from '../messages';
import { Section } from '../Section';

/** How much of their file storage a person uses (the quota the files service enforces on uploads). */
export function StorageSection() {
  const { data, isLoading, isError } = useStorageUsageQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Section title="Storage" intro={messages.storageHint}>
      <LoadState
        loading={isLoading}
        failed={isError}
        loadingText={messages.storageLoading}
        failedText={messages.storageLoadFailed}
      />
      {data ? (
        <div className="settings-storage">
          <p className="settings-storage__label" id="settings-storage-label">
            {messages.storageUsed(data.usedBytes, data.quotaBytes)}
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
