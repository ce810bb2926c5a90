import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from './cx';

/** Ids shared by the labelled form controls: the control, its hint and its error text. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode, describedBy?: string) {
  const auto = useId();
  const inputId = id ?? `${auto}-input`;
  const hintId = `${auto}-hint`;
  const errorId = `${auto}-error`;
  const hasHint = hint != null && hint !== false && hint !== '';
  const hasError = error != null && error !== false && error !== '';
  const describedByIds = [describedBy, hasHint && hintId, hasError && errorId].filter(Boolean).join(' ');
  return {
    inputId,
    hintId,
    errorId,
    hasHint,
    hasError,
    ariaProps: {
      'aria-describedby': describedByIds || undefined,
      'aria-invalid': hasError ? true : undefined,
    },
  } as const;
}

export function FieldMessages({
  hint,
  error,
  field: { hintId, errorId, hasHint, hasError },
}: {
  hint: ReactNode;
  error: ReactNode;
  field: ReturnType<typeof useFieldIds>;
}) {
  return (
    <>
      {hasHint && (
        <p id={hintId} className="b-field__hint">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="b-field__error">
          {error}
        </p>
      )}
    </>
  );
}

export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required: boolean | undefined;
  children: ReactNode;
}) {
  // The marker sits beside the label, not in it: the field's name stays "Email", not "Email *".
  return (
    <span className="b-field__label-row">
      <label htmlFor={htmlFor} className="b-field__label">
        {children}
      </label>
      {required && (
        <span className="b-field__required" aria-hidden="true">
          *
        </span>
      )}
    </span>
  );
}

type InputProps = ComponentProps<'input'>;

/**
 * A labelled field around one `<input>`: label, hint and error linked to it. `control` renders the input
 * (and anything beside it) from the props it must carry.
 */
export function InputField({
  label,
  error,
  hint,
  id,
  className,
  required,
  'aria-describedby': describedBy,
  control,
  ...rest
}: Omit<InputProps, 'children'> & {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  control: (input: InputProps) => ReactNode;
}) {
  const f = useFieldIds(id, hint, error, describedBy);
  return (
    <div className={cx('b-field', f.hasError && 'b-field--invalid', className)}>
      <FieldLabel htmlFor={f.inputId} required={required}>
        {label}
      </FieldLabel>
      {control({ id: f.inputId, required, ...f.ariaProps, ...rest })}
      <FieldMessages hint={hint} error={error} field={f} />
    </div>
  );
}
