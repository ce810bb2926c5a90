import { densities, setDensity, useDensity } from '@baton/web-platform';
import { useId } from 'react';
import { useTasksT } from '../i18n';

const names = { compact: 'densityCompact', comfortable: 'densityComfortable' } as const;

/** How much each card shows (a preference of this device): a two-segment radio group, arrow keys included. */
export function DensityToggle() {
  const t = useTasksT();
  const density = useDensity();
  const name = useId();
  return (
    <fieldset className="task-density">
      <legend className="b-visually-hidden">{t('density')}</legend>
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
          {t(names[option])}
        </label>
      ))}
    </fieldset>
  );
}
