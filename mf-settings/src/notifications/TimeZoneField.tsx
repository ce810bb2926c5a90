import { Button } from '@baton/ui';
import { useT } from '@baton/web-platform';
import { useMemo } from 'react';
import { book } from '../messages';
import { ChoiceField } from './ChoiceField';
import { detectedTimeZone, timeZoneChoices, timeZoneName } from './preferences';

/** The person's time zone (reminders, overdue notices and digests follow it), with this browser's at hand. */
export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const t = useT(book);
  const detected = detectedTimeZone();
  const choices = useMemo(
    () => timeZoneChoices(value, detected).map((zone) => ({ value: zone, name: timeZoneName(zone) })),
    [value, detected],
  );
  return (
    <div className="settings-timezone">
      <ChoiceField
        label={t('timezone')}
        value={value}
        choices={choices}
        onChange={onChange}
        hint={t('timezoneHint', { detected: timeZoneName(detected) })}
      />
      {value === detected ? null : (
        <Button variant="secondary" onClick={() => onChange(detected)}>
          {t('useTimezone', { zone: timeZoneName(detected) })}
        </Button>
      )}
    </div>
  );
}
