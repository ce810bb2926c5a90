import type { EmailMode, EventPreference, NotificationEvent } from '@baton/contracts';
import { emailModes, notificationEvents } from '@baton/contracts/constants';
import { type Translate, useT } from '@baton/web-platform';
import { book } from '../messages';
import { channels, emailModeKey, eventKey } from './preferences';

type Channel = keyof typeof channels;
export type EventChange = { [C in Channel]?: EventPreference[C] };

/** "Overdue: e-mail": each control says its event and its channel, wherever it is read from. */
const controlName = (t: Translate<(typeof book)['en']>, event: NotificationEvent, channel: Channel) =>
  t('controlName', { event: t(eventKey(event)), channel: t(channels[channel].name) });

/**
 * The events × channels table: a row per event (its name the row header), a column per channel. On a narrow
 * screen each row stacks (settings.css), and the words beside each control name its channel there.
 */
export function EventTable({
  events,
  onChange,
}: {
  events: Record<NotificationEvent, EventPreference>;
  onChange: (event: NotificationEvent, change: EventChange) => void;
}) {
  const t = useT(book);
  return (
    <div className="settings-prefs">
      <table className="settings-prefs__table">
        <caption className="settings-prefs__caption">{t('eventsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('event')}</th>
            {Object.values(channels).map(({ heading }) => (
              <th key={heading} scope="col">
                {t(heading)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {notificationEvents.map((event) => (
            <EventRow
              key={event}
              event={event}
              preference={events[event]}
              onChange={(change) => onChange(event, change)}
            />
          ))}
        </tbody>
      </table>
      <p className="settings-hint">{t('acceptLinksAlwaysMailed')}</p>
    </div>
  );
}

function EventRow({
  event,
  preference,
  onChange,
}: {
  event: NotificationEvent;
  preference: EventPreference;
  onChange: (change: EventChange) => void;
}) {
  const t = useT(book);
  return (
    <tr>
      <th scope="row">{t(eventKey(event))}</th>
      <td>
        <ChannelCheckbox
          name={controlName(t, event, 'inApp')}
          label={t(channels.inApp.heading)}
          checked={preference.inApp}
          onChange={(inApp) => onChange({ inApp })}
        />
      </td>
      <td>
        {/* The words are the channel's, for the stacked rows; the control's name says event and channel. */}
        <label className="settings-prefs__control">
          <span className="settings-prefs__label" aria-hidden="true">
            {t(channels.email.heading)}
          </span>
          <select
            className="b-input settings-prefs__select"
            aria-label={controlName(t, event, 'email')}
            value={preference.email}
            onChange={(change) => onChange({ email: change.target.value as EmailMode })}
          >
            {emailModes.map((mode) => (
              <option key={mode} value={mode}>
                {t(emailModeKey(mode))}
              </option>
            ))}
          </select>
        </label>
      </td>
      <td>
        <ChannelCheckbox
          name={controlName(t, event, 'push')}
          label={t(channels.push.heading)}
          checked={preference.push}
          onChange={(push) => onChange({ push })}
        />
      </td>
    </tr>
  );
}

function ChannelCheckbox({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="settings-prefs__control">
      <input
        type="checkbox"
        className="b-checkbox__input"
        aria-label={name}
        checked={checked}
        onChange={(change) => onChange(change.target.checked)}
      />
      <span className="settings-prefs__label" aria-hidden="true">
        {label}
      </span>
    </label>
  );
}
