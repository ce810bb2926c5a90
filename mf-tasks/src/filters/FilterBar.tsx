import {
  type DueFilter,
  dueFilters,
  email,
  priorities,
  type StateFilter,
  stateFilters,
  type TaskFilter,
} from '@baton/contracts';
import { Button } from '@baton/ui';
import { type MessageKey, useT } from '@baton/web-platform';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { priorityKey, useTasksT } from '../i18n';
import { SearchBox } from '../search/SearchBox';
import { findBook } from './messages';
import { isFiltered } from './query';
import './filters.css';

type FindKey = MessageKey<typeof findBook.en>;
const dueKey: Record<DueFilter, FindKey> = {
  overdue: 'dueOverdue',
  today: 'dueToday',
  week: 'dueWeek',
  range: 'dueRange',
  none: 'dueNone',
};
const stateKey: Record<StateFilter, FindKey> = {
  pending: 'statePending',
  accepted: 'stateAccepted',
  proposed: 'stateProposed',
  completed: 'stateCompleted',
};

export interface FilterBarProps {
  filter: TaskFilter;
  /** A new set of filters; `replace` when it should not add a step to Back (the search being typed). */
  onChange: (filter: TaskFilter, options?: { replace?: boolean }) => void;
  /** How many tasks the filtered list holds (its tab), once known. */
  matching: number | null;
  onSave: () => void;
}

/**
 * A list's filters and search: priority, due, state, person, attachment and the words, each narrowing the list
 * and all kept in the address (the list's query). "Clear all" lifts them, "Save view" keeps them by name.
 */
export function FilterBar({ filter, onChange, matching, onSave }: FilterBarProps) {
  const t = useT(findBook);
  const tt = useTasksT();
  const filtered = isFiltered(filter);
  // On a narrow screen the filters fold behind one button (the search box stays), saying how many are on.
  const [unfolded, setUnfolded] = useState(false);
  const rowId = useId();
  const on = Object.keys(filter).filter((name) => name !== 'q' && name !== 'from' && name !== 'to').length;
  /** One filter changed; an empty choice lifts it. */
  const set = (patch: Partial<TaskFilter>, options?: { replace?: boolean }) => {
    const next: Record<string, unknown> = { ...filter, ...patch };
    for (const [name, value] of Object.entries(next))
      if (value === '' || value === undefined) delete next[name];
    onChange(next as TaskFilter, options);
  };
  // The person's calendar day (YYYY-MM-DD), not UTC's.
  const today = new Intl.DateTimeFormat('en-CA').format(new Date());

  return (
    <search className="task-filters" aria-label={t('bar')}>
      <div className="task-filters__top">
        <SearchBox value={filter.q ?? ''} onSearch={(q) => set({ q }, { replace: true })} />
        <Button
          variant="secondary"
          className="task-filters__fold"
          aria-expanded={unfolded}
          aria-controls={rowId}
          onClick={() => setUnfolded((open) => !open)}
        >
          {on > 0 ? t('filtersOn', { count: on }) : t('bar')}
        </Button>
      </div>
      <div id={rowId} className={`task-filters__row${unfolded ? ' task-filters__row--unfolded' : ''}`}>
        <Choice
          label={t('priority')}
          value={filter.priority ?? ''}
          any={t('any')}
          options={priorities.map((p) => [p, tt(priorityKey[p])])}
          onChange={(priority) => set({ priority: (priority || undefined) as TaskFilter['priority'] })}
        />
        <Choice
          label={t('due')}
          value={filter.due ?? ''}
          any={t('any')}
          options={dueFilters.map((d) => [d, t(dueKey[d])])}
          onChange={(due) =>
            set(
              due === 'range'
                ? { due, from: filter.from ?? today, to: filter.to ?? today }
                : { due: (due || undefined) as DueFilter | undefined, from: undefined, to: undefined },
            )
          }
        />
        {filter.due === 'range' ? (
          <>
            <DateChoice label={t('from')} value={filter.from ?? ''} onChange={(from) => set({ from })} />
            <DateChoice
              label={t('to')}
              value={filter.to ?? ''}
              min={filter.from}
              onChange={(to) => set({ to })}
            />
          </>
        ) : null}
        <Choice
          label={t('state')}
          value={filter.state ?? ''}
          any={t('any')}
          options={stateFilters.map((s) => [s, t(stateKey[s])])}
          onChange={(state) => set({ state: (state || undefined) as StateFilter | undefined })}
        />
        <PersonChoice value={filter.person ?? ''} onChange={(person) => set({ person })} />
        <Choice
          label={t('attachment')}
          value={filter.attachment === undefined ? '' : String(filter.attachment)}
          any={t('any')}
          options={[
            ['true', t('withAttachment')],
            ['false', t('withoutAttachment')],
          ]}
          onChange={(value) => set({ attachment: value === '' ? undefined : value === 'true' })}
        />
        {filtered ? (
          <div className="task-filters__actions">
            <Button variant="secondary" onClick={() => onChange({})}>
              {t('clearAll')}
            </Button>
            <Button variant="secondary" onClick={onSave}>
              {t('saveView')}
            </Button>
          </div>
        ) : null}
      </div>
      <p className="b-visually-hidden" role="status">
        {filtered && matching !== null ? t('matching', { count: matching }) : ''}
      </p>
    </search>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="task-filters__field">
      <label htmlFor={id} className="task-filters__label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Choice({
  label,
  value,
  any,
  options,
  onChange,
}: {
  label: string;
  value: string;
  any: string;
  options: [value: string, label: string][];
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select
          id={id}
          className={`b-input task-select task-filters__select${value ? ' task-filters__select--set' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{any}</option>
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function DateChoice({
  label,
  value,
  min,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className="b-input task-filters__date"
          value={value}
          min={min}
          required
          onChange={(event) => event.target.value && onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** The delegator or recipient, by address: applied when the address is whole (on Enter or leaving the box). */
function PersonChoice({ value, onChange }: { value: string; onChange: (person: string) => void }) {
  const t = useT(findBook);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    const person = text.trim();
    if (person === value) return;
    if (person === '' || email.safeParse(person).success) onChange(person);
  };
  const invalid = text.trim() !== '' && text.trim() !== value && !email.safeParse(text.trim()).success;
  return (
    <Field label={t('person')}>
      {(id) => (
        <input
          id={id}
          type="email"
          className="b-input task-filters__person"
          placeholder={t('personPlaceholder')}
          title={t('personHint')}
          aria-invalid={invalid || undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={apply}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply();
          }}
        />
      )}
    </Field>
  );
}
