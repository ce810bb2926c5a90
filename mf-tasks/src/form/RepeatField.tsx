import { useId } from 'react';
import { useTasksT } from '../i18n';
import {
  describeChoice,
  intervalUnit,
  type RepeatChoice,
  type RepeatEnd,
  type RepeatFrequency,
  repeatLimits,
  weekdayName,
  weekdays,
} from './recurrence';

const frequencyNames = {
  none: 'repeatNone',
  daily: 'repeatDaily',
  weekdays: 'repeatWeekdays',
  weekly: 'repeatWeekly',
  monthly: 'repeatMonthly',
  yearly: 'repeatYearly',
} as const satisfies Record<RepeatFrequency, string>;

const endNames = {
  never: 'endNever',
  until: 'endUntil',
  count: 'endCount',
} as const satisfies Record<RepeatEnd, string>;

/** A number input's value as a number (NaN while it is empty, which the form's check refuses). */
const numberOf = (value: string) => (value === '' ? Number.NaN : Number(value));

/**
 * How a task repeats (none, daily, weekdays, weekly on chosen days, monthly on a day, yearly; every N; ending
 * never, on a date or after N times), with what it means in words under it. Completing an occurrence makes
 * the next one.
 */
export function RepeatField({
  value,
  onChange,
}: {
  value: RepeatChoice;
  onChange: (value: RepeatChoice) => void;
}) {
  const t = useTasksT();
  const id = useId();
  const set = (patch: Partial<RepeatChoice>) => onChange({ ...value, ...patch, custom: null });
  const unit = intervalUnit(value.frequency, value.interval);
  const repeating = value.frequency !== 'none' || value.custom !== null;
  return (
    <fieldset className="task-repeat" aria-describedby={`${id}-summary`}>
      {/* The group's name for screen readers; the select below shows it. */}
      <legend className="b-visually-hidden">{t('repeat')}</legend>
      <div className="task-form__row">
        <div className="b-field">
          <label htmlFor={`${id}-frequency`} className="b-field__label">
            {t('repeat')}
          </label>
          <select
            id={`${id}-frequency`}
            className="b-input task-select"
            value={value.custom ? 'custom' : value.frequency}
            onChange={(event) => set({ frequency: event.target.value as RepeatFrequency })}
          >
            {value.custom ? <option value="custom">{t('customRule')}</option> : null}
            {Object.entries(frequencyNames).map(([frequency, name]) => (
              <option key={frequency} value={frequency}>
                {t(name)}
              </option>
            ))}
          </select>
        </div>
        {unit && !value.custom ? (
          <div className="b-field task-repeat__every">
            <label htmlFor={`${id}-interval`} className="b-field__label">
              {t('every')}
            </label>
            <span className="task-repeat__inline">
              <input
                id={`${id}-interval`}
                type="number"
                className="b-input task-repeat__number"
                min={1}
                max={repeatLimits.intervalMax}
                value={Number.isNaN(value.interval) ? '' : value.interval}
                aria-describedby={`${id}-unit`}
                onChange={(event) => set({ interval: numberOf(event.target.value) })}
              />
              <span id={`${id}-unit`}>{unit}</span>
            </span>
          </div>
        ) : null}
      </div>
      {value.frequency === 'weekly' && !value.custom ? (
        <fieldset className="task-repeat__days">
          <legend className="b-field__label">{t('on')}</legend>
          {weekdays.map((day) => (
            <label key={day} className="task-repeat__day">
              <input
                type="checkbox"
                checked={value.days.includes(day)}
                onChange={(event) =>
                  set({
                    days: event.target.checked
                      ? [...value.days, day]
                      : value.days.filter((other) => other !== day),
                  })
                }
              />
              <span aria-hidden="true">{weekdayName(day, 'short')}</span>
              <span className="b-visually-hidden">{weekdayName(day, 'long')}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {value.frequency === 'monthly' && !value.custom ? (
        <div className="b-field task-repeat__every">
          <label htmlFor={`${id}-monthday`} className="b-field__label">
            {t('dayOfMonth')}
          </label>
          <input
            id={`${id}-monthday`}
            type="number"
            className="b-input task-repeat__number"
            min={1}
            max={31}
            value={Number.isNaN(value.monthDay) ? '' : value.monthDay}
            onChange={(event) => set({ monthDay: numberOf(event.target.value) })}
          />
        </div>
      ) : null}
      {repeating && !value.custom ? (
        <div className="task-form__row">
          <div className="b-field">
            <label htmlFor={`${id}-end`} className="b-field__label">
              {t('ends')}
            </label>
            <select
              id={`${id}-end`}
              className="b-input task-select"
              value={value.end}
              onChange={(event) => set({ end: event.target.value as RepeatEnd })}
            >
              {Object.entries(endNames).map(([end, name]) => (
                <option key={end} value={end}>
                  {t(name)}
                </option>
              ))}
            </select>
          </div>
          {value.end === 'until' ? (
            <div className="b-field">
              <label htmlFor={`${id}-until`} className="b-field__label">
                {t('endDate')}
              </label>
              <input
                id={`${id}-until`}
                type="date"
                className="b-input"
                value={value.until}
                onChange={(event) => set({ until: event.target.value })}
              />
            </div>
          ) : null}
          {value.end === 'count' ? (
            <div className="b-field">
              <label htmlFor={`${id}-count`} className="b-field__label">
                {t('times')}
              </label>
              <input
                id={`${id}-count`}
                type="number"
                className="b-input task-repeat__number"
                min={1}
                max={repeatLimits.countMax}
                value={Number.isNaN(value.count) ? '' : value.count}
                onChange={(event) => set({ count: numberOf(event.target.value) })}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      <p id={`${id}-summary`} className="b-field__hint task-repeat__summary">
        {repeating ? t('repeatSummary', { summary: describeChoice(value) }) : describeChoice(value)}
      </p>
    </fieldset>
  );
}
