import { Button } from '@baton/ui';
import { useMemo } from 'react';
import { messages } from '../messages';
import { ChoiceField } from './ChoiceField';
import { detectedTimeZone, timeZoneChoices, timeZoneName } from './preferences';

/** The person's time zone (reminders, overdue notices and digests follow it), with this browser's at hand. */
export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const detected = detectedTimeZone();
  const choices = useMemo(
    () => timeZoneChoices(value, detected).map((zone) => ({ value: zone, name: timeZoneName(zone) })),
    [value, detected],
  );
  return (
    <div className="settings-timezone">
      <ChoiceField
        label="Time zone"
        value={value}
        choices={choices}
        onChange={onChange}
        hint={messages.timezoneHint(timeZoneName(detected))}
      />
      {value === detected ? null : (
        <Button variant="secondary" onClick={() => onChange(detected)}>
          Use {timeZoneName(detected)}
        </Button>
      )}
    </div>
  );
}
