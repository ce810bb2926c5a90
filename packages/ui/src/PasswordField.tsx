import { useState } from 'react';
import { cx } from './cx';
import { FieldLabel, FieldMessages, useFieldIds } from './field';
import type { TextFieldProps } from './TextField';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {}

/** A labelled password input with a show/hide toggle (SPEC §2 Login, Signup). */
export function PasswordField({
  label,
  error,
  hint,
  id,
  className,
  required,
  'aria-describedby': describedBy,
  ...rest
}: PasswordFieldProps) {
  const f = useFieldIds(id, hint, error, describedBy);
  const [visible, setVisible] = useState(false);
  return (
    <div className={cx('b-field', f.hasError && 'b-field--invalid', className)}>
      <FieldLabel htmlFor={f.inputId} required={required}>
        {label}
      </FieldLabel>
      <div className="b-password">
        <input
          className="b-input b-password__input"
          id={f.inputId}
          required={required}
          {...f.ariaProps}
          {...rest}
          type={visible ? 'text' : 'password'}
        />
        <button
          type="button"
          className="b-password__toggle"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={f.inputId}
          disabled={rest.disabled}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldMessages hint={hint} error={error} field={f} />
    </div>
  );
}
