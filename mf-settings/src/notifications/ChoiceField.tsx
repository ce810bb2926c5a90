import { useId } from 'react';

/** A labelled native select (keyboard and screen readers know it), with an optional hint under it. */
export function ChoiceField<V extends string | number>({
  label,
  value,
  choices,
  onChange,
  hint,
}: {
  label: string;
  value: V;
  choices: readonly { value: V; name: string }[];
  onChange: (value: V) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="b-field settings-choice">
      <label htmlFor={id} className="b-field__label">
        {label}
      </label>
      <select
        id={id}
        className="b-input"
        value={String(value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        // The option's own value, typed: numbers stay numbers.
        onChange={(event) => {
          const chosen = choices[event.target.selectedIndex];
          if (chosen) onChange(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={String(choice.value)}>
            {choice.name}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="b-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
