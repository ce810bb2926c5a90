import { densities, setDensity, useDensity } from '@baton/web-platform';
import { useId } from 'react';

const names = { compact: 'Compact', comfortable: 'Comfortable' } as const;

/** How much each card shows (a preference of this device): a two-segment radio group, arrow keys included. */
export function DensityToggle() {
  const density = useDensity();
  const name = useId();
  return (
    <fieldset className="task-density">
      <legend className="b-visually-hidden">Density</legend>
      {densities.map((option) => (
        <label key={option} className="task-density__option">
          <input
            type="radio"
            className="b-visually-hidden"
            name={name}
            value={option}
            checked={density === option}
            onChange={() => setDensity(option)}
          />
          {names[option]}
        </label>
      ))}
    </fieldset>
  );
}
