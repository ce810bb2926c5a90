import { setTheme, themeChoices, useT, useTheme } from '@baton/web-platform';
import { useId } from 'react';
import { Section } from '../Section';
import { appearanceBook } from './messages';
import './appearance.css';

/** Settings › Appearance: the colour theme on this device (System, Light or Dark), applied at once. */
export function AppearanceSection() {
  const t = useT(appearanceBook);
  const { choice, theme } = useTheme();
  const name = useId();
  const hints = {
    system: t('systemHint', { theme: t(theme) }),
    light: t('lightHint'),
    dark: t('darkHint'),
  };
  return (
    <Section title={t('title')} intro={t('intro')}>
      <fieldset className="appearance-themes">
        <legend className="settings-form__title">{t('theme')}</legend>
        <div className="appearance-themes__options">
          {themeChoices.map((option) => (
            <label key={option} className="appearance-option">
              <input
                type="radio"
                className="appearance-option__input"
                name={name}
                value={option}
                checked={choice === option}
                aria-labelledby={`${name}-${option}-name`}
                aria-describedby={`${name}-${option}-hint`}
                onChange={() => setTheme(option)}
              />
              <span
                className={`appearance-option__preview appearance-option__preview--${option}`}
                aria-hidden="true"
              />
              <span className="appearance-option__text">
                <span id={`${name}-${option}-name`} className="appearance-option__name">
                  {t(option)}
                </span>
                <span id={`${name}-${option}-hint`} className="appearance-option__hint">
                  {hints[option]}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Section>
  );
}
