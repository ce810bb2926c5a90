import { Banner } from '@baton/ui';
import { useT } from '@baton/web-platform';
import { useNotificationPreferencesQuery } from '../api';
import { LoadState } from '../LoadState';
import { book } from '../messages';
import { DigestFields } from './DigestFields';
import { EventTable } from './EventTable';
import { TimeZoneField } from './TimeZoneField';
import { type SaveOutcome, type SavePlace, useSaveChange } from './useSaveChange';

/**
 * Per event and channel, the digest and the time zone (the notifications service keeps them). Each change is
 * saved as it is made: a table of 27 controls with one Save button would lose what someone set and then left.
 */
export function PreferencesPanel() {
  const t = useT(book);
  const { data, isLoading, isError } = useNotificationPreferencesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { save, outcome, dismiss } = useSaveChange();
  const status = (place: SavePlace) => <SaveStatus place={place} outcome={outcome} onDismiss={dismiss} />;

  return (
    <div className="settings-notifications">
      <LoadState
        loading={isLoading}
        failed={isError && !data}
        loadingText={t('preferencesLoading')}
        failedText={t('preferencesLoadFailed')}
      />
      {data ? (
        <>
          <EventTable
            events={data.events}
            onChange={(event, change) => save('events', { events: { [event]: change } })}
          />
          {status('events')}
          <DigestFields digest={data.digest} onChange={(digest) => save('digest', { digest })} />
          {status('digest')}
          <TimeZoneField value={data.timezone} onChange={(timezone) => save('timezone', { timezone })} />
          {status('timezone')}
        </>
      ) : null}
    </div>
  );
}

/**
 * Beside each part, how its last change went: "Saved" in a polite live region that is always there (so each
 * new "Saved" is announced), or why it was not saved, as an alert.
 */
function SaveStatus({
  place,
  outcome,
  onDismiss,
}: {
  place: SavePlace;
  outcome: SaveOutcome | null;
  onDismiss: () => void;
}) {
  const t = useT(book);
  const here = outcome?.place === place ? outcome : null;
  return (
    <>
      <p className="settings-saved" role="status">
        {here?.state === 'saved' ? t('preferencesSaved') : ''}
      </p>
      {here?.error ? (
        <Banner tone="error" onDismiss={onDismiss} autoDismissMs={0}>
          {here.error}
        </Banner>
      ) : null}
    </>
  );
}
