import { useId } from 'react';
import { useTasksT } from '../i18n';
import { hourName, type ReminderChoice, reminderDayChoices, reminderDaysName } from './reminder';

const hours = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * When the doer is reminded before the due date: none, on the day, or days before, at an hour (the person's
 * digest hour until they pick one). A delegated task reminds its recipient, once they have accepted it.
 */
export function ReminderField({
  value,
  onChange,
  defaultHour,
  delegated,
}: {
  value: ReminderChoice;
  onChange: (value: ReminderChoice) => void;
  defaultHour: number;
  delegated: boolean;
}) {
  const t = useTasksT();
  const id = useId();
  // A reminder set elsewhere (the API takes up to 30 days) is shown as it is.
  const dayChoices = reminderDayChoices.includes(value.days)
    ? reminderDayChoices
    : [...reminderDayChoices, value.days];
  return (
    <div className="task-form__row">
      <div className="b-field">
        <label htmlFor={`${id}-days`} className="b-field__label">
          {t('reminder')}
        </label>
        <select
          id={`${id}-days`}
          className="b-input task-select"
          value={value.days ?? ''}
          aria-describedby={delegated ? `${id}-hint` : undefined}
          onChange={(event) =>
            onChange({ ...value, days: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          {dayChoices.map((days) => (
            <option key={days ?? 'none'} value={days ?? ''}>
              {reminderDaysName(days)}
            </option>
          ))}
        </select>
        {delegated ? (
          <p id={`${id}-hint`} className="b-field__hint">
            {t('reminderHint')}
          </p>
        ) : null}
      </div>
      {value.days === null ? null : (
        <div className="b-field">
          <label htmlFor={`${id}-hour`} className="b-field__label">
            {t('remindAt')}
          </label>
          <select
            id={`${id}-hour`}
            className="b-input task-select"
            value={value.hour ?? defaultHour}
            onChange={(event) => onChange({ ...value, hour: Number(event.target.value) })}
          >
            {hours.map((hour) => (
              <option key={hour} value={hour}>
                {hourName(hour)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
