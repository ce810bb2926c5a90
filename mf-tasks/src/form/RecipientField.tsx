import { useId, useState } from 'react';
import { useRecipientSuggestionsQuery } from '../api';
import { useTasksT } from '../i18n';
import { suggest } from './suggestions';

/**
 * The recipient's e-mail with trusted users suggested as one types (WAI-ARIA combobox with a listbox):
 * ArrowDown/ArrowUp move, Enter picks, Escape closes.
 */
export function RecipientField({ value, onChange }: { value: string; onChange: (email: string) => void }) {
  const t = useTasksT();
  const { data = [] } = useRecipientSuggestionsQuery();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-list`;
  const options = open ? suggest(data, value) : [];
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (email: string) => {
    onChange(email);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="b-field task-recipient">
      <label htmlFor={id} className="b-field__label">
        {t('recipientEmail')}
      </label>
      <input
        id={id}
        type="email"
        className="b-input"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 && options[active] ? optionId(active) : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && options.length) {
            event.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % options.length);
          } else if (event.key === 'ArrowUp' && options.length) {
            event.preventDefault();
            setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
          } else if (event.key === 'Enter' && active >= 0 && options[active]) {
            event.preventDefault();
            pick(options[active].email);
          } else if (event.key === 'Escape' && options.length) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('trustedUsers')}
        className="task-recipient__list"
        hidden={!options.length}
      >
        {options.map((option, index) => (
          <div
            key={option.email}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className="task-recipient__option"
            // Before blur, so the click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option.email);
            }}
          >
            <span>{option.name || option.email}</span>
            {option.name ? <span className="task-recipient__email">{option.email}</span> : null}
          </div>
        ))}
      </div>
    </div>
  );
}
