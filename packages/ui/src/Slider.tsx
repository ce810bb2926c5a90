import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from './cx';

export interface SliderProps
  extends Omit<
    ComponentProps<'input'>,
    'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step'
  > {
  label: ReactNode;
  value: number;
  onChange: (value: number) => void;
  /** Defaults to 0. */
  min?: number;
  /** Defaults to 100. */
  max?: number;
  /** Defaults to 5 (SPEC §9: progress step 5). */
  step?: number;
  /** Human wording of the value, e.g. "40% complete"; read out instead of the bare number and shown beside the label. */
  valueText?: string;
}

/** A labelled native range input; reports numbers, shows its current value. */
export function Slider({
  label,
  value,
  onChange,
  min = 0,
  max = 100,
  step = 5,
  valueText,
  id,
  className,
  ...rest
}: SliderProps) {
  const auto = useId();
  const inputId = id ?? `${auto}-input`;
  return (
    <div className={cx('b-field', 'b-slider', className)}>
      <div className="b-slider__header">
        <label htmlFor={inputId} className="b-field__label">
          {label}
        </label>
        <output htmlFor={inputId} className="b-slider__value" aria-hidden="true">
          {valueText ?? value}
        </output>
      </div>
      <input
        type="range"
        id={inputId}
        className="b-slider__input"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        {...rest}
      />
    </div>
  );
}
