import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';
import { FieldLabel, FieldMessages, useFieldIds } from './field';

export interface TextFieldProps extends ComponentProps<'input'> {
  /** Visible label, linked to the input. */
  label: ReactNode;
  /** Error text; when present the input is aria-invalid and described by it. */
  error?: ReactNode;
  /** Help text under the input, also linked by aria-describedby. */
  hint?: ReactNode;
}

/** A labelled text input (any text-like type: text, email, search, date, number...). */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  required,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const f = useFieldIds(id, hint, error, describedBy);
  return (
    <div className={cx('b-field', f.hasError && 'b-field--invalid', className)}>
      <FieldLabel htmlFor={f.inputId} required={required}>
        {label}
      </FieldLabel>
      <input type="text" className="b-input" id={f.inputId} required={required} {...f.ariaProps} {...rest} />
      <FieldMessages hint={hint} error={error} field={f} />
    </div>
  );
}
