import { useState } from 'react';
import { InputField } from './field';
import type { TextFieldProps } from './TextField';
import { useUiText } from './text';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {}

/** A labelled password input with a show/hide toggle (SPEC §2 Login, Signup). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { t } = useUiText();
  return (
    <InputField
      {...props}
      control={(input) => (
        <div className="b-password">
          <input className="b-input b-password__input" {...input} type={visible ? 'text' : 'password'} />
          <button
            type="button"
            className="b-password__toggle"
            aria-label={visible ? t('hidePassword') : t('showPassword')}
            aria-pressed={visible}
            aria-controls={input.id}
            disabled={input.disabled}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t('hide') : t('show')}
          </button>
        </div>
      )}
    />
  );
}
