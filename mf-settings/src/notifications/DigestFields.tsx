import type { DigestPreference } from '@baton/contracts';
import { digestFrequencies } from '@baton/contracts/constants';
import { Button, NoticeBanner, useNotice } from '@baton/ui';
import { failureMessage } from '@baton/web-platform';
import { useSendTestDigestMutation } from '../api';
import { messages } from '../messages';
import { ChoiceField } from './ChoiceField';
import { frequencyNames, hourName, hours, weekdayNames } from './preferences';

const frequencyChoices = digestFrequencies.map((value) => ({ value, name: frequencyNames[value] }));
const hourChoices = hours.map((value) => ({ value, name: hourName(value) }));
const weekdayChoices = weekdayNames.map((name, value) => ({ value, name }));

/**
 * How often what was set to "In the digest" goes out as one mail: hourly, daily at an hour, weekly on a day at
 * an hour (in the person's time zone), or never; and a test digest, sent now.
 */
export function DigestFields({
  digest,
  onChange,
}: {
  digest: DigestPreference;
  onChange: (change: Partial<DigestPreference>) => void;
}) {
  const { frequency } = digest;
  return (
    <fieldset className="settings-digest">
      <legend className="settings-form__title">E-mail digest</legend>
      <div className="settings-digest__fields">
        <ChoiceField
          label="How often"
          value={frequency}
          choices={frequencyChoices}
          onChange={(next) => onChange({ frequency: next })}
        />
        {frequency === 'weekly' ? (
          <ChoiceField
            label="Day"
            value={digest.weekday}
            choices={weekdayChoices}
            onChange={(weekday) => onChange({ weekday })}
          />
        ) : null}
        {frequency === 'daily' || frequency === 'weekly' ? (
          <ChoiceField
            label="Time"
            value={digest.hour}
            choices={hourChoices}
            onChange={(hour) => onChange({ hour })}
          />
        ) : null}
      </div>
      {frequency === 'off' ? <p className="settings-hint">{messages.digestOff}</p> : null}
      <TestDigest />
    </fieldset>
  );
}

function TestDigest() {
  const [send, { isLoading }] = useSendTestDigestMutation();
  const { notice, show, clear } = useNotice();

  async function onSend() {
    clear();
    try {
      show('success', (await send().unwrap()).message);
    } catch (error) {
      show('error', failureMessage(error, messages.testDigestFailed));
    }
  }

  return (
    <div className="settings-digest__test">
      <NoticeBanner notice={notice} onDismiss={clear} />
      <Button variant="secondary" onClick={onSend} busy={isLoading}>
        {isLoading ? 'Sending…' : 'Send me a test digest'}
      </Button>
    </div>
  );
}
