import type { DigestPreference } from '@baton/contracts';
import { digestFrequencies } from '@baton/contracts/constants';
import { Button, NoticeBanner, useNotice } from '@baton/ui';
import { failureMessage, useLanguage, useLocalize, useT } from '@baton/web-platform';
import { useMemo } from 'react';
import { useSendTestDigestMutation } from '../api';
import { book } from '../messages';
import { ChoiceField } from './ChoiceField';
import { frequencyKey, hourName, hours, weekdayNames } from './preferences';

const hourChoices = hours.map((value) => ({ value, name: hourName(value) }));

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
  const t = useT(book);
  const language = useLanguage();
  const frequencyChoices = digestFrequencies.map((value) => ({ value, name: t(frequencyKey(value)) }));
  const weekdayChoices = useMemo(
    () => weekdayNames(language).map((name, value) => ({ value, name })),
    [language],
  );
  return (
    <fieldset className="settings-digest">
      <legend className="settings-form__title">{t('digestTitle')}</legend>
      <div className="settings-digest__fields">
        <ChoiceField
          label={t('howOften')}
          value={frequency}
          choices={frequencyChoices}
          onChange={(next) => onChange({ frequency: next })}
        />
        {frequency === 'weekly' ? (
          <ChoiceField
            label={t('day')}
            value={digest.weekday}
            choices={weekdayChoices}
            onChange={(weekday) => onChange({ weekday })}
          />
        ) : null}
        {frequency === 'daily' || frequency === 'weekly' ? (
          <ChoiceField
            label={t('time')}
            value={digest.hour}
            choices={hourChoices}
            onChange={(hour) => onChange({ hour })}
          />
        ) : null}
      </div>
      {frequency === 'off' ? <p className="settings-hint">{t('digestOff')}</p> : null}
      <TestDigest />
    </fieldset>
  );
}

function TestDigest() {
  const t = useT(book);
  const localize = useLocalize();
  const [send, { isLoading }] = useSendTestDigestMutation();
  const { notice, show, clear } = useNotice();

  async function onSend() {
    clear();
    try {
      show('success', localize((await send().unwrap()).message));
    } catch (error) {
      show('error', failureMessage(error, t('testDigestFailed')));
    }
  }

  return (
    <div className="settings-digest__test">
      <NoticeBanner notice={notice} onDismiss={clear} />
      <Button variant="secondary" onClick={onSend} busy={isLoading}>
        {isLoading ? t('sending') : t('sendTestDigest')}
      </Button>
    </div>
  );
}
