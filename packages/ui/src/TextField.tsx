import type { ComponentProps, ReactNode } from 'react';
import { InputField } from './field';

export interface TextFieldProps extends ComponentProps<'input'> {
  /** Visible label, linked to the input. */
  label: ReactNode;
  /** Error text; when present the input is aria-invalid and described by it. */
  error?: ReactNode;
  /** Help text under the input, also linked by aria-describedby. */
  hint?: ReactNode;
}

/** A labelled text input (any text-like type: text, email, search, date, number...). */
export function TextField(props: TextFieldProps) {
  return <InputField {...props} control={(input) => <input type="text" className="b-input" {...input} />} />;
}
