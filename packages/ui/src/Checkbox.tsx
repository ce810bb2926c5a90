import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';
import { FieldMessages, useFieldIds } from './field';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The label; may contain links (e.g. "I agree to the <a href="/terms">Terms</a>"). */
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A native checkbox with its label beside it. */
export function Checkbox({
  label,
  error,
  hint,
  id,
  className,
  'aria-describedby': describedBy,
  ...rest
}: CheckboxProps) {
  const f = useFieldIds(id, hint, error, describedBy);
  return (
    <div className={cx('b-checkbox', f.hasError && 'b-field--invalid', className)}>
      <div className="b-checkbox__row">
        <input type="checkbox" className="b-checkbox__input" id={f.inputId} {...f.ariaProps} {...rest} />
        <label htmlFor={f.inputId} className="b-checkbox__label">
          {label}
        </label>
      </div>
      <FieldMessages hint={hint} error={error} field={f} />
    </div>
  );
}
